; tandem bandit perf: fuzzer evolutionary run 2 (iteration 11, seed 17706551433532105516), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 824303 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 824303 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 832988 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 8685 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (<= (+ (- (- x0 x0) (div 4 (- 4))) (div (div x1 5) (- 4))) (- (- (div 0 (- 1)) (mod x0 3)) (abs (div (- 1) (- 3))))))
(assert (>= (abs (div x0 5)) (- (abs 1) 2)))
(assert (>= (+ (+ x1 x0) (- x0 4)) (+ (- x1 x1) (mod x0 (- 2)))))
(assert (<= (* (- 5) 4) (div (- 2) (- 2))))
(assert (= (- (div (* 5 x0) 4) (- (+ (- 2) (- 2)) (abs x0))) (+ (abs (div x1 (- 3))) (- (- x0 x0) (* 1 x0)))))
(check-sat)
