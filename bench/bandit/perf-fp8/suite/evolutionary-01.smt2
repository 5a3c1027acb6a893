; tandem bandit perf: fuzzer evolutionary run 1 seed 52, timeout 5s, PAR-2 margin 9.824 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.176 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isZero (fp.neg (_ +zero 4 8))))
(assert (fp.isSubnormal (fp.rem (fp.sqrt RTP x0) (fp.neg x1))))
(assert (fp.isZero (fp.rem (fp.neg (fp.div RTP x1 x0)) (fp.neg (fp.div RTN x0 x0)))))
(assert (fp.geq (fp.add RTP x1 x0) (fp.roundToIntegral RNE x1)))
(assert (fp.isNormal (fp.add RTN (fp.add RNE x1 x0) (fp.abs x1))))
(check-sat)
