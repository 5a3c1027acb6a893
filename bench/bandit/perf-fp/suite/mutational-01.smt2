; tandem bandit perf: fuzzer mutational run 1 seed 2, timeout 2s, PAR-2 margin 0.035 s
; z3 4.8.12: unsat, PAR-2 0.044 s
; cvc5 1.0.3: unsat, PAR-2 0.010 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isNaN (fp.mul RTZ (fp.add RNA x0 (_ NaN 11 53)) (fp.mul RNE x1 x0))))
(assert (fp.eq (fp.fma RTN (fp.abs x0) (fp.rem x1 (_ -zero 11 53)) (fp.fma RTN x1 x0 (fp #b0 #b10110010100 #b0000100111010101100010111000000011100001100001110010))) (fp.neg (fp.div RNA x1 (_ NaN 11 53)))))
(assert (fp.isNegative (fp.fma RTN (fp.roundToIntegral RNE x1) (fp.roundToIntegral RTP x0) (fp.mul RTN (_ +oo 11 53) x1))))
(assert (fp.leq (fp.fma RTP (fp.abs x1) (fp.fma RTZ x0 x1 (_ +oo 11 53)) (fp.rem x1 x1)) (fp.sub RTP (fp.rem x1 x0) (fp.rem x1 x0))))
(assert (fp.eq (fp.neg (fp.abs (fp.sqrt RTP (fp #b1 #b00110001001 #b0101110011010000011100111011011000001101011011011111)))) (fp.add RTZ (fp.neg (fp.rem x0 x1)) (fp.roundToIntegral RNE (fp.sqrt RNA x1)))))
(check-sat)
