; tandem bandit perf: fuzzer mutational run 1 seed 2, timeout 2s, PAR-2 margin 0.009 s
; z3 4.8.12: unsat, PAR-2 0.017 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.lt (fp.mul RNA (fp.rem x0 x0) (fp.mul RTN x1 x0)) (fp.abs (fp.mul RTZ x1 x1))))
(assert (fp.leq (fp.abs (fp.abs (fp.sqrt RTP x0))) (fp.sqrt RNA (fp.add RTN (fp.sqrt RNA x0) (fp.div RTZ (_ +zero 8 24) x0)))))
(assert (fp.isPositive (fp.abs x1)))
(assert (fp.isInfinite (fp.abs (fp #b0 #b10101011 #b00110100110011001000110))))
(assert (fp.isNormal (fp.rem x0 x0)))
(check-sat)
