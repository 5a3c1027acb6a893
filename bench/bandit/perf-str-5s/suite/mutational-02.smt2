; tandem bandit perf: fuzzer mutational run 2 seed 33, timeout 5s, PAR-2 margin 3.375 s
; z3 4.8.12: sat, PAR-2 3.534 s
; cvc5 1.0.3: sat, PAR-2 0.067 s
; cvc4 --strings-exp 1.8: sat, PAR-2 0.159 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.substr (str.++ x0 x1) (str.to_int "") (str.to_int "b")) (str.++ (str.substr x1 3 4) (str.at x1 4))))
(assert (str.in_re (str.substr "" 1 1) (re.* (re.++ (re.* (re.+ (str.to_re x0))) (re.++ (re.+ (str.to_re "")) (str.to_re x1))))))
(assert (str.prefixof (str.replace (str.replace (str.++ "" "c") (str.at x0 1) (str.replace "" x0 x1)) (str.replace (str.replace x0 x1 "") (str.replace x0 x0 x1) (str.replace x0 "cbc" x1)) (str.++ (str.++ "" x1) (str.at x1 5))) (str.++ (str.substr (str.replace x1 x1 x1) (str.indexof x0 x1 5) (str.len "b")) (str.substr (str.substr "" 4 3) (str.len x1) (str.len x0)))))
(assert (str.suffixof (str.at (str.substr "" 4 2) (str.len "")) (str.substr (str.substr x0 0 0) (str.indexof x0 x0 0) (str.len x1))))
(assert (str.suffixof (str.++ (str.substr (str.replace x0 x1 x0) (str.len x0) (str.to_int x0)) (str.substr (str.at x0 5) (str.len x1) (str.indexof x1 "" 5))) (str.at (str.substr (str.replace "" x0 x1) (str.len x1) (str.indexof x1 "" 2)) (str.indexof (str.at x1 1) (str.++ x0 "") (str.indexof x0 "bca" 3)))))
(check-sat)
