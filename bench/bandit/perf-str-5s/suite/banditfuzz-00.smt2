; tandem bandit perf: fuzzer banditfuzz run 0 seed 31, timeout 5s, PAR-2 margin 9.985 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.009 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.015 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.replace (str.at x1 0) (str.substr x1 4 3) (str.substr x1 1 5)) (str.substr (str.substr "" 2 3) (str.to_int x0) (str.to_int x0))))
(assert (str.contains (str.replace (str.replace "caa" x1 "") (str.replace x0 "" x1) (str.replace x1 x0 x0)) (str.substr (str.at x0 3) (str.to_int x1) (str.to_int x0))))
(assert (str.contains (str.substr (str.replace (str.at x1 1) (str.substr x0 2 5) (str.replace x0 "" "")) (str.to_int (str.at "" 2)) (str.to_int (str.replace x0 x1 x1))) (str.at (str.replace (str.++ x0 "") (str.replace "" "" x1) (str.at x1 5)) (str.to_int (str.substr x1 1 4)))))
(assert (str.prefixof (str.substr x0 3 0) (str.replace x1 x0 x1)))
(check-sat)
