; tandem bandit perf: fuzzer random run 0 seed 31, timeout 5s, PAR-2 margin 9.993 s
; z3 4.8.12: unknown, PAR-2 10.000 s
; cvc5 1.0.3: sat, PAR-2 0.007 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.substr (str.substr (str.replace x0 x1 x0) (str.to_int "") (str.len x1)) (str.to_int (str.replace x1 x1 x1)) (str.len (str.replace x1 x0 x1))) (str.replace (str.substr (str.substr x1 3 2) (str.len x1) (str.len x0)) (str.at (str.substr x0 3 3) (str.len x1)) (str.replace (str.replace x0 x1 x0) (str.++ "" x1) (str.substr "" 0 2)))))
(assert (str.contains (str.replace (str.at x0 3) (str.replace x0 x0 "") (str.replace "" x1 x1)) (str.replace (str.++ x0 "") (str.at "" 1) (str.++ "" x1))))
(assert (str.in_re (str.++ (str.substr (str.replace "c" "" x0) (str.len "") (str.len x1)) (str.at (str.at x1 5) (str.len x1))) (re.* (re.* (re.inter (re.range "c" x0) (str.to_re "bc"))))))
(check-sat)
