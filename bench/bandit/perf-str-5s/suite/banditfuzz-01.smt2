; tandem bandit perf: fuzzer banditfuzz run 1 seed 32, timeout 5s, PAR-2 margin 9.990 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 --strings-exp 1.8: unsat, PAR-2 0.010 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.substr (str.++ x1 x0) (str.indexof x1 x0 5) (str.len x0)) (str.substr (str.replace x1 x1 "") (str.len "") (str.len x0))))
(assert (str.suffixof (str.substr "" 0 5) (str.replace x1 x0 x1)))
(assert (str.contains (str.at x1 5) (str.++ x1 x1)))
(assert (str.in_re (str.++ "" x0) (re.++ (re.+ (str.to_re x0)) (str.to_re "ab"))))
(check-sat)
