; tandem bandit perf: fuzzer random run 0 (iteration 1, seed 309689372594955804), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 163658 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 163658 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 165158 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 1500 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (<= (abs (- (mod x1 4) (mod x0 (- 1)))) (mod (abs (+ x0 x0)) (- 1))))
(assert (> (- (mod (+ x0 2) (- 1)) (div (div x0 (- 2)) 5)) (div (div (div x0 1) (- 4)) 5)))
(assert (= (div (+ (- 2 x0) (* (- 4) x1)) (- 5)) (+ (- (+ x1 x1) (abs 3)) (* 2 (abs (- 2))))))
(check-sat)
