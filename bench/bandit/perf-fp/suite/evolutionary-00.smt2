; tandem bandit perf: fuzzer evolutionary run 0 seed 1, timeout 2s, PAR-2 margin 0.026 s
; z3 4.8.12: unsat, PAR-2 0.034 s
; cvc5 1.0.3: unsat, PAR-2 0.008 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isInfinite (fp.div RTZ (fp.add RNA x0 x1) (fp.add RTZ x1 x1))))
(assert (fp.isNegative (fp.div RTP (fp.roundToIntegral RTN (fp.rem x0 x1)) (fp.rem (fp.mul RNA x0 (fp #b1 #b01111101110 #b0010101111000111111011100111111100010111001111010110)) (fp.fma RTP (_ +oo 11 53) x1 x0)))))
(assert (fp.eq (fp.fma RTN x0 x1 x0) (fp.mul RNA (_ +oo 11 53) (_ -zero 11 53))))
(assert (fp.lt (fp.abs (fp.roundToIntegral RNE (fp.add RTP x0 x0))) (fp.add RNE (fp.roundToIntegral RTN (fp.mul RNA (_ NaN 11 53) x1)) (fp.add RTZ (fp.roundToIntegral RTZ (_ +zero 11 53)) (fp.div RTN (fp #b0 #b11010000010 #b0000111101100000101101100001000101110001010000010001) x0)))))
(assert (fp.geq (fp.sqrt RTZ (fp.sub RTZ x0 (_ NaN 11 53))) (fp.neg (fp.div RNA (fp #b1 #b00101001011 #b1010011111111111001101110001001111000001011000111001) x1))))
(check-sat)
