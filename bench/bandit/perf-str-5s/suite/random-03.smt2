; tandem bandit perf: fuzzer random run 3 seed 34, timeout 5s, PAR-2 margin 9.993 s
; z3 4.8.12: unknown, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.substr (str.++ x0 x1) (str.to_int x0) (str.len "b")) (str.substr (str.replace x1 x0 "") (str.to_int x1) (str.indexof x1 x0 3))))
(assert (str.prefixof (str.replace "" x0 "b") (str.++ x0 x1)))
(assert (str.suffixof (str.at (str.substr x1 3 1) (str.to_int x0)) (str.++ (str.replace x0 x1 x0) (str.substr x0 5 0))))
(assert (str.in_re (str.++ x1 "caa") (re.inter (re.range x1 x0) (str.to_re x1))))
(assert (str.in_re (str.++ (str.substr "" 4 4) (str.++ x1 x0)) (re.range (str.substr x1 1 1) (str.replace x1 x1 x1))))
(check-sat)
