; tandem bandit perf: fuzzer mutational run 4 seed 45, timeout 5s, PAR-2 margin 1.195 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.234 s
; z3 4.8.12: unsat, PAR-2 0.039 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.geq (fp.div RTP (fp.div RNA (fp.fma RNE (_ -oo 5 11) (fp #b0 #b01100 #b0101010011) x0) (fp.mul RNA x0 x1)) (fp.neg (fp.sqrt RNE x1))) (fp.fma RNE (fp.rem (fp.sqrt RTN x1) (fp.rem x1 x0)) (fp.fma RNE (fp.sub RNA x1 x0) (fp.mul RTZ x1 x1) (fp.roundToIntegral RNE x0)) (fp.fma RNA (fp.roundToIntegral RNE (_ -oo 5 11)) (fp.mul RTZ (fp #b0 #b00001 #b0111000100) (fp #b1 #b10001 #b1101011001)) (fp.sub RTN x1 x1)))))
(assert (fp.geq (fp.neg (fp.add RTP (fp.neg (_ -oo 5 11)) (fp.div RNA x1 x0))) (fp.abs (fp.roundToIntegral RTN (fp.mul RTN (_ -oo 5 11) x1)))))
(assert (fp.lt (fp.rem x1 x1) (fp.sub RNA (fp #b0 #b00010 #b1001100100) x0)))
(assert (fp.geq (fp.div RTN (fp.rem (fp.neg x0) (fp.fma RTP (_ +oo 5 11) (fp #b1 #b00101 #b0010110010) x1)) (fp.rem (fp.div RNE x1 (fp #b0 #b11011 #b0010111101)) (fp.neg (fp #b1 #b11001 #b1010111011)))) (fp.div RTN (fp.abs (fp.rem x0 x1)) (fp.fma RTZ (fp.div RTN x1 (_ +zero 5 11)) (fp.neg (fp #b1 #b00011 #b0100010111)) (fp.roundToIntegral RTZ x1)))))
(check-sat)
