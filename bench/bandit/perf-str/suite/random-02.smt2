; tandem bandit perf: fuzzer random run 2 seed 3, timeout 2s, PAR-2 margin 3.709 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.291 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.at "a" 1) (str.indexof "cbb" "" 4)) (str.at (str.++ x0 x1) (str.len x0))))
(assert (str.suffixof (str.replace (str.at (str.substr "" 4 3) (str.to_int x1)) (str.substr (str.at x0 0) (str.indexof x1 x0 1) (str.to_int "")) (str.at (str.substr x0 1 0) (str.indexof x1 x0 2))) (str.replace (str.substr (str.at "ca" 2) (str.to_int x0) (str.to_int x1)) (str.replace (str.++ x1 x0) (str.at x1 3) (str.at x1 5)) (str.substr (str.++ x0 "") (str.len x1) (str.indexof "" x0 3)))))
(assert (str.in_re (str.replace (str.++ x1 x0) (str.++ x1 x1) (str.++ x0 "")) (re.* (str.to_re x1))))
(assert (str.prefixof (str.++ (str.at (str.substr x0 4 0) (str.len x0)) (str.++ (str.replace x1 x0 "aca") (str.++ "" x1))) (str.++ (str.replace (str.at x1 0) (str.at "" 1) (str.at x1 4)) (str.++ (str.at "" 4) (str.at x0 5)))))
(check-sat)
