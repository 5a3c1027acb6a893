; tandem bandit perf: fuzzer mutational run 3 (iteration 14, seed 15938128224054089190), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 1247237 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 1247237 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 1252087 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 4850 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (> (abs (- (+ x0 x1) (div x1 3))) (div (- (mod x0 (- 4)) (* 1 x1)) 1)))
(assert (> (+ x0 x1) (* (- 3) x1)))
(assert (distinct (mod (* (- 1) (div x0 (- 2))) 5) (* 1 (mod (- x0 5) (- 5)))))
(assert (>= (* (- 2) (+ x0 x0)) (* (- 3) (abs x1))))
(assert (<= (+ (+ (mod x1 1) (- x0 x1)) (* 3 (div x1 4))) (+ (* 0 (- x1 x0)) (div (+ 2 x1) 2))))
(check-sat)
