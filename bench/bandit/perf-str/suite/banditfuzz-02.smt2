; tandem bandit perf: fuzzer banditfuzz run 2 seed 3, timeout 2s, PAR-2 margin 0.090 s
; z3 4.8.12: sat, PAR-2 0.131 s
; cvc5 1.0.3: sat, PAR-2 0.041 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.substr x1 1 3) (str.replace "" x0 x0)))
(assert (str.contains (str.substr (str.++ x1 x1) (str.indexof x0 x1 3) (str.len x0)) (str.at (str.substr x1 2 4) (str.len "caa"))))
(assert (str.prefixof (str.substr (str.at x0 1) (str.indexof x0 x1 2) (str.indexof x1 x0 2)) (str.++ (str.at "caa" 1) (str.replace x0 "ccb" ""))))
(assert (str.suffixof (str.substr "cca" 0 4) (str.replace x1 x0 x1)))
(check-sat)
