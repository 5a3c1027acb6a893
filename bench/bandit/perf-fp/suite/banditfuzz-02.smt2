; tandem bandit perf: fuzzer banditfuzz run 2 seed 3, timeout 2s, PAR-2 margin 0.000 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: timeout, PAR-2 4.000 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.gt (fp.neg (fp.neg x1)) (fp.sqrt RTP (fp.mul RTZ x1 x1))))
(assert (fp.gt (fp.abs x0) (fp.div RNE x0 x1)))
(assert (fp.isInfinite (fp.fma RNA (fp.div RTZ (fp.sub RTN x0 (fp #b0 #b11100000010 #b0000000010101111101110100010010000111000101011011011)) (fp.roundToIntegral RTP x0)) (fp.fma RNE (fp.roundToIntegral RTN (fp #b1 #b00010101110 #b1111000100011010011000100101000001001001011001101010)) (fp.abs x0) (fp.sqrt RTZ (fp #b0 #b11111111100 #b1000000100011110101001110101101101010011010100000101))) (fp.roundToIntegral RTZ (fp.fma RNA (_ NaN 11 53) x1 (_ NaN 11 53))))))
(assert (fp.geq (fp.neg x1) (fp.fma RNA x1 (_ +oo 11 53) x0)))
(assert (fp.isPositive (fp.mul RTP x0 x1)))
(check-sat)
