; tandem bandit perf: fuzzer mutational run 1 (iteration 6, seed 16184226688143867045), timeout 2s (cpu time), PAR-2 margin 0.009 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.017 s)
; z3 4.8.12: unsat, PAR-2 0.021 s
; cvc5 1.0.3: unsat, PAR-2 0.012 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isSubnormal (fp.neg (fp.roundToIntegral RTZ (fp.neg (fp #b1 #b00101010 #b00110001001110100100001))))))
(assert (fp.isNegative (fp.mul RNA (fp.abs (fp.sub RTZ x0 x1)) (fp.sub RTN (fp.div RTZ x1 x1) (fp.fma RNE x1 (_ +zero 8 24) x1)))))
(assert (fp.gt (fp.add RTN x1 x1) (fp.div RTZ x1 x0)))
(check-sat)
