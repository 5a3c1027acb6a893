; tandem bandit perf: fuzzer mutational run 1 seed 22, timeout 5s, PAR-2 margin 9.326 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.674 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isSubnormal (fp.rem x1 x0)))
(assert (fp.isInfinite (fp.add RNE (fp.rem x0 x1) (fp.rem (_ +zero 5 11) x1))))
(assert (fp.gt (fp.neg (fp.rem (fp.div RTN x0 x0) (fp.rem x0 x1))) (fp.rem (fp.fma RNA (fp.add RTZ x1 (_ +zero 5 11)) (fp.neg x0) (fp.rem (fp #b1 #b10011 #b0111101110) x0)) (fp.sqrt RNE (fp.abs x1)))))
(assert (fp.leq (fp.neg (fp.add RNE x1 (_ +oo 5 11))) (fp.rem (fp.rem x0 x0) (fp.mul RTN (_ +oo 5 11) (fp #b1 #b10110 #b0100110001)))))
(check-sat)
