; tandem bandit perf: fuzzer banditfuzz run 0 seed 1, timeout 2s, PAR-2 margin 0.011 s
; z3 4.8.12: unsat, PAR-2 0.018 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isPositive (fp.sqrt RTN (_ NaN 11 53))))
(assert (fp.isInfinite (fp.div RTP (_ +oo 11 53) x1)))
(assert (fp.isPositive (fp.neg x0)))
(assert (fp.isPositive (fp.sub RTN (fp.abs (fp.neg (_ NaN 11 53))) (fp.sub RNE (fp.rem x0 x0) (fp.sqrt RTP x0)))))
(assert (fp.isInfinite (fp.roundToIntegral RTZ (fp.rem (fp.fma RTZ (_ -zero 11 53) (_ +zero 11 53) x1) (fp.add RTN x0 x1)))))
(check-sat)
