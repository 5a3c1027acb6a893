; tandem bandit perf: fuzzer evolutionary run 2 seed 33, timeout 5s, PAR-2 margin 9.994 s
; z3 4.8.12: unknown, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.006 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.++ x1 "ccc") (re.* (str.to_re x0))))
(assert (str.in_re (str.++ (str.substr x1 3 1) (str.substr x0 3 1)) (re.* (re.* (re.++ (re.range "b" x1) (re.* (str.to_re x1)))))))
(assert (str.prefixof (str.++ x1 x0) (str.at x1 5)))
(assert (str.suffixof (str.replace x0 x0 x1) (str.++ x0 x0)))
(assert (str.suffixof (str.at (str.substr x1 5 0) (str.to_int x0)) (str.at (str.replace x0 "" x0) (str.to_int x1))))
(check-sat)
