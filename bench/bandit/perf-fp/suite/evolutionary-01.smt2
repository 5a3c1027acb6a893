; tandem bandit perf: fuzzer evolutionary run 1 seed 2, timeout 2s, PAR-2 margin 0.005 s
; z3 4.8.12: unsat, PAR-2 0.014 s
; cvc5 1.0.3: unsat, PAR-2 0.009 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.lt (fp.mul RNA (fp.add RNA x0 (_ NaN 11 53)) (fp.mul RNE x1 x0)) (fp.rem (fp.sub RNA (fp #b0 #b00000010110 #b0001001000001101101000000110000111000001001011111101) (_ NaN 11 53)) (fp.rem (fp #b0 #b11100001010 #b0010111111111011101010000000111110001100100110010010) (fp #b0 #b10110011000 #b1111001000100011011011001100101010110011010011001100)))))
(assert (fp.isNormal (fp.sqrt RTN (fp.abs x0))))
(assert (fp.geq (fp.fma RTN (fp.roundToIntegral RNA x1) (fp.roundToIntegral RTP x0) (fp.mul RTN (_ +oo 11 53) x1)) (fp.abs (fp.sqrt RNA (fp #b1 #b00011100100 #b0111010111110101100110011001111010011001100101110000)))))
(assert (fp.leq (fp.fma RTP (fp.abs x1) (fp.fma RTZ x0 x1 (_ +oo 11 53)) (fp.rem x1 x1)) (fp.sub RTP (fp.rem x1 x0) (fp.rem x1 x0))))
(assert (fp.isNormal (fp.neg (fp.abs (fp.sqrt RTP (fp #b1 #b00110001001 #b0101110011010000011100111011011000001101011011011111))))))
(check-sat)
