; tandem bandit perf: fuzzer banditfuzz run 0 seed 1, timeout 2s, PAR-2 margin 0.012 s
; z3 4.8.12: unsat, PAR-2 0.020 s
; cvc5 1.0.3: unsat, PAR-2 0.008 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.gt (fp.add RTN x1 x0) (fp.mul RTZ x0 (_ +oo 8 24))))
(assert (fp.isZero (fp.sub RTN (fp.fma RTN (fp.mul RNE x1 x1) (fp.roundToIntegral RTP x0) (fp.rem x0 x0)) (fp.roundToIntegral RTN (fp.sqrt RTN x1)))))
(assert (fp.eq (fp.fma RNE (fp.add RNA (fp.sqrt RTZ x0) (fp.div RTP (fp #b0 #b11100101 #b11110101101000010001100) x1)) (fp.roundToIntegral RTN (fp.roundToIntegral RNE x1)) (fp.sub RNA (fp.mul RTN x0 x1) (fp.mul RNA (_ -oo 8 24) x0))) (fp.abs (fp.neg (fp.fma RNA (fp #b1 #b11111100 #b10101001001110100110100) x1 x0)))))
(assert (fp.leq (fp.sqrt RTP (_ +zero 8 24)) (fp.sqrt RNE (_ NaN 8 24))))
(assert (fp.eq (fp.sub RNA (fp.mul RTZ x0 (_ +oo 8 24)) (fp.div RTN x0 x1)) (fp.mul RTZ (fp.mul RTP x0 x0) (fp.roundToIntegral RNA x0))))
(check-sat)
