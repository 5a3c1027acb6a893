; tandem bandit perf: fuzzer random run 0 seed 41, timeout 5s, PAR-2 margin 0.630 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.651 s
; z3 4.8.12: unsat, PAR-2 0.021 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNormal (fp.add RNE (fp.fma RTN (fp.abs (_ -zero 5 11)) (fp.rem x1 x0) (fp.sub RTP x1 (_ -oo 5 11))) (fp.rem (fp.div RTN x0 (fp #b0 #b11010 #b1010101101)) (fp.abs x0)))))
(assert (fp.isPositive (fp.rem (fp.fma RNE (fp.roundToIntegral RTP x0) (fp.roundToIntegral RTP (_ +oo 5 11)) (fp.roundToIntegral RNE x0)) (fp.sub RTZ (fp.div RTZ x1 x1) (fp.add RNE x0 x1)))))
(assert (fp.eq (fp.div RNA (fp.mul RNA (fp.add RTP x0 x1) (fp.mul RNE x0 (fp #b0 #b01101 #b1000011011))) (fp.sqrt RNA (fp.sub RTP (_ +zero 5 11) (fp #b1 #b01011 #b1011001101)))) (fp.mul RTP (fp.abs (fp.add RTP x0 (_ +oo 5 11))) (fp.abs (fp.rem x0 x1)))))
(assert (fp.isNormal (fp.add RNA (fp.rem (fp.sub RTP x0 (fp #b1 #b00101 #b0111010001)) (fp.abs x1)) (fp.fma RNE (fp.roundToIntegral RTZ (fp #b0 #b10000 #b0011111011)) (fp.mul RNE (_ +zero 5 11) x0) (fp.abs (_ +zero 5 11))))))
(check-sat)
