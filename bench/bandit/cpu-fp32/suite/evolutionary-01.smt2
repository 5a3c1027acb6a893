; tandem bandit perf: fuzzer evolutionary run 1 (iteration 7, seed 9648886400068060533), timeout 2s (cpu time), PAR-2 margin 0.000 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.000 s)
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: crash, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isPositive (fp.roundToIntegral RNE (fp.div RTP x1 x1))))
(assert (fp.isZero (fp.add RNA x1 x1)))
(assert (fp.geq (fp.rem x0 x1) (fp.div RNE (fp #b0 #b01010010 #b11111111111001110010010) x0)))
(assert (fp.lt (fp.rem x0 x0) (fp.rem (_ +zero 8 24) x0)))
(check-sat)
