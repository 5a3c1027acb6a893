; tandem bandit perf: fuzzer banditfuzz run 0 seed 11, timeout 2s, PAR-2 margin 3.988 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.012 s
; cvc4 --strings-exp 1.8: error, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ (str.replace "ab" x1 x1) (str.at x1 1)) (str.at (str.replace x0 "" "cab") (str.len x1))))
(assert (str.in_re (str.replace (str.at "cb" 2) (str.++ x0 x1) (str.replace "ccb" x1 x1)) (str.to_re (str.++ "" ""))))
(assert (str.prefixof (str.substr (str.++ "" x0) (str.len x0) (str.len x1)) (str.replace (str.replace x1 x0 "") (str.replace "" x0 "") (str.replace x0 x1 x1))))
(assert (str.in_re (str.replace "" x1 "") (re.* (re.range x0 "c"))))
(check-sat)
