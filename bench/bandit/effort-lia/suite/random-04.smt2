; tandem bandit perf: fuzzer random run 4 (iteration 17, seed 6020303405324641991), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 37933 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 37933 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 39727 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 1794 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (> (mod (+ (- x1 x0) (* 2 x1)) (- 2)) (+ (+ (mod x1 (- 4)) (* 5 x0)) (div (* 4 x0) (- 1)))))
(assert (> (div (div (+ x1 x1) (- 3)) 2) (* 0 (- (mod x1 1) (abs x0)))))
(assert (distinct (+ (abs x1) (* (- 3) x1)) (+ (abs x0) (div x0 (- 3)))))
(assert (< (+ x0 x1) (div x0 1)))
(check-sat)
