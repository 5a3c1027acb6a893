; tandem bandit perf: fuzzer mutational run 1 seed 2, timeout 2s, PAR-2 margin 0.143 s
; z3 4.8.12: unsat, PAR-2 0.152 s
; cvc5 1.0.3: unsat, PAR-2 0.009 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.replace "a" "" x1) (str.len "")) (str.replace (str.replace x0 x1 x0) (str.at x1 5) (str.at x0 5))))
(assert (str.contains (str.replace (str.at "" 5) (str.++ x0 x0) (str.++ "" x0)) (str.++ (str.substr "" 0 2) (str.replace x1 x1 x1))))
(assert (str.contains (str.replace (str.at (str.substr x0 2 0) (str.to_int x0)) (str.replace (str.at x0 5) (str.++ "aab" "") (str.replace x1 x1 "")) (str.at (str.substr x1 3 4) (str.len ""))) (str.replace (str.substr (str.substr x1 0 1) (str.to_int x0) (str.to_int x1)) (str.replace (str.++ x1 "") (str.replace x0 x0 x0) (str.replace x1 x0 x0)) (str.++ (str.substr x0 5 0) (str.replace "bb" "" x0)))))
(assert (str.in_re (str.replace x1 x1 x0) (re.* (re.range x1 x0))))
(assert (str.in_re (str.substr (str.replace "" x1 x0) (str.to_int x0) (str.to_int x1)) (re.* (re.inter (str.to_re "") (str.to_re x0)))))
(check-sat)
