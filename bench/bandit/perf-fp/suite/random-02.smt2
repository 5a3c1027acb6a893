; tandem bandit perf: fuzzer random run 2 seed 3, timeout 2s, PAR-2 margin 0.000 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: timeout, PAR-2 4.000 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.geq (fp.fma RTP (fp.neg x1) (fp.mul RTZ x1 x0) (fp.abs x0)) (fp.sub RTP (fp.div RTZ x0 (fp #b1 #b00010110100 #b0000011110101000111010111101111010001000110110101111)) (fp.sub RTP (fp #b1 #b11111111100 #b1000111110111000011001011001110011011111000010000010) x1))))
(assert (fp.leq (fp.fma RNE (fp.mul RTN (fp.mul RTP (_ -zero 11 53) x1) (fp.fma RNE x0 x1 (_ +oo 11 53))) (fp.sub RNE (fp.abs x0) (fp.sub RNE x0 x0)) (fp.div RTZ (fp.abs x0) (fp.roundToIntegral RNE (fp #b0 #b00100110111 #b0101110011011001011001011011001100100100110110101101)))) (fp.fma RNA (fp.sqrt RNE (fp.sub RNA (fp #b1 #b11011100011 #b0101010000111001011111100110110111000111110101010001) x1)) (fp.fma RTN (fp.rem (_ -zero 11 53) x0) (fp.abs x0) (fp.mul RNA x1 x1)) (fp.add RNE (fp.mul RTP x1 (_ +zero 11 53)) (fp.roundToIntegral RTP x0)))))
(assert (fp.isPositive (fp.mul RTP (fp.fma RNE (fp #b1 #b10011111110 #b0111000100101001010100001011100110100000100010011110) (fp #b1 #b01010110001 #b0100001001000110010001100011111001000111100111010101) x1) (fp.abs x0))))
(check-sat)
