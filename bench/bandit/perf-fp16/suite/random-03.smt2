; tandem bandit perf: fuzzer random run 3 seed 24, timeout 5s, PAR-2 margin 9.613 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.387 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.leq (fp.abs (fp.neg (fp #b1 #b10100 #b1111100011))) (fp.rem (fp.abs (fp #b0 #b10010 #b0001111000)) (fp.neg x1))))
(assert (fp.geq (fp.roundToIntegral RTN (fp.sqrt RTN (fp.rem x1 x1))) (fp.sqrt RTN (fp.neg (fp.sub RTN x1 x1)))))
(assert (fp.leq (fp.abs x0) (fp.add RNA (_ -zero 5 11) x1)))
(assert (fp.isInfinite (fp.mul RNA (fp.neg (fp.neg x1)) (fp.sub RTN (fp.abs x0) (fp.add RNA x0 x0)))))
(assert (fp.gt (fp.sub RTP (fp.rem x1 x1) (fp.rem x1 x1)) (fp.neg (fp.rem (fp #b1 #b01000 #b1011111010) x1))))
(check-sat)
