; tandem bandit perf: fuzzer random run 0 seed 51, timeout 5s, PAR-2 margin 9.673 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.327 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNormal (fp.fma RTN (fp.sqrt RNE x1) (fp.roundToIntegral RNA x0) (fp.neg x0))))
(assert (fp.isSubnormal (fp.roundToIntegral RTP (fp.fma RTP (fp.mul RTP x0 x1) (fp.sub RTN x0 x1) (fp.abs x1)))))
(assert (fp.gt (fp.fma RTP (fp.rem (fp.abs (fp #b1 #b0000 #b1000011)) (fp.rem (fp #b1 #b0011 #b0100111) x1)) (fp.sqrt RNE (fp.rem x1 (_ +oo 4 8))) (fp.mul RNA (fp.abs (fp #b0 #b1100 #b0100000)) (fp.sqrt RNE x0))) (fp.abs (fp.abs (fp.roundToIntegral RTN (fp #b0 #b0001 #b0111001))))))
(assert (fp.isNaN (fp.rem (fp.mul RNA x0 (_ NaN 4 8)) (fp.roundToIntegral RTP x0))))
(assert (fp.geq (fp.sub RTZ x1 (fp #b1 #b0011 #b1010100)) (fp.sqrt RTN x1)))
(check-sat)
