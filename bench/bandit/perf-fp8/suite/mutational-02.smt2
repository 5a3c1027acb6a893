; tandem bandit perf: fuzzer mutational run 2 seed 53, timeout 5s, PAR-2 margin 0.937 s
; z3 4.8.12: unsat, PAR-2 1.077 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.140 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isInfinite (fp.fma RTP x1 x1 x1)))
(assert (fp.leq (fp.fma RTP (fp.mul RTZ x1 x1) (fp.mul RNE (_ +zero 4 8) x0) (fp.fma RNE x1 (fp #b1 #b1011 #b1101000) x1)) (fp.mul RTZ (fp.rem x0 x1) (fp.roundToIntegral RNA x0))))
(assert (fp.leq (fp.sub RNA x0 x0) (fp.neg x1)))
(assert (fp.geq (fp.fma RTZ x0 (_ -zero 4 8) x1) (fp.mul RNA x1 x0)))
(check-sat)
