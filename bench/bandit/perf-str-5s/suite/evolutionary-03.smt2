; tandem bandit perf: fuzzer evolutionary run 3 seed 34, timeout 5s, PAR-2 margin 9.989 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.011 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.++ (str.substr (str.substr x1 2 3) (str.to_int x1) (str.indexof x1 x0 1)) (str.at (str.at x1 2) (str.len x1))) (str.replace (str.replace (str.replace x1 "bb" "") (str.++ x1 x1) (str.++ x0 x0)) (str.replace (str.at "" 4) (str.replace x1 x0 x1) (str.at x1 0)) (str.replace (str.replace x0 x1 "ac") (str.substr x1 1 3) (str.at "bbb" 0)))))
(assert (str.suffixof (str.replace (str.substr (str.replace "" x1 "bca") (str.len x1) (str.len x1)) (str.substr (str.replace "c" x1 x1) (str.len x0) (str.len x0)) (str.replace (str.++ "" x1) (str.replace "" x1 "") (str.at x1 0))) (str.++ (str.replace (str.replace x1 "ac" "") (str.at x0 2) (str.substr x0 2 4)) (str.substr (str.substr "b" 1 4) (str.to_int x1) (str.to_int x0)))))
(assert (str.in_re (str.substr (str.substr "" 0 3) (str.indexof x1 x1 4) (str.indexof x0 x0 4)) (re.* (re.+ (re.inter (re.range x1 x0) (str.to_re x1))))))
(check-sat)
