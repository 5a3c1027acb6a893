; tandem bandit perf: fuzzer evolutionary run 0 seed 31, timeout 5s, PAR-2 margin 9.981 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.011 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.019 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.replace (str.++ (str.at "" 4) (str.replace "" x0 x1)) (str.substr (str.++ "cb" x0) (str.to_int x1) (str.to_int "")) (str.at (str.++ "cb" x0) (str.indexof x1 x0 0))) (str.++ (str.substr (str.replace x1 "" "") (str.to_int x1) (str.indexof x1 x0 5)) (str.at (str.substr x0 4 5) (str.to_int "c")))))
(assert (str.suffixof (str.substr (str.substr (str.substr x1 4 4) (str.to_int x1) (str.to_int "")) (str.len (str.substr x1 0 3)) (str.len (str.++ x1 x1))) (str.replace (str.++ (str.replace x1 "ca" x1) (str.substr "" 5 4)) (str.replace (str.substr "" 3 3) (str.replace "" x1 x1) (str.replace "ca" x1 x1)) (str.++ (str.substr x0 4 1) (str.substr x0 5 3)))))
(assert (str.prefixof (str.at (str.++ (str.substr x1 4 4) (str.substr x1 0 1)) (str.indexof (str.replace x0 "" "") (str.at x0 1) (str.to_int x0))) (str.substr (str.replace (str.++ x1 x1) (str.at x1 0) (str.at "cbc" 5)) (str.len (str.substr x1 5 2)) (str.indexof (str.at x1 0) (str.++ x1 x1) (str.len "")))))
(assert (str.contains (str.replace x0 x0 "a") (str.substr x0 0 0)))
(check-sat)
