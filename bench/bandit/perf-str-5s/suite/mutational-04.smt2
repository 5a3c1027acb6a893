; tandem bandit perf: fuzzer mutational run 4 seed 35, timeout 5s, PAR-2 margin 9.986 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.009 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.014 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.replace (str.replace (str.replace "" "" x1) (str.replace x1 x0 "") (str.++ x0 "")) (str.at (str.++ x0 x0) (str.len x0)) (str.++ (str.at x0 2) (str.++ x1 x1))) (re.* (re.inter (str.to_re x1) (str.to_re "cb")))))
(assert (str.suffixof (str.substr x1 4 1) (str.++ x0 x1)))
(assert (str.contains (str.substr (str.at (str.++ x0 x1) (str.len x0)) (str.to_int (str.at x1 1)) (str.indexof (str.replace x0 x1 x1) (str.++ "aaa" "") (str.indexof x1 x0 0))) (str.at (str.at (str.substr "" 0 2) (str.len x0)) (str.to_int (str.substr x1 4 3)))))
(assert (str.in_re (str.++ "" x1) (re.* (re.* (re.+ (str.to_re x1))))))
(assert (str.suffixof (str.at x0 5) (str.at "" 4)))
(check-sat)
