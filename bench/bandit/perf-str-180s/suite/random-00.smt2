; tandem bandit perf: fuzzer random run 0 seed 11, timeout 2s, PAR-2 margin 3.849 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.151 s
; cvc4 --strings-exp 1.8: unsat, PAR-2 0.086 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ x0 x1) (str.substr x0 4 5)))
(assert (str.contains (str.substr x0 3 1) (str.++ "" x0)))
(assert (str.contains (str.++ (str.++ "bb" x1) (str.++ "aa" x0)) (str.at (str.++ x0 x0) (str.to_int ""))))
(assert (str.in_re (str.++ (str.++ (str.replace x1 "" x1) (str.replace "b" x0 x1)) (str.replace (str.++ "" x0) (str.substr x1 5 5) (str.substr x1 4 4))) (re.+ (str.to_re (str.replace x0 x0 x0)))))
(check-sat)
