; tandem bandit perf: fuzzer random run 2 (iteration 9, seed 7621113624420504425), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 139252 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 139252 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 142788 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 3536 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (distinct (- (+ (div x1 (- 1)) (abs (- 1))) (mod (- x1 (- 2)) (- 2))) (div (abs (* 2 x1)) (- 5))))
(assert (< (mod (abs (- x1 x0)) 5) (abs (+ (abs x1) (div x0 2)))))
(assert (distinct (mod (- (* 4 x0) (+ 5 x1)) (- 2)) (mod (abs (div x1 2)) 2)))
(assert (> (+ x1 x1) (abs x0)))
(assert (> (+ x1 x1) (div x0 1)))
(check-sat)
