; tandem bandit perf: fuzzer random run 3 (iteration 13, seed 16073233977741239344), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 1202533 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 1202533 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 1204583 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 2050 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (<= (* 1 (* (- 3) (mod x0 (- 4)))) (+ (mod (- x0 x1) 3) (div (div x1 5) (- 3)))))
(assert (< (* 4 (div (* (- 3) x0) 3)) (+ (- (div x0 (- 5)) (* 2 x1)) (mod (- x1 4) (- 3)))))
(assert (<= (+ (abs (- 2)) (- x1 x0)) (div (div x1 4) 4)))
(check-sat)
