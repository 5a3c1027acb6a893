; tandem bandit perf: fuzzer mutational run 1 seed 52, timeout 5s, PAR-2 margin 9.814 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.186 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isPositive (fp.div RTP (fp.neg x1) (fp.roundToIntegral RTZ x0))))
(assert (fp.isZero (fp.mul RTZ (fp.neg x1) (fp.sqrt RNE (_ +zero 4 8)))))
(assert (fp.isPositive (fp.abs (fp.add RTZ (fp.sqrt RNE (fp #b0 #b1100 #b1100100)) (fp.abs x0)))))
(assert (fp.isPositive (fp.rem (fp.sqrt RTZ (fp.sqrt RTN x0)) (fp.abs (fp.mul RNE x1 x0)))))
(assert (fp.isNormal (fp.rem (fp.sub RTN (fp.rem x1 (fp #b1 #b1101 #b1011011)) (fp.abs x0)) (fp.rem (fp.mul RTZ x1 x1) (fp.mul RTP x0 x0)))))
(check-sat)
