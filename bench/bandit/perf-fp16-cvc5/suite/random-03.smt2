; tandem bandit perf: fuzzer random run 3 seed 44, timeout 5s, PAR-2 margin 0.598 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.624 s
; z3 4.8.12: unsat, PAR-2 0.026 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNaN (fp.add RTZ (fp.add RTP (fp.abs x1) (fp.rem x0 x0)) (fp.mul RTP (fp.rem x1 (_ +zero 5 11)) (fp.neg (fp #b1 #b01110 #b1111100111))))))
(assert (fp.geq (fp.mul RNA (fp.roundToIntegral RTZ (fp.roundToIntegral RTP x1)) (fp.abs (fp.div RNA x0 (fp #b0 #b01011 #b1110100000)))) (fp.rem (fp.fma RTP (fp.sub RNA x0 (_ -oo 5 11)) (fp.add RNA (_ +oo 5 11) x0) (fp.mul RNA (_ +oo 5 11) (fp #b0 #b01001 #b1110110100))) (fp.fma RTZ (fp.rem (fp #b0 #b10111 #b1110110001) x1) (fp.mul RTZ x0 (_ +oo 5 11)) (fp.abs x1)))))
(assert (fp.isInfinite (fp.roundToIntegral RNA (fp.sub RNA (fp.neg x0) (fp.roundToIntegral RTP x0)))))
(assert (fp.geq (fp.abs x1) (fp.sqrt RTP x0)))
(assert (fp.isNaN (fp.fma RNE (fp.sqrt RTN (fp.div RTN (fp #b1 #b11101 #b1000011001) x1)) (fp.sub RTZ (fp.roundToIntegral RTN x1) (fp.rem x1 x0)) (fp.mul RNA (fp.abs x0) (fp.sqrt RNE x1)))))
(check-sat)
