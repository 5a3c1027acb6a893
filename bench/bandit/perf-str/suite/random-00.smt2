; tandem bandit perf: fuzzer random run 0 seed 1, timeout 2s, PAR-2 margin 3.991 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.009 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.replace (str.substr x0 3 4) (str.substr "" 1 0) (str.substr x0 2 2)) (str.replace (str.replace x0 x1 x1) (str.substr x1 0 1) (str.++ "" x0))))
(assert (str.suffixof (str.replace (str.at x0 2) (str.++ x1 x1) (str.replace "" "" "b")) (str.at (str.at x1 3) (str.to_int ""))))
(assert (str.prefixof (str.substr (str.at "" 1) (str.indexof x1 "abc" 3) (str.to_int x0)) (str.substr (str.replace x1 x1 "") (str.to_int x1) (str.indexof x1 x1 1))))
(check-sat)
