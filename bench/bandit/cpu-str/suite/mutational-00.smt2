; tandem bandit perf: fuzzer mutational run 0 (iteration 2, seed 17911839290282890590), timeout 2s (cpu time), PAR-2 margin 0.198 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.211 s)
; z3 4.8.12: sat, PAR-2 0.227 s
; cvc5 1.0.3: sat, PAR-2 0.029 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.replace (str.replace x1 x0 "") (str.replace "" x0 x1) (str.substr x0 2 2)) (str.indexof (str.replace "caa" "" x1) (str.replace x0 x1 "bc") (str.indexof x0 x1 0))) (str.at (str.substr (str.++ "" x1) (str.indexof x1 "a" 5) (str.to_int x0)) (str.len (str.++ x0 x1)))))
(assert (str.contains (str.replace x0 x1 x0) (str.replace x1 x1 x0)))
(assert (str.suffixof (str.at x0 2) (str.++ "ccb" "")))
(assert (str.contains (str.replace (str.substr "bba" 2 2) (str.replace x1 x1 x0) (str.replace x0 x0 x0)) (str.replace (str.++ x1 x0) (str.++ x1 x1) (str.replace x0 x1 ""))))
(assert (str.suffixof (str.++ (str.++ x0 x1) (str.++ x1 x1)) (str.replace (str.++ x0 "a") (str.++ "c" x1) (str.++ "a" x1))))
(check-sat)
