; tandem bandit perf: fuzzer banditfuzz run 1 seed 42, timeout 5s, PAR-2 margin 1.386 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.422 s
; z3 4.8.12: unsat, PAR-2 0.036 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.leq (fp.rem (fp.sqrt RTN (fp.rem (fp #b1 #b00100 #b0010001101) x1)) (fp.rem (fp.rem x1 x1) (fp.roundToIntegral RTP x1))) (fp.add RTP (fp.rem (fp.rem x0 (fp #b0 #b10010 #b0100011101)) (fp.fma RTN (_ -oo 5 11) x0 x0)) (fp.rem (fp.rem x1 x0) (fp.mul RTP x0 x1)))))
(assert (fp.eq (fp.fma RTN (fp.rem (fp.div RNE (_ +zero 5 11) (fp #b1 #b11010 #b0001000011)) (fp.div RTN x1 x1)) (fp.fma RNE (fp.rem x1 (fp #b1 #b11110 #b1000000111)) (fp.sub RNE x1 x0) (fp.sqrt RTZ x0)) (fp.rem (fp.mul RTN (_ +oo 5 11) x0) (fp.sqrt RNE x1))) (fp.neg (fp.abs (fp.neg (_ -oo 5 11))))))
(assert (fp.eq (fp.rem (fp.fma RNA x0 x0 (_ -zero 5 11)) (fp.rem x0 x1)) (fp.rem (fp.rem x1 x1) (fp.div RTN x0 x0))))
(check-sat)
