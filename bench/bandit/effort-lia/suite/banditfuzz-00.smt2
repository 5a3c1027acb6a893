; tandem bandit perf: fuzzer banditfuzz run 0 (iteration 0, seed 7191089600892374487), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 19656 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 19656 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unsat, PAR-2 22382 z3 rlimit-count
; z3 4.8.12: unsat, PAR-2 2726 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (distinct (- (mod (- 4) 5) (- 3)) (- (- x0 x0) (+ x1 x1))))
(assert (<= (abs x0) (div x0 (- 3))))
(assert (= (div (abs (+ x1 x0)) (- 1)) (+ (div (- 2 x0) 4) (abs (* (- 1) x1)))))
(assert (>= (abs (- (* 3 x0) (div x0 3))) (* 2 (mod (div (- 3) 4) 1))))
(assert (> (abs (div (div x1 3) 1)) (- (div (div x1 (- 2)) (- 1)) (- (div x0 (- 2)) 3))))
(check-sat)
