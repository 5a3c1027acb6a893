; tandem bandit perf: fuzzer mutational run 0 seed 31, timeout 5s, PAR-2 margin 9.943 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.057 s
; cvc4 --strings-exp 1.8: unsat, PAR-2 0.045 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.substr (str.substr (str.at x1 3) (str.to_int "") (str.indexof x1 x0 2)) (str.to_int (str.substr x1 2 3)) (str.to_int (str.substr x1 5 4))) (str.to_re (str.replace (str.substr x0 3 4) (str.replace x0 "cac" "") (str.++ "bc" x0)))))
(assert (str.suffixof (str.at x1 1) (str.replace x1 x1 "bc")))
(assert (str.contains (str.at (str.substr (str.++ x0 x0) (str.len "") (str.to_int x1)) (str.len (str.at "" 5))) (str.at (str.substr (str.++ x1 x0) (str.to_int x1) (str.indexof x1 "bca" 5)) (str.indexof (str.++ x1 "") (str.at "ab" 1) (str.indexof x1 x0 1)))))
(assert (str.contains (str.++ (str.substr x0 0 4) (str.substr x1 0 3)) (str.replace (str.++ x1 "ba") (str.substr x1 0 2) (str.replace x0 x0 x0))))
(check-sat)
