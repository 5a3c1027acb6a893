; tandem bandit perf: fuzzer mutational run 4 (iteration 18, seed 11420759280519519797), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 9306 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 9306 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unsat, PAR-2 10589 z3 rlimit-count
; z3 4.8.12: unsat, PAR-2 1283 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (> (- (abs (div x1 (- 4))) (div (div x0 3) 1)) (* 1 (- (div x0 2) (* (- 2) (- 4))))))
(assert (= (- (* (- 4) x0) (abs x0)) (+ 4 (div x0 (- 4)))))
(assert (>= (mod (abs x1) 1) (- (+ x1 3) (* 0 x1))))
(check-sat)
