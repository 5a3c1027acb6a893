; tandem bandit perf: fuzzer random run 1 seed 12, timeout 2s, PAR-2 margin 0.199 s
; z3 4.8.12: sat, PAR-2 0.234 s
; cvc5 1.0.3: sat, PAR-2 0.017 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.034 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.replace (str.substr "" 1 5) (str.replace x0 x1 x0) (str.++ x1 x0)) (str.replace (str.substr x1 0 5) (str.substr x1 0 2) (str.substr "" 3 2))))
(assert (str.in_re (str.substr (str.substr (str.replace "ac" x1 "abb") (str.len x0) (str.indexof x1 "aba" 3)) (str.to_int (str.++ x0 x0)) (str.to_int (str.replace x1 x0 x0))) (str.to_re (str.at (str.at "" 5) (str.indexof "bca" x1 5)))))
(assert (str.prefixof (str.++ x1 "ac") (str.replace x0 "" x1)))
(assert (str.suffixof (str.substr (str.substr x0 4 2) (str.len "a") (str.indexof x0 x0 3)) (str.substr (str.replace x0 x1 x0) (str.len "ca") (str.len x0))))
(check-sat)
