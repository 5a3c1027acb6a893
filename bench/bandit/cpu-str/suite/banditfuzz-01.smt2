; tandem bandit perf: fuzzer banditfuzz run 1 (iteration 4, seed 8195237237126968761), timeout 2s (cpu time), PAR-2 margin 0.035 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.034 s)
; z3 4.8.12: sat, PAR-2 0.047 s
; cvc5 1.0.3: sat, PAR-2 0.011 s
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x1 String)
(assert (str.suffixof (str.substr x1 3 1) (str.replace "bcc" x1 x1)))
(assert (str.contains (str.++ x1 x1) (str.substr x0 4 3)))
(assert (str.in_re (str.substr (str.++ (str.++ x1 x0) (str.at "a" 1)) (str.len (str.replace x0 "" x0)) (str.to_int (str.replace "" x1 x1))) (re.* (re.* (re.inter (re.range x1 x0) (str.to_re x1))))))
(check-sat)
