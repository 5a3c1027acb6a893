; tandem bandit perf: fuzzer banditfuzz run 3 (iteration 12, seed 16934472341843718990), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 9998770 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 9998770 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unknown, PAR-2 10000000 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 1230 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (>= (* 0 (* 4 x0)) (div (div x1 1) 4)))
(assert (= (div (mod (+ x0 x0) 5) (- 4)) (- (mod (- 5) 2) (mod (* (- 2) x0) 4))))
(assert (= (+ (+ x1 x1) (+ x0 (- 4))) (+ (div x0 1) (mod x0 (- 5)))))
(check-sat)
