; tandem bandit perf: fuzzer mutational run 2 seed 3, timeout 2s, PAR-2 margin 3.747 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: sat, PAR-2 0.253 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isNormal (fp.neg (fp.neg x0))))
(assert (fp.lt (fp.abs (fp.abs (_ -zero 8 24))) (fp.add RNE (fp.div RTP x1 (_ -oo 8 24)) (fp.mul RNE x1 x0))))
(assert (fp.leq (fp.neg (fp.add RNE x1 (_ -zero 8 24))) (fp.add RNE (fp.abs x0) (fp.fma RTP (fp #b1 #b00110101 #b00110001010101100100000) x0 (fp #b0 #b00110011 #b00111011100010101101000)))))
(assert (fp.lt (fp.roundToIntegral RTP (fp.neg x1)) (fp.roundToIntegral RTZ (fp.mul RTP x0 x1))))
(assert (fp.gt (fp.neg x0) (fp.add RTP x0 x0)))
(check-sat)
