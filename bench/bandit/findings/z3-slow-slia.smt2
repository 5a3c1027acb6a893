; BanditFuzz perf-mode find (tandem bandit perf --theory str, seed 11, banditfuzz run 0).
; z3 4.8.12: timeout at 2 s in the run; again timeout at 60 s wall (15.5 s user, loaded machine): 'timeout 60 z3 z3-slow-slia.smt2'
; cvc5 1.0.3: sat in 0.01 s; its model (x0 = "", x1 = "BCA") satisfies all 4 assertions by tandem eval.
; cvc4 1.8 --strings-exp: parse error 'expecting a constant string term in regexp range' (re.range with a variable argument; valid SMT-LIB 2.6).
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ (str.replace "ab" x1 x1) (str.at x1 1)) (str.at (str.replace x0 "" "cab") (str.len x1))))
(assert (str.in_re (str.replace (str.at "cb" 2) (str.++ x0 x1) (str.replace "ccb" x1 x1)) (str.to_re (str.++ "" ""))))
(assert (str.prefixof (str.substr (str.++ "" x0) (str.len x0) (str.len x1)) (str.replace (str.replace x1 x0 "") (str.replace "" x0 "") (str.replace x0 x1 x1))))
(assert (str.in_re (str.replace "" x1 "") (re.* (re.range x0 "c"))))
(check-sat)
