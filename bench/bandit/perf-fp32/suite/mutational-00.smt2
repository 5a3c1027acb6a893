; tandem bandit perf: fuzzer mutational run 0 seed 1, timeout 2s, PAR-2 margin 3.850 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.150 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isPositive (fp.add RTN x1 x0)))
(assert (fp.isInfinite (fp.abs (fp.add RTN (fp.mul RNE x1 x1) (fp.neg x0)))))
(assert (fp.isNaN (fp.fma RNE (fp.add RNA (fp.sqrt RTZ x0) (fp.div RTP (fp #b0 #b11100101 #b11110101101000010001100) x1)) (fp.roundToIntegral RTZ (fp.roundToIntegral RNE x1)) (fp.sub RNA (fp.mul RTN x0 x1) (fp.roundToIntegral RNA (_ -oo 8 24))))))
(assert (fp.isNormal (fp.rem (_ +zero 8 24) x0)))
(assert (fp.gt (fp.sub RNA (fp.roundToIntegral RTZ x0) (fp.div RTN x0 x1)) (fp.mul RTZ (fp.mul RTP x0 x0) (fp.roundToIntegral RNA x0))))
(check-sat)
