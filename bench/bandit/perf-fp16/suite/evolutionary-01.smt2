; tandem bandit perf: fuzzer evolutionary run 1 seed 22, timeout 5s, PAR-2 margin 9.863 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.137 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.lt (fp.rem x1 x0) (fp.mul RTP x0 (fp #b1 #b11000 #b0010100011))))
(assert (fp.isPositive (fp.roundToIntegral RTN (fp.div RNA x0 x0))))
(assert (fp.isNaN (fp.mul RNA (fp.fma RTP (fp.mul RTZ x1 (fp #b0 #b01010 #b0100001011)) (fp.mul RNE x0 (_ NaN 5 11)) (fp.roundToIntegral RNA x1)) (fp.roundToIntegral RNA (fp.mul RTP (_ -oo 5 11) (_ +zero 5 11))))))
(check-sat)
