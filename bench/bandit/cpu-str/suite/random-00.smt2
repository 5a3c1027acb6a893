; tandem bandit perf: fuzzer random run 0 (iteration 1, seed 13757245211066428519), timeout 2s (cpu time), PAR-2 margin 0.157 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.163 s)
; z3 4.8.12: sat, PAR-2 0.181 s
; cvc5 1.0.3: sat, PAR-2 0.024 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.prefixof (str.at (str.at x0 1) (str.to_int x0)) (str.++ (str.replace "c" x0 x0) (str.substr "a" 0 2))))
(assert (str.contains (str.substr (str.replace "ba" x0 "") (str.to_int x1) (str.to_int x1)) (str.++ (str.at x1 2) (str.substr x0 5 1))))
(assert (str.contains (str.replace (str.replace (str.at "a" 4) (str.++ x1 x0) (str.++ x1 x0)) (str.replace (str.replace x0 x1 "") (str.at x0 4) (str.at x0 1)) (str.++ (str.++ x1 "") (str.at "" 2))) (str.substr (str.++ (str.at x0 2) (str.++ x1 "")) (str.to_int (str.substr x0 4 5)) (str.to_int (str.substr x1 1 4)))))
(assert (str.suffixof (str.++ (str.replace x1 x0 x0) (str.at "cc" 5)) (str.at (str.++ "" x1) (str.indexof x1 "" 2))))
(assert (str.contains (str.at (str.++ x1 "") (str.len x0)) (str.replace (str.at x0 2) (str.++ x1 x0) (str.substr "" 0 2))))
(check-sat)
