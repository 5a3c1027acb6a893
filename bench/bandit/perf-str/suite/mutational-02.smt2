; tandem bandit perf: fuzzer mutational run 2 seed 3, timeout 2s, PAR-2 margin 0.081 s
; z3 4.8.12: unsat, PAR-2 0.089 s
; cvc5 1.0.3: unsat, PAR-2 0.008 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.replace (str.replace "" "bc" x1) (str.replace x0 x0 x1) (str.substr x1 2 3)) (str.substr (str.++ "a" x0) (str.len "") (str.to_int x1))))
(assert (str.prefixof (str.replace (str.at x0 3) (str.replace "" x0 x1) (str.at x1 4)) (str.replace (str.++ "" "") (str.substr x1 1 2) (str.substr x0 0 2))))
(assert (str.suffixof (str.++ (str.++ x0 x0) (str.++ x1 x1)) (str.++ (str.substr x0 4 5) (str.substr "bab" 4 2))))
(assert (str.in_re (str.substr (str.substr "acc" 1 1) (str.to_int x0) (str.indexof x1 x0 0)) (re.* (re.* (re.range x0 x1)))))
(assert (str.in_re (str.++ (str.++ x0 "") (str.replace "a" x0 "")) (re.++ (re.inter (str.to_re x1) (str.to_re x1)) (re.+ (str.to_re x0)))))
(check-sat)
