; tandem bandit perf: fuzzer evolutionary run 0 seed 41, timeout 5s, PAR-2 margin 1.076 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.130 s
; z3 4.8.12: unsat, PAR-2 0.054 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isInfinite (fp.abs x0)))
(assert (fp.eq (fp.fma RNA (fp.sub RNA (fp.sub RTP x1 x0) (fp.sub RTP (fp #b1 #b10110 #b0100111000) x0)) (fp.rem (fp.mul RTN x0 x1) (fp.sub RTZ x1 x0)) (fp.div RTP (fp.rem (fp #b0 #b01010 #b0011110100) x0) (fp.add RTZ (fp #b0 #b01001 #b1100010100) (_ +oo 5 11)))) (fp.sub RNE (fp.neg (fp.sub RTN x1 (fp #b1 #b11010 #b1100110110))) (fp.sqrt RTN (fp.neg x0)))))
(assert (fp.lt (fp.div RTN x0 x0) (fp.div RNA x0 x1)))
(assert (fp.leq (fp.rem (fp.abs (fp.rem x1 x0)) (fp.sqrt RTZ (fp.rem x0 x1))) (fp.sub RTN (fp.rem (fp.add RTP x0 x1) (fp.neg x0)) (fp.fma RTP (fp.rem x1 x1) (fp.rem (fp #b0 #b01100 #b0001111010) (_ -oo 5 11)) (fp.rem x0 x1)))))
(assert (fp.geq (fp.sqrt RNE x1) (fp.div RTN (fp #b0 #b00011 #b0111001001) x1)))
(check-sat)
