; tandem bandit perf: fuzzer banditfuzz run 1 seed 2, timeout 2s, PAR-2 margin 0.008 s
; z3 4.8.12: unsat, PAR-2 0.015 s
; cvc5 1.0.3: unsat, PAR-2 0.006 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isPositive (fp.mul RNA (fp.add RNA x0 (_ NaN 11 53)) (fp.mul RNE x1 x0))))
(assert (fp.gt (fp.sqrt RTN (fp.abs x0)) (fp.neg (fp.fma RTP (_ -oo 11 53) (_ -oo 11 53) x1))))
(assert (fp.isNegative (fp.fma RTN (fp.roundToIntegral RNA x1) (fp.roundToIntegral RTN x0) (fp.mul RTN (_ +oo 11 53) x1))))
(assert (fp.isNormal (fp.fma RTP (fp.abs x1) (fp.fma RTN x0 x1 (_ +oo 11 53)) (fp.rem x1 x1))))
(assert (fp.isZero (fp.neg (fp.abs (fp.sqrt RTP (fp #b1 #b00110001001 #b0101110011010000011100111011011000001101011011011111))))))
(check-sat)
