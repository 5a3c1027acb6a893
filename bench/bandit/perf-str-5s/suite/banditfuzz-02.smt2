; tandem bandit perf: fuzzer banditfuzz run 2 seed 33, timeout 5s, PAR-2 margin 3.248 s
; z3 4.8.12: sat, PAR-2 3.267 s
; cvc5 1.0.3: sat, PAR-2 0.011 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.018 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.replace (str.replace (str.replace x1 "bb" x0) (str.replace x1 x1 "") (str.at x0 3)) (str.++ (str.at "" 0) (str.++ x1 x0)) (str.substr (str.at x1 1) (str.to_int "aca") (str.to_int ""))) (str.substr (str.at (str.at x0 1) (str.to_int x0)) (str.indexof (str.at "" 2) (str.at x1 3) (str.to_int x1)) (str.to_int (str.replace x1 x0 x1)))))
(assert (str.prefixof (str.++ (str.replace (str.substr "" 2 4) (str.at x0 0) (str.at "" 1)) (str.substr (str.at x1 3) (str.to_int x0) (str.len x0))) (str.++ (str.substr (str.substr x0 5 4) (str.indexof "" x0 5) (str.indexof "" "a" 0)) (str.substr (str.at "" 5) (str.to_int x0) (str.len "a")))))
(assert (str.contains (str.at x1 0) (str.++ x0 x0)))
(assert (str.contains (str.at (str.at (str.substr "c" 1 5) (str.to_int x1)) (str.len (str.replace x1 x0 x0))) (str.at (str.++ (str.substr "c" 5 0) (str.++ x0 x1)) (str.to_int (str.at x0 3)))))
(assert (str.prefixof (str.substr (str.replace x1 x0 x1) (str.to_int x0) (str.to_int x1)) (str.substr (str.at x1 3) (str.to_int x1) (str.to_int "b"))))
(check-sat)
