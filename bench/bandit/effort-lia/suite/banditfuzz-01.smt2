; tandem bandit perf: fuzzer banditfuzz run 1 (iteration 4, seed 8346079845500723674), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 15142 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 15142 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: sat, PAR-2 17062 z3 rlimit-count
; z3 4.8.12: sat, PAR-2 1920 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (= (div (abs x1) (- 5)) (- (* (- 3) x0) (* 1 x1))))
(assert (distinct (* 2 (- 4)) (- (* (- 1) x1) (div x0 1))))
(assert (> (abs (+ (- 5) x1)) (div (* (- 3) x1) 4)))
(assert (< (div (* (- 1) x1) (- 2)) (+ (mod (- 2) 2) (- x1 (- 4)))))
(check-sat)
