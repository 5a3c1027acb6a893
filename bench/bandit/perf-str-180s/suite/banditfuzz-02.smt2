; tandem bandit perf: fuzzer banditfuzz run 2 seed 13, timeout 2s, PAR-2 margin 3.957 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.024 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.043 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ (str.substr (str.replace x1 "c" x1) (str.to_int "") (str.to_int x0)) (str.++ (str.++ x1 "") (str.substr x0 3 2))) (str.replace (str.++ (str.replace "" x0 "") (str.substr x1 0 4)) (str.at (str.replace "ac" x1 "") (str.to_int x0)) (str.++ (str.substr x1 1 1) (str.replace x0 x0 "bc")))))
(assert (str.prefixof (str.replace (str.++ x1 "ba") (str.at x1 2) (str.at x1 2)) (str.++ (str.++ x0 x1) (str.replace x0 x1 x1))))
(assert (str.contains (str.++ (str.at x1 3) (str.substr x1 4 0)) (str.++ (str.replace "" x0 x1) (str.substr x1 1 4))))
(assert (str.contains (str.replace x0 x1 x1) (str.at x0 1)))
(check-sat)
