; tandem bandit perf: fuzzer banditfuzz run 0 seed 1, timeout 2s, PAR-2 margin 0.143 s
; z3 4.8.12: sat, PAR-2 0.226 s
; cvc5 1.0.3: sat, PAR-2 0.084 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.replace (str.++ x0 "") (str.++ x1 x0) (str.replace x1 x1 x1)) (str.substr (str.substr x0 0 1) (str.len "") (str.indexof "" x1 1))))
(assert (str.prefixof (str.replace (str.replace (str.++ x1 "") (str.replace x0 x1 x0) (str.substr x0 3 0)) (str.at (str.substr x0 5 1) (str.indexof "ca" "" 0)) (str.substr (str.substr x1 5 4) (str.len x1) (str.len x1))) (str.++ (str.substr (str.at "a" 4) (str.len x0) (str.to_int x0)) (str.replace (str.replace x0 "" x1) (str.at x0 3) (str.replace x1 "bb" x0)))))
(assert (str.prefixof (str.at (str.replace (str.replace "ccb" x1 "") (str.replace x1 x1 x0) (str.replace x0 "c" x1)) (str.len (str.substr "" 5 0))) (str.substr (str.++ (str.substr x1 3 3) (str.++ "bca" "")) (str.len (str.replace "" x1 x1)) (str.indexof (str.replace x1 "" x1) (str.replace "" x0 "c") (str.len "bb")))))
(check-sat)
