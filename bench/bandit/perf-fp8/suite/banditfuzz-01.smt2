; tandem bandit perf: fuzzer banditfuzz run 1 seed 52, timeout 5s, PAR-2 margin 9.734 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.266 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNormal (fp.div RTP (fp.neg x1) (fp.roundToIntegral RTZ x0))))
(assert (fp.leq (fp.fma RTN (fp.rem x1 x1) (fp.neg (_ +zero 4 8)) (fp.sub RNE x0 x1)) (fp.roundToIntegral RTP (fp.sqrt RTP x0))))
(assert (fp.isNaN (fp.sub RTZ (fp.add RTZ (fp.fma RNE (fp #b0 #b1100 #b1100100) (fp #b1 #b0000 #b1011001) x0) (fp.roundToIntegral RTZ x0)) (fp.mul RNE (fp.rem x0 x1) (fp.sqrt RTZ (fp #b1 #b0010 #b1101101))))))
(assert (fp.isZero (fp.rem (fp.neg (fp.sqrt RTN x0)) (fp.abs (fp.mul RTP x1 x0)))))
(assert (fp.isNaN (fp.rem (fp.sub RTN (fp.rem x1 (fp #b1 #b1101 #b1011011)) (fp.neg x0)) (fp.fma RTZ (fp.mul RNE x1 x1) (fp.neg x0) (fp.roundToIntegral RTZ x1)))))
(check-sat)
