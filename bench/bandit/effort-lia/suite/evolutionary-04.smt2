; tandem bandit perf: fuzzer evolutionary run 4 (iteration 19, seed 13970124788236171000), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 1062928 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 1062928 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 1065455 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 2527 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (distinct (+ (- 5) x0) (mod x0 4)))
(assert (distinct (mod (abs (mod x1 4)) 4) (div (mod (- x0 x1) (- 4)) 3)))
(assert (= (abs (div x0 (- 3))) (abs (+ x1 x0))))
(assert (distinct (div (* (- 2) x1) 5) (div (abs x0) 1)))
(check-sat)
