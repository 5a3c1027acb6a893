; tandem bandit perf: fuzzer evolutionary run 2 seed 23, timeout 5s, PAR-2 margin 9.541 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.459 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNegative (fp.neg (fp.sqrt RTZ x0))))
(assert (fp.isZero (fp.fma RTZ (fp.rem (fp.neg x0) (fp.neg x0)) (fp.abs (fp.abs x1)) (fp.rem (fp.add RNE x0 x1) (fp.add RNE x1 x0)))))
(assert (fp.lt (fp.rem (fp.roundToIntegral RTZ (fp.roundToIntegral RNA x0)) (fp.add RTP (fp.sqrt RTZ x1) (fp.neg x1))) (fp.sub RNE (fp.sub RNE (fp.sqrt RNA x0) (fp.add RTP x1 x0)) (fp.div RTP (fp.abs (fp #b1 #b00111 #b0100010110)) (fp.fma RTP (_ +zero 5 11) x1 x0)))))
(assert (fp.isNormal (fp.sqrt RNA (fp.fma RNA x1 x0 x0))))
(check-sat)
