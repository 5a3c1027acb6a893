; tandem bandit perf: fuzzer evolutionary run 0 (iteration 3, seed 8196980753821780235), timeout 2s (cpu time), PAR-2 margin 0.145 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.266 s)
; z3 4.8.12: sat, PAR-2 1.249 s
; cvc5 1.0.3: sat, PAR-2 1.104 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.substr (str.replace x0 "aaa" "bc") (str.len "bbc") (str.len "")) (str.len (str.at x1 3))) (str.replace (str.++ (str.at x1 3) (str.substr x0 1 0)) (str.at (str.substr x1 5 5) (str.indexof x1 x0 1)) (str.substr (str.replace "aca" x1 x0) (str.to_int x0) (str.indexof "" "" 4)))))
(assert (str.contains (str.substr (str.++ (str.at "cbc" 3) (str.at x1 0)) (str.to_int (str.++ x0 x1)) (str.to_int (str.at "" 3))) (str.at (str.at (str.substr x1 3 4) (str.len "")) (str.to_int (str.replace "" "" x1)))))
(assert (str.contains (str.replace x1 x1 x0) (str.substr "bb" 0 1)))
(assert (str.suffixof (str.replace x0 x1 x0) (str.substr x1 4 4)))
(assert (str.contains (str.at (str.replace (str.at x1 2) (str.++ x1 x1) (str.++ x1 "")) (str.indexof (str.++ x0 x0) (str.replace x0 x0 x0) (str.to_int x0))) (str.substr (str.++ (str.replace x0 x1 "") (str.++ x0 x0)) (str.indexof (str.replace "c" x0 "") (str.replace x1 x0 "") (str.len x0)) (str.indexof (str.replace x0 "ba" x0) (str.++ x0 x0) (str.to_int x1)))))
(check-sat)
