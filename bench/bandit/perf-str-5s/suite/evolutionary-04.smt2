; tandem bandit perf: fuzzer evolutionary run 4 seed 35, timeout 5s, PAR-2 margin 9.914 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.041 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.086 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.substr (str.at "a" 1) (str.to_int "ab") (str.indexof x0 "" 3)) (str.at (str.at "cac" 0) (str.len x0))))
(assert (str.suffixof (str.++ "cbb" x0) (str.replace x0 "" x0)))
(assert (str.suffixof (str.replace (str.++ x1 x1) (str.substr x1 3 3) (str.replace "ccc" x0 x0)) (str.replace (str.++ x1 x1) (str.++ "" x0) (str.substr "" 2 2))))
(check-sat)
