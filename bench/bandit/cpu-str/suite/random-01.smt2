; tandem bandit perf: fuzzer random run 1 (iteration 5, seed 14072917602864530048), timeout 2s (cpu time), PAR-2 margin -4.000 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 3.784 s)
; z3 4.8.12: inconclusive, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.241 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.in_re (str.++ (str.at x1 4) (str.replace x1 x0 x0)) (re.* (str.to_re x1))))
(assert (str.prefixof (str.at (str.replace x1 "b" x0) (str.len x0)) (str.replace (str.substr x0 2 5) (str.replace x0 "" "") (str.substr x1 3 5))))
(assert (str.suffixof (str.at (str.++ (str.substr "b" 2 2) (str.++ "" x0)) (str.to_int (str.++ x1 "bb"))) (str.replace (str.++ (str.++ x1 x0) (str.substr x0 1 3)) (str.substr (str.++ x1 "") (str.to_int x1) (str.len "")) (str.at (str.++ x0 x1) (str.len "cbb")))))
(assert (str.suffixof (str.++ (str.replace (str.substr x1 3 0) (str.at x1 5) (str.++ x1 x0)) (str.replace (str.at x0 0) (str.substr x1 0 3) (str.substr "bbc" 1 4))) (str.at (str.substr (str.replace x0 x1 x0) (str.len x1) (str.indexof x0 x0 4)) (str.indexof (str.++ x0 x0) (str.at "" 3) (str.indexof "ca" x0 5)))))
(check-sat)
