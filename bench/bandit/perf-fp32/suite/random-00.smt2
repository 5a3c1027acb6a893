; tandem bandit perf: fuzzer random run 0 seed 1, timeout 2s, PAR-2 margin 0.009 s
; z3 4.8.12: unsat, PAR-2 0.019 s
; cvc5 1.0.3: unsat, PAR-2 0.010 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.gt (fp.neg (fp.roundToIntegral RTP (fp.roundToIntegral RTP (_ -zero 8 24)))) (fp.neg (fp.roundToIntegral RNA (fp.roundToIntegral RTN (fp #b1 #b01001000 #b00110110010100011101000))))))
(assert (fp.isSubnormal (fp.div RTN (fp.sqrt RNE x0) (fp.sqrt RTN x1))))
(assert (fp.isInfinite (fp.rem x1 x1)))
(check-sat)
