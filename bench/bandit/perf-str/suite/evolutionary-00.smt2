; tandem bandit perf: fuzzer evolutionary run 0 seed 1, timeout 2s, PAR-2 margin 3.991 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.009 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.substr (str.++ (str.at "" 0) (str.replace "" x0 x1)) (str.indexof (str.replace x1 x0 x1) (str.substr x1 5 1) (str.indexof x1 x1 4)) (str.len (str.at x1 2))) (str.at (str.at (str.++ x0 x1) (str.len x0)) (str.to_int (str.substr x1 0 1)))))
(assert (str.in_re (str.++ (str.at x0 5) (str.++ x1 "")) (re.range (str.replace x1 x1 x1) (str.++ x0 ""))))
(assert (str.contains (str.substr "" 2 5) (str.at x0 0)))
(assert (str.in_re (str.replace (str.at "bbc" 1) (str.replace x0 x1 x0) (str.++ x1 x0)) (re.* (re.+ (str.to_re x0)))))
(check-sat)
