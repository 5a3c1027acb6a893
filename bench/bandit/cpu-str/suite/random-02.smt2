; tandem bandit perf: fuzzer random run 2 (iteration 9, seed 14646652180046636950), timeout 2s (cpu time), PAR-2 margin 0.470 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.503 s)
; z3 4.8.12: sat, PAR-2 0.495 s
; cvc5 1.0.3: sat, PAR-2 0.025 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.contains (str.replace (str.replace (str.at x0 2) (str.substr x0 2 4) (str.at "" 2)) (str.at (str.replace "cc" x1 "") (str.to_int x0)) (str.at (str.replace x0 x1 "") (str.to_int x0))) (str.replace (str.replace (str.replace "" x0 x0) (str.substr x1 2 0) (str.++ x1 x1)) (str.replace (str.replace x0 "" "ca") (str.replace x0 x1 "") (str.at x0 3)) (str.substr (str.replace x1 x0 x0) (str.to_int "ccc") (str.to_int "aaa")))))
(assert (str.prefixof (str.replace (str.at x0 4) (str.++ x0 x1) (str.substr x0 4 3)) (str.++ (str.replace x1 "" "") (str.substr x0 1 3))))
(assert (str.prefixof (str.substr x0 3 4) (str.substr "" 3 2)))
(check-sat)
