; tandem bandit perf: fuzzer mutational run 2 (iteration 10, seed 7455107161863376737), timeout 2s (cpu time), PAR-2 margin 0.832 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.906 s)
; z3 4.8.12: sat, PAR-2 0.857 s
; cvc5 1.0.3: sat, PAR-2 0.025 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.++ (str.substr x1 4 1) (str.at x0 2)) (str.++ (str.substr x0 0 1) (str.replace "" x0 x1))))
(assert (str.suffixof (str.at x1 1) (str.++ x0 "bb")))
(assert (str.prefixof (str.substr x0 3 0) (str.replace x1 x1 "cc")))
(assert (str.suffixof (str.at (str.replace (str.replace "abb" x1 x0) (str.++ x0 "") (str.++ x0 x0)) (str.indexof (str.++ x1 x0) (str.substr x1 1 1) (str.to_int x0))) (str.++ (str.replace (str.++ x0 "a") (str.substr x0 4 0) (str.substr "aca" 0 5)) (str.at (str.substr x1 5 0) (str.indexof x0 x0 1)))))
(assert (str.prefixof (str.at x1 5) (str.++ x1 "")))
(check-sat)
