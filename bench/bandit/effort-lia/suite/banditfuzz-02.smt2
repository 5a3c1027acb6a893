; tandem bandit perf: fuzzer banditfuzz run 2 (iteration 8, seed 2476628477891077985), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 445448 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 445448 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unsat, PAR-2 447118 z3 rlimit-count
; z3 4.8.12: unsat, PAR-2 1670 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (distinct (div x0 (- 3)) (+ x0 3)))
(assert (> (mod (mod x0 1) (- 2)) (+ (- (- 3) x1) (div x0 1))))
(assert (distinct (mod (* (- 4) 1) 3) (mod (* 5 (abs x0)) 1)))
(assert (= (abs (div (mod x1 4) 1)) (- (abs (+ x0 3)) (* 5 (+ x0 x1)))))
(assert (> (+ (div x1 (- 1)) (mod x0 4)) (+ (- x0 x1) (div (- 2) 1))))
(check-sat)
