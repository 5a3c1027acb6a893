; tandem bandit perf: fuzzer mutational run 1 seed 32, timeout 5s, PAR-2 margin 9.994 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.006 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.replace "c" x1 x0) (re.+ (str.to_re "bbb"))))
(assert (str.in_re (str.substr x1 5 1) (re.* (re.range x1 x1))))
(assert (str.in_re (str.++ x0 x1) (str.to_re x0)))
(assert (str.prefixof (str.substr (str.substr x0 4 2) (str.len x0) (str.indexof x0 x1 1)) (str.replace (str.replace "ca" "cbb" x0) (str.++ x1 x0) (str.substr "c" 0 0))))
(assert (str.in_re (str.replace (str.replace x1 x1 x0) (str.replace x0 x0 "") (str.++ x1 "")) (re.+ (re.* (str.to_re x0)))))
(check-sat)
