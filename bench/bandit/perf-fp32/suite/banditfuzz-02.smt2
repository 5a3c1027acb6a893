; tandem bandit perf: fuzzer banditfuzz run 2 seed 3, timeout 2s, PAR-2 margin 3.920 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.080 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isNormal (fp.neg (fp.neg x0))))
(assert (fp.isPositive (fp.abs (fp.abs (_ -zero 8 24)))))
(assert (fp.isNormal (fp.neg (fp.add RNA x1 (_ -zero 8 24)))))
(assert (fp.lt (fp.roundToIntegral RTP (fp.neg x1)) (fp.roundToIntegral RTZ (fp.mul RTN x0 x1))))
(assert (fp.isNormal (fp.neg x0)))
(check-sat)
