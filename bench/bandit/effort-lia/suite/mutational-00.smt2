; tandem bandit perf: fuzzer mutational run 0 (iteration 2, seed 16616101746815609346), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 9997245 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 9997245 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unknown, PAR-2 10000000 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 2755 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (>= (abs (- (div x0 (- 5)) (- x1 (- 5)))) (+ (+ (- x0 1) (mod x0 (- 3))) (+ (abs x0) (* (- 5) x0)))))
(assert (= (mod x0 2) (mod x1 (- 4))))
(assert (distinct (* (- 4) (div x1 3)) (abs (abs 2))))
(assert (>= (+ (div (* (- 5) x1) (- 4)) (mod (- x1 x0) 2)) (abs (mod (+ x1 x1) (- 3)))))
(assert (= (* 4 (- x1 x0)) (abs (+ 5 x0))))
(check-sat)
