; tandem bandit perf: fuzzer evolutionary run 2 seed 3, timeout 2s, PAR-2 margin 3.727 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.273 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ "" "a") (str.substr "cb" 4 5)))
(assert (str.contains (str.replace (str.at (str.replace x0 "aa" x1) (str.len "")) (str.replace (str.replace x1 x1 x0) (str.at "" 1) (str.substr x1 5 5)) (str.replace (str.substr x0 1 2) (str.substr "cb" 4 5) (str.++ "" ""))) (str.replace (str.replace (str.at x0 2) (str.substr x0 2 4) (str.substr x1 2 2)) (str.++ (str.substr x0 1 3) (str.replace x1 "bba" x0)) (str.replace (str.replace x1 x0 x0) (str.at x0 1) (str.replace x0 x1 "")))))
(assert (str.contains (str.replace (str.++ (str.at x1 2) (str.replace x0 x1 x0)) (str.at (str.substr x1 1 5) (str.indexof x1 "c" 4)) (str.at (str.replace x1 x0 x1) (str.len x0))) (str.replace (str.++ (str.substr x1 1 0) (str.substr x1 4 0)) (str.replace (str.substr x1 5 4) (str.at x1 4) (str.at "" 4)) (str.++ (str.replace x1 "" x0) (str.substr "" 5 4)))))
(assert (str.contains (str.replace "" x1 x0) (str.substr "" 1 2)))
(assert (str.suffixof (str.replace x1 x1 "acb") (str.++ x0 x1)))
(check-sat)
