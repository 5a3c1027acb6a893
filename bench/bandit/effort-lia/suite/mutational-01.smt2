; tandem bandit perf: fuzzer mutational run 1 (iteration 6, seed 8632209307422871798), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 153325 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 153325 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 161602 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 8277 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (>= (+ (div x1 3) (mod x1 4)) (+ (* 1 x0) 3)))
(assert (<= (div (+ (+ 4 x0) (- x0 (- 1))) (- 4)) (mod (mod (* (- 4) x0) 1) 2)))
(assert (>= (* 4 x0) (div x1 1)))
(assert (< (div (mod (- x1 x1) 4) 1) (div (+ (+ x1 x0) (- x0 x0)) 1)))
(assert (<= (+ (div x0 4) (- 1)) (+ (mod x0 (- 5)) (abs x1))))
(check-sat)
