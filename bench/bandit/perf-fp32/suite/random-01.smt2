; tandem bandit perf: fuzzer random run 1 seed 2, timeout 2s, PAR-2 margin 0.012 s
; z3 4.8.12: unsat, PAR-2 0.055 s
; cvc5 1.0.3: unsat, PAR-2 0.043 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.gt (fp.mul RTN x0 x1) (fp.sub RTZ x1 x1)))
(assert (fp.isSubnormal (fp.mul RTP (fp.mul RTZ (_ NaN 8 24) x1) (fp.sqrt RTN x1))))
(assert (fp.isPositive (fp.sqrt RTP (fp #b0 #b10111000 #b00001110000110000111001))))
(check-sat)
