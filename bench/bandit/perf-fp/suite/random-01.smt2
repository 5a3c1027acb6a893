; tandem bandit perf: fuzzer random run 1 seed 2, timeout 2s, PAR-2 margin 0.012 s
; z3 4.8.12: unsat, PAR-2 0.020 s
; cvc5 1.0.3: unsat, PAR-2 0.009 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isNaN (fp.mul RTZ (fp.sub RTZ x1 x0) (fp.abs x1))))
(assert (fp.isSubnormal (fp.add RNE (fp.fma RTZ (fp.sub RTZ x0 x0) (fp.mul RTN (_ -oo 11 53) x1) (fp.fma RTZ (fp #b0 #b01010100101 #b0100011010111011001100110111100111110001001011111110) (fp #b1 #b00111010001 #b0110110100001100011001101010100011110001001000000010) x0)) (fp.rem (fp.rem x0 x1) (fp.roundToIntegral RTP (fp #b1 #b01110100011 #b0111010110101001000011010011010011110001100010000010))))))
(assert (fp.eq (fp.abs (fp.sqrt RTN x1)) (fp.roundToIntegral RTP (fp.abs x1))))
(assert (fp.eq (fp.mul RTN (fp.sqrt RTN (_ +zero 11 53)) (fp.neg (_ -oo 11 53))) (fp.div RNE (fp.mul RNE x0 x1) (fp.div RTN (_ +oo 11 53) (fp #b1 #b00000111100 #b0111101111101111110111100000111111101000111010001010)))))
(check-sat)
