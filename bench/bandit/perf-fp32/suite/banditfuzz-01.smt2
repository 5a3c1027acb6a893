; tandem bandit perf: fuzzer banditfuzz run 1 seed 2, timeout 2s, PAR-2 margin 0.011 s
; z3 4.8.12: unsat, PAR-2 0.017 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.lt (fp.mul RNA (fp.add RNA x0 x1) (fp.fma RTN x1 x0 x0)) (fp.abs (fp.mul RTZ x1 x1))))
(assert (fp.lt (fp.sub RTN (fp.roundToIntegral RTN (fp.sqrt RTP x0)) (fp.sqrt RTN (fp.fma RNE x1 x0 (fp #b0 #b01001111 #b11100011010100110101100)))) (fp.add RNE (fp.abs (fp.mul RNA x0 x1)) (fp.abs (fp.abs x1)))))
(assert (fp.isInfinite (fp.sub RNA x1 (fp #b0 #b10000000 #b11111000110010011001001))))
(assert (fp.isZero (fp.abs (fp #b0 #b10101011 #b00110100110011001000110))))
(assert (fp.eq (fp.rem x0 x0) (fp.add RNA (_ -zero 8 24) x1)))
(check-sat)
