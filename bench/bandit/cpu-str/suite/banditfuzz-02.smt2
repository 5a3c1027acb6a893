; tandem bandit perf: fuzzer banditfuzz run 2 (iteration 8, seed 5266705631892356520), timeout 2s (cpu time), PAR-2 margin 0.019 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.047 s)
; z3 4.8.12: unsat, PAR-2 0.031 s
; cvc5 1.0.3: unsat, PAR-2 0.013 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.at (str.++ "" x1) (str.indexof x1 x0 2)) (str.++ (str.at x0 2) (str.at x1 3))))
(assert (str.prefixof (str.++ (str.at x1 1) (str.replace x0 "" x1)) (str.replace (str.replace "" x0 x0) (str.replace x0 x1 x1) (str.at x0 1))))
(assert (str.in_re (str.at (str.substr "b" 3 1) (str.len x0)) (re.+ (re.+ (re.+ (str.to_re ""))))))
(assert (str.prefixof (str.++ "c" x0) (str.++ x0 x0)))
(assert (str.suffixof (str.++ x0 x0) (str.at "a" 2)))
(check-sat)
