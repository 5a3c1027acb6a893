; tandem bandit perf: fuzzer banditfuzz run 3 seed 34, timeout 5s, PAR-2 margin 9.993 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.007 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.at x0 5) (str.at "" 0)))
(assert (str.prefixof (str.++ x0 "") (str.substr x0 1 5)))
(assert (str.prefixof (str.substr (str.replace x0 x0 x1) (str.indexof x1 x0 5) (str.indexof x0 "" 4)) (str.++ (str.replace x1 "" x1) (str.substr "" 5 1))))
(assert (str.contains (str.replace x0 "baa" x0) (str.substr x0 5 2)))
(assert (str.in_re (str.at (str.replace "" "" "") (str.indexof x0 "b" 4)) (re.+ (re.* (re.range x0 "ccb")))))
(check-sat)
