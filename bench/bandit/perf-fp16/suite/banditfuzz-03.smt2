; tandem bandit perf: fuzzer banditfuzz run 3 seed 24, timeout 5s, PAR-2 margin 9.709 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.291 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.lt (fp.fma RNA (_ -oo 5 11) x1 (fp #b1 #b01011 #b0001010111)) (fp.roundToIntegral RTN x0)))
(assert (fp.eq (fp.sqrt RNE (fp.roundToIntegral RNA (fp.roundToIntegral RTZ x1))) (fp.roundToIntegral RTN (fp.add RTP (fp.rem (fp #b1 #b11101 #b1011011101) x1) (fp.div RNA x0 x1)))))
(assert (fp.isZero (fp.roundToIntegral RNA x0)))
(assert (fp.isPositive (fp.sqrt RNA (fp.fma RTN (fp.neg x0) (fp.add RNA x1 (fp #b0 #b01110 #b0010001111)) (fp.roundToIntegral RTZ x0)))))
(assert (fp.isPositive (fp.abs (fp.fma RTZ x1 x1 (_ -zero 5 11)))))
(check-sat)
