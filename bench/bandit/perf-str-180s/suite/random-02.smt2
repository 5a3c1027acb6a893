; tandem bandit perf: fuzzer random run 2 seed 13, timeout 2s, PAR-2 margin 3.986 s
; z3 4.8.12: unknown, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.008 s
; cvc4 --strings-exp 1.8: unsat, PAR-2 0.014 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.at (str.++ "" x1) (str.to_int "")) (str.++ (str.at x0 1) (str.++ x1 x0))))
(assert (str.contains (str.++ (str.++ x1 x0) (str.substr x1 2 4)) (str.at (str.at x0 4) (str.to_int x1))))
(assert (str.in_re (str.++ x1 "cb") (re.* (str.to_re x0))))
(assert (str.prefixof (str.++ (str.replace x1 "" x0) (str.++ "" x0)) (str.replace (str.at x0 4) (str.++ x1 x1) (str.at "" 3))))
(check-sat)
