; tandem bandit perf: fuzzer random run 4 seed 35, timeout 5s, PAR-2 margin 9.985 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.009 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.015 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.++ x1 x1) (str.to_int x1)) (str.replace (str.++ "" x0) (str.at "aaa" 2) (str.replace x0 x1 x0))))
(assert (str.suffixof (str.substr (str.replace "cbb" x1 x1) (str.len x0) (str.len x1)) (str.at (str.replace x1 x0 x0) (str.to_int x1))))
(assert (str.suffixof (str.substr (str.at (str.at x1 2) (str.indexof "a" x0 4)) (str.to_int (str.at "" 2)) (str.len (str.substr x1 2 2))) (str.substr (str.substr (str.substr x0 4 0) (str.len x1) (str.to_int "")) (str.to_int (str.++ x0 "")) (str.len (str.at x0 0)))))
(check-sat)
