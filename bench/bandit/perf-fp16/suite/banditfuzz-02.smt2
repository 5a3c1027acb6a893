; tandem bandit perf: fuzzer banditfuzz run 2 seed 23, timeout 5s, PAR-2 margin 2.586 s
; z3 4.8.12: sat, PAR-2 2.699 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.113 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.geq (fp.rem x0 x0) (fp.rem (fp #b1 #b00001 #b1101001100) (fp #b0 #b10011 #b1000011110))))
(assert (fp.leq (fp.mul RTN x0 x0) (fp.rem (_ +zero 5 11) x0)))
(assert (fp.geq (fp.abs (fp.abs x0)) (fp.mul RNE (fp.roundToIntegral RNE x1) (fp.rem (fp #b1 #b01011 #b1101000100) x0))))
(check-sat)
