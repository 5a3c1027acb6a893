; tandem bandit perf: fuzzer evolutionary run 3 seed 24, timeout 5s, PAR-2 margin 2.533 s
; z3 4.8.12: unsat, PAR-2 3.284 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.751 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.leq (fp.rem (fp.div RTP (fp.div RTZ x1 x1) (fp.neg x1)) (fp.add RNA (fp.mul RNE (_ +oo 5 11) x0) (fp.sub RTZ x0 x1))) (fp.sub RNE (fp.neg (fp.mul RNE x0 x0)) (fp.div RTZ (fp.rem x0 x0) (fp.div RTZ (fp #b1 #b00011 #b1011001100) x0)))))
(assert (fp.isInfinite (fp.fma RTP (fp.add RTP (fp.roundToIntegral RTZ x1) (fp.add RTZ (_ +oo 5 11) x1)) (fp.add RTZ (fp.roundToIntegral RTN x1) (fp.div RTN x0 x0)) (fp.abs (fp.div RNE (_ +oo 5 11) x1)))))
(assert (fp.isNaN (fp.add RNA (fp.mul RTZ (fp.abs (_ +oo 5 11)) (fp.fma RNE x0 x0 x1)) (fp.abs (fp.abs x0)))))
(check-sat)
