; tandem bandit perf: fuzzer evolutionary run 0 (iteration 3, seed 10753165928301472203), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 9989170 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 9989170 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unknown, PAR-2 10000000 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 10830 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (= (* (- 5) (div (* (- 3) x1) 5)) (abs (+ (mod x0 (- 5)) (+ x0 x1)))))
(assert (< (* (- 1) (div (+ x1 x0) 2)) (mod (div (abs x1) 4) 3)))
(assert (distinct (- (+ (* 4 (- 3)) (+ x0 (- 1))) (- (* (- 2) x1) (div x0 (- 5)))) (+ (div (- x1 x1) (- 5)) (* 1 (- x0 x0)))))
(assert (= (div (- (div x0 (- 4)) (+ x1 x1)) (- 5)) (- (* (- 1) 1) (- (div x1 2) (abs x0)))))
(assert (distinct (div x0 (- 5)) (- x1 (- 4))))
(check-sat)
