; tandem bandit perf: fuzzer random run 1 (iteration 5, seed 14072917602864530048), timeout 2s (cpu time), PAR-2 margin 0.009 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.008 s)
; z3 4.8.12: unsat, PAR-2 0.019 s
; cvc5 1.0.3: unsat, PAR-2 0.010 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isNormal (fp.sqrt RNE (fp #b1 #b11101010 #b11000001111100011001111))))
(assert (fp.lt (fp.abs (fp.div RTN (_ +oo 8 24) (_ -zero 8 24))) (fp.neg (fp.abs (_ -zero 8 24)))))
(assert (fp.isInfinite (fp.add RTP x1 x1)))
(assert (fp.geq (fp.neg (fp #b0 #b00001110 #b10000010001011100111101)) (fp.sub RTN x0 x0)))
(assert (fp.geq (fp.add RNE (fp.abs (fp.rem x1 x0)) (fp.roundToIntegral RTP (fp.rem x0 x0))) (fp.abs (fp.add RNA (fp.div RTZ x1 x0) (fp.rem x1 (fp #b0 #b01011111 #b01110010001011100101101))))))
(check-sat)
