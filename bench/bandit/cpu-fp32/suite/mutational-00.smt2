; tandem bandit perf: fuzzer mutational run 0 (iteration 2, seed 17911839290282890590), timeout 2s (cpu time), PAR-2 margin 0.009 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.013 s)
; z3 4.8.12: unsat, PAR-2 0.019 s
; cvc5 1.0.3: unsat, PAR-2 0.010 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.geq (fp.fma RNE (fp.sqrt RTP x0) (fp.abs x1) (fp.fma RNE (_ +zero 8 24) x1 x1)) (fp.roundToIntegral RNE (fp.sub RTP (_ -zero 8 24) x0))))
(assert (fp.isNaN (fp.roundToIntegral RTN (fp.abs (_ +zero 8 24)))))
(assert (fp.isZero (fp.neg (fp.neg x1))))
(assert (fp.isSubnormal (fp.mul RNE (fp.add RTN (fp #b0 #b11100010 #b01011000001000010100000) x0) (fp.roundToIntegral RNE x0))))
(assert (fp.eq (fp.mul RTZ (fp.neg (fp.rem x1 (_ +zero 8 24))) (fp.mul RTN (fp.neg x0) (fp.add RNE (_ NaN 8 24) x1))) (fp.sqrt RTP (fp.roundToIntegral RNA (fp.add RNA x1 (_ -zero 8 24))))))
(check-sat)
