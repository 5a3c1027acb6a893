; tandem bandit perf: fuzzer evolutionary run 2 (iteration 11, seed 11168034603498703870), timeout 2s (cpu time), PAR-2 margin 0.453 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.483 s)
; z3 4.8.12: sat, PAR-2 0.473 s
; cvc5 1.0.3: sat, PAR-2 0.020 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.at (str.replace x0 x0 x0) (str.indexof "b" x1 0)) (str.substr (str.++ "" x0) (str.indexof "ab" x1 3) (str.indexof x1 x0 5))))
(assert (str.prefixof (str.substr (str.++ (str.++ "" x0) (str.substr x1 3 5)) (str.to_int (str.substr x0 1 5)) (str.indexof (str.substr "" 3 3) (str.at "bb" 3) (str.indexof x0 x1 0))) (str.++ (str.at (str.substr "" 4 5) (str.indexof "ab" x1 2)) (str.replace (str.replace x1 x0 x1) (str.at x0 2) (str.at "a" 2)))))
(assert (str.suffixof (str.substr (str.replace x0 x1 "ab") (str.to_int x0) (str.to_int x1)) (str.++ (str.replace "ccb" x1 "c") (str.substr x1 3 1))))
(assert (str.suffixof (str.replace "" "b" x0) (str.substr x0 5 0)))
(check-sat)
