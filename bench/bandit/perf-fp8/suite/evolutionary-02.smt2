; tandem bandit perf: fuzzer evolutionary run 2 seed 53, timeout 5s, PAR-2 margin 1.164 s
; z3 4.8.12: sat, PAR-2 1.276 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.111 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.geq (fp.add RTP (fp.sub RTP (_ +oo 4 8) x1) (fp.add RTN (_ +oo 4 8) (_ -zero 4 8))) (fp.mul RTN (fp.fma RTN x1 x1 x1) (fp.neg x0))))
(assert (fp.isNegative (fp.fma RTZ (fp.div RNE x0 (fp #b1 #b0100 #b0100111)) (fp.sub RNA (fp #b0 #b0000 #b0101001) x0) (fp.mul RTN x0 (fp #b1 #b1100 #b1110110)))))
(assert (fp.isZero (fp.rem x1 x0)))
(assert (fp.isPositive (fp.neg x1)))
(check-sat)
