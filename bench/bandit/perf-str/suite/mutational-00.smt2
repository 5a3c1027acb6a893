; tandem bandit perf: fuzzer mutational run 0 seed 1, timeout 2s, PAR-2 margin 0.020 s
; z3 4.8.12: sat, PAR-2 0.034 s
; cvc5 1.0.3: sat, PAR-2 0.014 s
; cvc4 1.8: unsupported, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.at x1 5) (str.to_re x0)))
(assert (str.in_re (str.substr (str.replace (str.++ x0 "") (str.++ "" x1) (str.substr x0 3 5)) (str.len (str.replace x0 x0 "")) (str.len (str.replace x0 x0 x0))) (str.to_re (str.substr (str.substr x0 2 2) (str.indexof x0 x0 3) (str.len x1)))))
(assert (str.contains (str.++ "abb" x1) (str.at "" 4)))
(assert (str.in_re (str.at x1 0) (re.+ (str.to_re x0))))
(assert (str.suffixof (str.at x1 2) (str.++ x1 "cc")))
(check-sat)
