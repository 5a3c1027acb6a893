; tandem bandit perf: fuzzer evolutionary run 1 seed 2, timeout 2s, PAR-2 margin 3.986 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.014 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.substr (str.substr (str.++ x0 x0) (str.to_int "") (str.len x1)) (str.indexof (str.substr "" 1 1) (str.replace x1 x1 x1) (str.len x0)) (str.len (str.++ x1 "ba"))) (str.substr (str.substr (str.at "" 3) (str.len "c") (str.len x0)) (str.len (str.++ x0 x0)) (str.to_int (str.replace x1 x0 x1)))))
(assert (str.contains (str.replace (str.++ (str.substr x1 3 4) (str.replace x1 x0 "cbb")) (str.replace (str.replace "ac" x1 "") (str.substr x1 0 5) (str.at "cb" 4)) (str.substr (str.at x1 1) (str.len x1) (str.to_int x0))) (str.replace (str.++ (str.++ x0 x0) (str.substr x0 3 3)) (str.replace (str.at x1 0) (str.replace "" "ca" x1) (str.at x0 0)) (str.substr (str.++ x1 "") (str.to_int "") (str.to_int x1)))))
(assert (str.in_re (str.substr (str.replace "" x1 "") (str.len x0) (str.indexof x0 x0 2)) (str.to_re (str.at "" 0))))
(assert (str.prefixof (str.replace (str.++ x1 x0) (str.at x1 3) (str.at x0 3)) (str.replace (str.++ x1 x0) (str.at x0 5) (str.++ x1 x1))))
(check-sat)
