; tandem bandit perf: fuzzer evolutionary run 1 seed 32, timeout 5s, PAR-2 margin 9.992 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.008 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.replace (str.++ (str.++ x1 x1) (str.at x0 0)) (str.substr (str.replace "baa" x1 x0) (str.len x0) (str.len x1)) (str.replace (str.replace "c" "bc" x1) (str.++ "" x1) (str.++ "" "b"))) (str.++ (str.++ (str.replace "" x1 x0) (str.at x1 4)) (str.replace (str.at "b" 0) (str.at x0 4) (str.replace "ca" x0 x0)))))
(assert (str.suffixof (str.replace (str.++ x0 x0) (str.at "abb" 3) (str.replace x0 x1 x1)) (str.replace (str.replace x1 x1 x1) (str.replace x0 x0 x1) (str.replace "acc" x1 x0))))
(assert (str.prefixof (str.replace (str.replace (str.at "c" 1) (str.replace x0 x0 x1) (str.substr x1 1 1)) (str.++ (str.substr "" 5 2) (str.at x0 0)) (str.at (str.replace "" x1 "ab") (str.indexof x0 x0 0))) (str.at (str.replace (str.at x1 0) (str.++ x0 x0) (str.++ "" x1)) (str.to_int (str.substr x1 5 3)))))
(assert (str.in_re (str.++ x1 "bca") (re.inter (re.range "b" x1) (str.to_re x1))))
(assert (str.prefixof (str.++ (str.at (str.++ x1 x0) (str.indexof x0 x0 4)) (str.at (str.at "" 1) (str.to_int x0))) (str.++ (str.at (str.substr "" 3 1) (str.indexof x1 x0 0)) (str.replace (str.substr x0 0 4) (str.replace x0 x1 "") (str.replace x1 "a" "c")))))
(check-sat)
