; tandem bandit perf: fuzzer evolutionary run 3 (iteration 15, seed 10114117652854834680), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 145463 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 145463 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 147523 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 2060 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (distinct (- (- x1 x0) (mod (- 2) (- 5))) (* (- 3) (- x0 x1))))
(assert (distinct (mod (abs x1) 3) (abs (mod x0 (- 3)))))
(assert (distinct (mod x0 1) (mod x1 4)))
(assert (= (+ (div x1 (- 2)) (mod x1 (- 5))) (- (* 2 x0) (+ x0 x1))))
(assert (> (abs (- (mod x1 2) (mod x0 1))) (abs (div (- x0 x0) (- 4)))))
(check-sat)
