; tandem bandit perf: fuzzer random run 2 seed 33, timeout 5s, PAR-2 margin 9.988 s
; z3 4.8.12: unknown, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 --strings-exp 1.8: unsat, PAR-2 0.012 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.++ x1 "ca") (re.inter (str.to_re x1) (str.to_re x0))))
(assert (str.suffixof (str.replace (str.substr "" 4 0) (str.at x0 2) (str.at x1 2)) (str.at (str.at x1 3) (str.to_int x0))))
(assert (str.in_re (str.replace (str.at (str.substr x0 2 4) (str.indexof x0 x1 2)) (str.at (str.++ x0 x0) (str.len x1)) (str.substr (str.substr x0 4 2) (str.to_int x0) (str.len x0))) (re.+ (str.to_re (str.at "" 1)))))
(assert (str.prefixof (str.replace (str.at (str.at x1 2) (str.indexof "caa" x1 0)) (str.replace (str.replace x0 "ba" x0) (str.at "b" 3) (str.at "" 3)) (str.replace (str.at x1 3) (str.++ "" x1) (str.replace x0 x0 x0))) (str.replace (str.at (str.substr x1 1 0) (str.len x1)) (str.replace (str.++ x0 "bb") (str.at x0 0) (str.replace x1 x0 x1)) (str.substr (str.replace x1 x0 x1) (str.len x1) (str.indexof x0 x0 0)))))
(check-sat)
