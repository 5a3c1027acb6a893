; tandem bandit perf: fuzzer evolutionary run 1 (iteration 7, seed 9648886400068060533), timeout 2s (cpu time), PAR-2 margin 0.738 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.685 s)
; z3 4.8.12: sat, PAR-2 0.760 s
; cvc5 1.0.3: sat, PAR-2 0.021 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.substr (str.at x1 0) (str.len "") (str.indexof x1 "" 0)) (str.++ (str.at x1 3) (str.substr x0 5 3))))
(assert (str.contains (str.replace (str.replace (str.replace "" "ca" "ac") (str.replace x1 x0 x1) (str.replace x0 x1 x1)) (str.substr (str.replace x1 "" "") (str.len x0) (str.to_int "cba")) (str.replace (str.at x0 1) (str.at "" 3) (str.++ x0 x0))) (str.replace (str.replace (str.at x0 5) (str.substr x0 0 3) (str.++ "" x0)) (str.++ (str.replace x1 x1 x1) (str.at x0 3)) (str.++ (str.replace x0 "ab" x1) (str.replace x1 x0 x0)))))
(assert (str.contains (str.substr (str.++ (str.replace "a" x0 "a") (str.replace x0 "" "b")) (str.len (str.substr "" 2 3)) (str.len (str.substr x0 0 4))) (str.++ (str.substr (str.++ x0 "ac") (str.to_int x1) (str.to_int x0)) (str.substr (str.at "ca" 1) (str.len x1) (str.to_int x1)))))
(check-sat)
