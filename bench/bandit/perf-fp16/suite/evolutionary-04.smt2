; tandem bandit perf: fuzzer evolutionary run 4 seed 25, timeout 5s, PAR-2 margin 9.614 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.386 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNaN (fp.rem (fp.fma RNE (fp.div RNE x0 x0) (fp.neg x0) (fp.fma RNA x0 (_ NaN 5 11) x0)) (fp.div RNA (fp.mul RTP x0 (_ -oo 5 11)) (fp.neg x1)))))
(assert (fp.lt (fp.div RTN (fp.roundToIntegral RTZ x0) (fp.roundToIntegral RNE x1)) (fp.div RTZ (fp.sub RTZ x1 x0) (fp.add RNA (fp #b1 #b00001 #b0101111101) x0))))
(assert (fp.lt (fp.sqrt RTZ (fp.div RTZ (fp.neg x0) (fp.abs x1))) (fp.sub RTZ (fp.abs (fp.div RNE (fp #b1 #b10110 #b1001010010) (fp #b1 #b11010 #b0110110001))) (fp.div RNA (fp.abs x1) (fp.mul RNE x1 (fp #b0 #b00101 #b0010010101))))))
(assert (fp.isNormal (fp.rem (fp.neg x0) (fp.fma RTN x0 x1 (fp #b1 #b01111 #b1001100110)))))
(assert (fp.lt (fp.neg (_ -zero 5 11)) (fp.abs (fp #b1 #b01111 #b1000001001))))
(check-sat)
