; tandem bandit perf: fuzzer random run 1 seed 52, timeout 5s, PAR-2 margin 2.260 s
; z3 4.8.12: sat, PAR-2 2.783 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.523 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.leq (fp.neg (fp.rem (fp.sqrt RTN x0) (fp.roundToIntegral RTZ x1))) (fp.abs (fp.fma RTP (fp.neg x1) (fp.add RNE (fp #b0 #b1010 #b1010000) x1) (fp.fma RTN x1 (fp #b1 #b1101 #b0001011) x0)))))
(assert (fp.isNegative (fp.sub RNE x1 (fp #b1 #b1001 #b0000001))))
(assert (fp.leq (fp.fma RNE (fp.div RNA (fp.fma RTN x1 x1 x1) (fp.roundToIntegral RNA (fp #b1 #b1010 #b0001110))) (fp.sub RNA (fp.rem x0 (fp #b1 #b0011 #b0011010)) (fp.roundToIntegral RTN x0)) (fp.fma RNA (fp.rem x1 (_ +oo 4 8)) (fp.rem x1 x0) (fp.rem x0 x0))) (fp.fma RNE (fp.abs (fp.abs x1)) (fp.div RTZ (fp.neg x1) (fp.roundToIntegral RNA x1)) (fp.sub RTZ (fp.neg x1) (fp.fma RTP x0 (_ +oo 4 8) x0)))))
(check-sat)
