; tandem bandit perf: fuzzer mutational run 3 seed 54, timeout 5s, PAR-2 margin 1.304 s
; z3 4.8.12: unsat, PAR-2 1.907 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.603 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.eq (fp.mul RNA (fp.div RTP (fp.mul RTZ (_ +oo 4 8) x1) (fp.div RTN x1 (fp #b0 #b1110 #b1010000))) (fp.mul RTN (fp.sqrt RTP x0) (fp.add RNA x0 (fp #b1 #b0100 #b0110100)))) (fp.mul RNE (fp.rem (fp.roundToIntegral RTN x0) (fp.add RNE x1 x1)) (fp.neg (fp.rem x1 x1)))))
(assert (fp.lt (fp.div RNA (fp.mul RTN (fp.abs x0) (fp.roundToIntegral RNA x0)) (fp.sub RNA (fp.div RTZ x1 x0) (fp.rem x0 x0))) (fp.mul RNE (fp.add RNA (fp.rem (fp #b1 #b0101 #b1000000) x1) (fp.fma RNA x0 (fp #b0 #b1011 #b0101101) x0)) (fp.roundToIntegral RTZ (fp.mul RNE (_ -oo 4 8) x1)))))
(assert (fp.lt (fp.abs (fp.fma RNE (fp.sqrt RTZ x1) (fp.div RTN x0 x1) (fp.mul RTN (_ +zero 4 8) x1))) (fp.sub RTP (fp.rem (fp.rem x0 (_ -oo 4 8)) (fp.mul RNE x1 x1)) (fp.add RNE (fp.neg x1) (fp.mul RTN x1 x0)))))
(assert (fp.leq (fp.roundToIntegral RTP (fp.sub RTP (fp.add RTP x0 x0) (fp.fma RTP (fp #b0 #b0011 #b1101010) x1 x0))) (fp.roundToIntegral RTZ (fp.rem (fp.rem x0 x0) (fp.roundToIntegral RNE x1)))))
(assert (fp.isNormal (fp.mul RNE x0 (fp #b1 #b0111 #b1110110))))
(check-sat)
