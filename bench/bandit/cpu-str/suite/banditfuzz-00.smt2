; tandem bandit perf: fuzzer banditfuzz run 0 (iteration 0, seed 10451216379200822465), timeout 2s (cpu time), PAR-2 margin 0.489 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.656 s)
; z3 4.8.12: sat, PAR-2 0.554 s
; cvc5 1.0.3: sat, PAR-2 0.065 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.++ (str.at (str.replace x0 x0 x1) (str.indexof x0 x1 5)) (str.replace (str.++ x1 x1) (str.++ "" x1) (str.++ x1 x1))) (str.++ (str.++ (str.at "" 5) (str.substr x1 2 0)) (str.++ (str.replace "bb" x1 x0) (str.++ "bba" "b")))))
(assert (str.prefixof (str.at x1 0) (str.++ "a" x1)))
(assert (str.prefixof (str.at (str.++ x0 x1) (str.to_int x1)) (str.at (str.++ x0 "") (str.to_int ""))))
(assert (str.contains (str.replace x0 "bb" x0) (str.at x1 5)))
(check-sat)
