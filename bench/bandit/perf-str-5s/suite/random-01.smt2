; tandem bandit perf: fuzzer random run 1 seed 32, timeout 5s, PAR-2 margin 9.982 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.011 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.018 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.replace x1 x0 x0) (str.len x0)) (str.++ (str.substr x1 3 0) (str.++ x0 "cab"))))
(assert (str.prefixof (str.at x1 4) (str.substr "" 3 3)))
(assert (str.suffixof (str.++ (str.substr x1 0 3) (str.at x0 2)) (str.++ (str.at x1 3) (str.replace x0 x1 x1))))
(assert (str.prefixof (str.at (str.substr (str.replace x1 x0 x0) (str.len x0) (str.indexof x0 x1 3)) (str.len (str.++ "" x0))) (str.++ (str.at (str.++ x1 x0) (str.len "aba")) (str.replace (str.at "aab" 0) (str.++ x1 x1) (str.substr "caa" 3 2)))))
(assert (str.in_re (str.replace x1 x1 "cba") (str.to_re x0)))
(check-sat)
