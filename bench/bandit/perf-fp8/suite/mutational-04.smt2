; tandem bandit perf: fuzzer mutational run 4 seed 55, timeout 5s, PAR-2 margin 1.609 s
; z3 4.8.12: sat, PAR-2 1.804 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.195 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.gt (fp.abs (fp #b1 #b0100 #b1100100)) (fp.abs x0)))
(assert (fp.isInfinite (fp.roundToIntegral RNE (fp.div RNE (fp.abs x1) (fp.mul RTZ x0 x0)))))
(assert (fp.gt (fp.sqrt RTN (fp.mul RTP x0 (_ +oo 4 8))) (fp.rem (fp.div RNA x0 x0) (fp.div RTP x0 (fp #b0 #b0100 #b0001010)))))
(assert (fp.isNaN (fp.add RTN (fp.fma RTP (fp.neg (_ +zero 4 8)) (fp.roundToIntegral RNA (fp #b0 #b1101 #b0100101)) (fp.sqrt RNA x1)) (fp.abs (fp.sqrt RTP (_ NaN 4 8))))))
(assert (fp.leq (fp.roundToIntegral RNE (fp.abs (fp.neg x0))) (fp.roundToIntegral RTN (fp.fma RNE (fp.sub RTZ (fp #b1 #b1101 #b0110001) x1) (fp.sub RTN (_ -zero 4 8) x1) (fp.mul RTZ (fp #b0 #b0000 #b0010000) x1)))))
(check-sat)
