; tandem bandit perf: fuzzer mutational run 4 seed 25, timeout 5s, PAR-2 margin 9.613 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.387 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isPositive (fp.rem (fp.rem (fp.sub RTZ (fp #b0 #b00000 #b1100011111) x0) (fp.div RTZ (_ -oo 5 11) x1)) (fp.fma RNE (fp.sub RTZ (_ -zero 5 11) x1) (fp.sub RNA x0 x1) (fp.sqrt RTN x0)))))
(assert (fp.isNormal (fp.mul RNA (fp.abs (fp.abs x1)) (fp.roundToIntegral RTP (fp.abs x1)))))
(assert (fp.isNormal (fp.rem (fp.sqrt RNE x0) (fp.add RNA x0 x0))))
(check-sat)
