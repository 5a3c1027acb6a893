; tandem bandit perf: fuzzer random run 1 (iteration 5, seed 4601199455465548305), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 56345 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 56345 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 58925 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 2580 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (< (+ (abs (abs x0)) (- (* (- 5) x1) (mod x0 (- 4)))) (mod (mod (- x0 x0) (- 5)) (- 5))))
(assert (> (* 2 (div x1 (- 2))) (div (- x1 x0) 1)))
(assert (>= (- (+ (div x0 (- 4)) (+ x1 x0)) (- (div x1 (- 5)) (abs x1))) (abs (mod (* 3 x0) (- 4)))))
(check-sat)
