; tandem bandit perf: fuzzer mutational run 0 seed 51, timeout 5s, PAR-2 margin 1.886 s
; z3 4.8.12: unsat, PAR-2 2.062 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.176 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.leq (fp.sub RTZ (_ +oo 4 8) x0) (fp.fma RTN x0 x0 x0)))
(assert (fp.isPositive (fp.div RTZ x1 x1)))
(assert (fp.lt (fp.div RTZ (fp.rem x1 x0) (fp.sqrt RNA x1)) (fp.rem (fp.add RNE x1 x0) (fp.rem x1 x0))))
(assert (fp.isNaN (fp.div RTZ (fp.roundToIntegral RNA x1) (fp.div RTP x0 x1))))
(check-sat)
