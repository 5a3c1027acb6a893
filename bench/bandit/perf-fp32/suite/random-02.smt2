; tandem bandit perf: fuzzer random run 2 seed 3, timeout 2s, PAR-2 margin 3.692 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.308 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isPositive (fp.abs (fp.mul RTN (fp.div RTN x0 x0) (fp.neg (_ +oo 8 24))))))
(assert (fp.isInfinite (fp.add RTP x0 (fp #b1 #b00101000 #b00110111101110000111000))))
(assert (fp.isNegative (fp.neg (fp.div RTZ (fp.sqrt RNE x1) (fp.roundToIntegral RTP x0)))))
(check-sat)
