; tandem bandit perf: fuzzer mutational run 3 seed 34, timeout 5s, PAR-2 margin 9.974 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.026 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ x0 x0) (str.++ x0 "bcb")))
(assert (str.contains (str.replace (str.at x0 5) (str.++ x1 "bc") (str.substr x1 1 3)) (str.substr (str.substr x1 0 1) (str.to_int x0) (str.len x0))))
(assert (str.in_re (str.replace (str.++ (str.replace x0 "" x0) (str.at "bcc" 2)) (str.++ (str.++ "" x1) (str.at x1 2)) (str.replace (str.substr x0 2 0) (str.at x0 2) (str.substr "" 4 2))) (re.++ (str.to_re (str.++ x0 x0)) (str.to_re (str.++ x0 x1)))))
(assert (str.in_re (str.++ (str.at "" 1) (str.at "bbb" 3)) (re.* (re.+ (re.inter (str.to_re "c") (re.range x1 x0))))))
(check-sat)
