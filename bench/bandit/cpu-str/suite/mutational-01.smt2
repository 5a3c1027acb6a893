; tandem bandit perf: fuzzer mutational run 1 (iteration 6, seed 16184226688143867045), timeout 2s (cpu time), PAR-2 margin 0.492 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.500 s)
; z3 4.8.12: sat, PAR-2 0.510 s
; cvc5 1.0.3: sat, PAR-2 0.018 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ (str.replace (str.++ x0 x0) (str.substr "" 0 4) (str.++ "" x1)) (str.substr (str.substr "ab" 4 3) (str.to_int x0) (str.indexof x1 x1 4))) (str.replace (str.++ (str.substr "" 4 1) (str.replace x1 x1 "aab")) (str.substr (str.replace x0 x0 x0) (str.to_int x1) (str.len "")) (str.replace (str.at "" 1) (str.++ "" "c") (str.substr x1 2 5)))))
(assert (str.suffixof (str.at "c" 5) (str.substr x0 3 2)))
(assert (str.contains (str.substr (str.++ (str.substr x0 4 2) (str.at x0 0)) (str.indexof (str.substr x1 5 5) (str.++ "b" "bb") (str.indexof x0 "cab" 5)) (str.indexof (str.substr x1 0 4) (str.substr x0 2 4) (str.len x1))) (str.at (str.at (str.at x0 4) (str.indexof x0 x1 4)) (str.len (str.++ "a" x1)))))
(check-sat)
