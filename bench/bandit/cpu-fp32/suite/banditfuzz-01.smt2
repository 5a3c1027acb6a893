; tandem bandit perf: fuzzer banditfuzz run 1 (iteration 4, seed 8195237237126968761), timeout 2s (cpu time), PAR-2 margin 0.008 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.010 s)
; z3 4.8.12: unsat, PAR-2 0.020 s
; cvc5 1.0.3: unsat, PAR-2 0.012 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isSubnormal (fp.div RNE (fp #b0 #b11111111 #b00010111010110110011110) x1)))
(assert (fp.isInfinite (fp.fma RTN (_ +zero 8 24) (fp #b1 #b11101000 #b01110000100100001100001) x0)))
(assert (fp.isSubnormal (fp.sub RNA (fp.neg (fp #b1 #b11111110 #b10011000000111001011111)) (fp.roundToIntegral RNE (_ +oo 8 24)))))
(check-sat)
