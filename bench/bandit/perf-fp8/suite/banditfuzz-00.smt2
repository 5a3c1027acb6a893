; tandem bandit perf: fuzzer banditfuzz run 0 seed 51, timeout 5s, PAR-2 margin 2.349 s
; z3 4.8.12: unsat, PAR-2 2.664 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.316 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNormal (fp.mul RTZ (fp.rem (fp.div RTZ x0 x1) (fp.roundToIntegral RTZ x1)) (fp.sub RNA (fp.rem x1 x1) (fp.rem x1 x1)))))
(assert (fp.isNaN (fp.add RTZ (fp.fma RNE (fp.sub RNA (_ +zero 4 8) x0) (fp.rem x1 x1) (fp.neg (_ NaN 4 8))) (fp.rem (fp.rem x0 x0) (fp.add RTP x0 x1)))))
(assert (fp.isInfinite (fp.rem (fp.rem (fp.mul RNE (fp #b1 #b0110 #b0001011) x1) (fp.sub RNA x0 x0)) (fp.neg (fp.roundToIntegral RNE x1)))))
(assert (fp.isNormal (fp.roundToIntegral RNA x1)))
(assert (fp.isNormal (fp.rem (fp.rem (fp.rem x1 x1) (fp.rem x1 (_ -oo 4 8))) (fp.div RNE (fp.fma RTP x0 (_ -zero 4 8) x1) (fp.add RNA x1 (_ +oo 4 8))))))
(check-sat)
