; tandem bandit perf: fuzzer evolutionary run 1 (iteration 7, seed 6051947643683389182), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 1184311 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 1184311 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unsat, PAR-2 1194628 z3 rlimit-count
; z3 4.8.12: unsat, PAR-2 10317 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (= (- (- (+ x1 x1) (div x1 2)) (div (mod x0 (- 1)) (- 1))) (+ (mod (mod x1 (- 3)) 4) (* 4 (div x0 (- 4))))))
(assert (= (+ (+ (mod x0 1) (mod x1 1)) (div (div x1 (- 3)) 3)) (div (abs (+ x0 x0)) (- 5))))
(assert (> (- (* (- 3) x0) (div x0 3)) (abs (- x1 x0))))
(assert (distinct (* 3 x1) (abs x0)))
(check-sat)
