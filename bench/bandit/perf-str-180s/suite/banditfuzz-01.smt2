; tandem bandit perf: fuzzer banditfuzz run 1 seed 12, timeout 2s, PAR-2 margin 3.993 s
; z3 4.8.12: unknown, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 --strings-exp 1.8: error, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.++ x0 "cab") (re.+ (str.to_re x0))))
(assert (str.suffixof (str.at (str.at (str.substr "cbc" 5 0) (str.indexof "" "" 4)) (str.len (str.substr x0 4 1))) (str.++ (str.substr (str.++ x1 x0) (str.len x1) (str.to_int x1)) (str.substr (str.++ x1 x1) (str.len "") (str.len x1)))))
(assert (str.contains (str.at (str.substr (str.++ x0 x1) (str.len "") (str.len "")) (str.len (str.++ x1 x0))) (str.replace (str.++ (str.++ "" "") (str.++ x1 x0)) (str.replace (str.substr "" 3 3) (str.replace x1 "" x0) (str.replace x1 x0 x1)) (str.at (str.replace "" "" "cc") (str.to_int "bcc")))))
(assert (str.in_re (str.at (str.at (str.substr x1 2 0) (str.len x0)) (str.len (str.at x1 4))) (re.* (re.++ (str.to_re x1) (re.range "" x1)))))
(assert (str.in_re (str.at x0 3) (re.* (re.range "" x0))))
(check-sat)
