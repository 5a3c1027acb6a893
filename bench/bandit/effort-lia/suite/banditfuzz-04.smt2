; tandem bandit perf: fuzzer banditfuzz run 4 (iteration 16, seed 16226008763869681327), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 9936520 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 9936520 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unknown, PAR-2 10000000 z3 rlimit-count
; z3 4.8.12: unsat, PAR-2 63480 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (= (+ (div (mod x0 (- 3)) 1) (+ (- x0 x0) (- 3))) (div (mod (mod x1 (- 5)) (- 3)) (- 2))))
(assert (> (+ (* (- 3) (div x1 3)) (- (* 4 x0) (div x1 2))) (+ (+ (mod x1 1) (abs x1)) (mod (* 0 x1) (- 1)))))
(assert (= (- (abs (+ x1 x1)) (+ (abs x1) (div x1 (- 5)))) (- (mod (div x0 2) 3) (* 5 (+ x0 x0)))))
(assert (< (div (div x0 2) 3) (div (* 4 x1) (- 4))))
(assert (> (* 4 (* (- 5) x1)) (* (- 4) (* 2 x0))))
(check-sat)
