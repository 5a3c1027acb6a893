; tandem bandit perf: fuzzer banditfuzz run 4 seed 35, timeout 5s, PAR-2 margin 9.994 s
; z3 4.8.12: unknown, PAR-2 10.000 s
; cvc5 1.0.3: unsat, PAR-2 0.006 s
; cvc4 --strings-exp 1.8: error, PAR-2 10.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.++ x0 "a") (re.+ (str.to_re x1))))
(assert (str.in_re (str.replace (str.++ (str.at "" 3) (str.at x0 4)) (str.at (str.at "c" 5) (str.len x0)) (str.at (str.at "a" 3) (str.indexof "" x0 3))) (re.++ (re.* (re.range x1 "")) (re.* (str.to_re "")))))
(assert (str.prefixof (str.replace (str.++ (str.replace x1 x0 "") (str.++ x1 "")) (str.replace (str.substr "ba" 4 2) (str.at "" 0) (str.at "bab" 5)) (str.++ (str.++ x0 x0) (str.++ x0 x1))) (str.replace (str.at (str.at x1 5) (str.to_int "")) (str.at (str.++ "aaa" x0) (str.indexof "ca" x0 5)) (str.at (str.++ x0 x1) (str.len x1)))))
(assert (str.suffixof (str.substr (str.at (str.replace x1 "acc" x1) (str.to_int "c")) (str.indexof (str.++ "bbc" x0) (str.replace "aa" "bcc" x1) (str.len x0)) (str.to_int (str.substr x1 0 0))) (str.at (str.substr (str.at "" 3) (str.to_int x0) (str.len "")) (str.to_int (str.substr x1 4 0)))))
(check-sat)
