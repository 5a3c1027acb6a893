; tandem bandit perf: fuzzer banditfuzz run 4 seed 45, timeout 5s, PAR-2 margin 1.171 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.188 s
; z3 4.8.12: unsat, PAR-2 0.017 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.eq (fp.mul RTZ (fp.sqrt RTP (fp.abs (_ -oo 5 11))) (fp.fma RTP (fp.mul RTP x1 x1) (fp.fma RTP x1 x0 x1) (fp.div RTZ x1 x1))) (fp.fma RNE (fp.rem (fp.div RTN x1 x0) (fp.div RNA x1 x0)) (fp.fma RTP (fp.mul RNA x1 x0) (fp.div RTZ x1 x0) (fp.add RTZ x1 (fp #b1 #b01110 #b1001101001))) (fp.fma RNA (fp.roundToIntegral RTN (_ -oo 5 11)) (fp.mul RTP (fp #b0 #b00001 #b0111000100) (fp #b1 #b10001 #b1101011001)) (fp.fma RTP x1 x1 x1)))))
(assert (fp.eq (fp.neg (fp.sqrt RTZ (fp.neg (_ -oo 5 11)))) (fp.abs (fp.roundToIntegral RTP (fp.mul RTN (_ -oo 5 11) x1)))))
(assert (fp.eq (fp.rem x1 x1) (fp.rem x0 x1)))
(assert (fp.eq (fp.div RTN (fp.div RNE (fp.rem x0 (fp #b0 #b00100 #b0111110010)) (fp.add RTN x0 x1)) (fp.rem (fp.div RNE x1 (fp #b0 #b11011 #b0010111101)) (fp.neg (fp #b1 #b11001 #b1010111011)))) (fp.mul RTP (fp.roundToIntegral RNE (fp.fma RNA (fp #b0 #b00110 #b0010110101) x0 (fp #b1 #b01010 #b0110001111))) (fp.fma RNA (fp.div RTN (fp #b1 #b10101 #b0111010001) x1) (fp.add RTP x0 (_ +oo 5 11)) (fp.mul RTP x0 (fp #b1 #b10011 #b0010001110))))))
(check-sat)
