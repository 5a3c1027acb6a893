; tandem bandit perf: fuzzer banditfuzz run 1 seed 2, timeout 2s, PAR-2 margin 0.019 s
; z3 4.8.12: unsat, PAR-2 0.027 s
; cvc5 1.0.3: unsat, PAR-2 0.008 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.at (str.at "a" 1) (str.indexof "" x1 0)) (str.to_re (str.substr x0 2 3))))
(assert (str.in_re (str.++ (str.at "" 5) (str.++ "bba" x0)) (re.* (re.* (str.to_re "")))))
(assert (str.in_re (str.replace (str.at (str.substr x0 2 0) (str.indexof x0 x1 5)) (str.at (str.at x0 5) (str.len "")) (str.at (str.++ x1 "") (str.indexof "" x0 3))) (re.range (str.replace (str.at x0 5) (str.replace x1 x1 x0) (str.replace x0 "" x1)) (str.replace (str.replace x1 "c" "bc") (str.substr "aa" 5 0) (str.++ x0 "a")))))
(assert (str.in_re (str.replace x1 x1 x0) (re.* (re.++ (str.to_re x1) (re.range x1 x0)))))
(assert (str.in_re (str.substr (str.replace "" x1 x0) (str.to_int x0) (str.len x1)) (re.range (str.at x0 4) (str.++ x1 x1))))
(check-sat)
