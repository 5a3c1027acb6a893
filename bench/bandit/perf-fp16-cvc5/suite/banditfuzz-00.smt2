; tandem bandit perf: fuzzer banditfuzz run 0 seed 41, timeout 5s, PAR-2 margin 0.771 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.797 s
; z3 4.8.12: unsat, PAR-2 0.026 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.geq (fp.add RNE (fp.sub RNE (fp.sub RTP (_ +oo 5 11) x0) (fp.sub RTZ (fp #b0 #b01000 #b1001010001) (fp #b0 #b01001 #b0111010110))) (fp.abs (fp.fma RNE (fp #b0 #b11110 #b0110100111) x1 (fp #b1 #b00111 #b0110100011)))) (fp.rem (fp.div RNE (fp.sqrt RNE (_ +oo 5 11)) (fp.sub RNA x0 x0)) (fp.sqrt RNA (fp.div RTN x1 (fp #b0 #b10110 #b0001010010))))))
(assert (fp.gt (fp.div RNE (fp.div RNE (fp.abs x1) (fp.div RTZ x0 x1)) (fp.add RTN (fp.div RNA x0 x0) (fp.sub RTP x1 x1))) (fp.div RTZ (fp.sub RTN (fp.add RTP x0 (_ -oo 5 11)) (fp.abs (_ +oo 5 11))) (fp.add RTZ (fp.add RTZ x1 x1) (fp.sub RTZ x1 x0)))))
(assert (fp.lt (fp.sqrt RNA x0) (fp.sub RNE (fp #b1 #b11000 #b0111000010) x1)))
(check-sat)
