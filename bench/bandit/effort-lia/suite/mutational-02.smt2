; tandem bandit perf: fuzzer mutational run 2 (iteration 10, seed 1910343844960271083), effort limit 5000000 z3 rlimit-count (CPU timeout 10s), PAR-2 margin 247562 z3 rlimit-count (median of 3 re-runs per solver, by effort count; margin while fuzzing 247562 z3 rlimit-count)
; z3 smt.arith.solver=2 4.8.12: unsat, PAR-2 255389 z3 rlimit-count
; z3 4.8.12: unsat, PAR-2 7827 z3 rlimit-count
(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(assert (= (+ x1 x1) (mod x0 4)))
(assert (distinct (mod (- x1 x0) 4) (* 3 (mod x1 (- 3)))))
(assert (< (mod x0 2) (div x0 5)))
(check-sat)
