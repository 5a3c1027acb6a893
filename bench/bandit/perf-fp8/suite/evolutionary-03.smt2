; tandem bandit perf: fuzzer evolutionary run 3 seed 54, timeout 5s, PAR-2 margin 9.809 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.191 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNaN (fp.fma RNA (fp.mul RNE x1 x0) (fp.roundToIntegral RNA x0) (fp.mul RNA (fp #b1 #b0111 #b0100011) x1))))
(assert (fp.isZero (fp.mul RTN (fp.div RTP (fp.abs x0) (fp.div RNA x0 x0)) (fp.fma RTP (fp.mul RTN x0 x1) (fp.abs x0) (fp.mul RTP (fp #b0 #b0100 #b0100100) x1)))))
(assert (fp.isNormal (fp.rem (fp.neg x0) (fp.div RNE x0 x0))))
(assert (fp.isNegative (fp.sub RTP (fp.neg (fp.fma RTP x0 (_ -zero 4 8) x0)) (fp.abs (fp.abs x0)))))
(check-sat)
