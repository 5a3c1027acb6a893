; tandem bandit perf: fuzzer random run 1 seed 22, timeout 5s, PAR-2 margin 9.626 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.374 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNaN (fp.rem (fp.fma RNE (fp.mul RTN (fp #b0 #b00010 #b0011001001) (_ -oo 5 11)) (fp.mul RTN x0 x1) (fp.roundToIntegral RTN x1)) (fp.div RNA (fp.sqrt RNE x0) (fp.neg x1)))))
(assert (fp.geq (fp.div RTZ (fp.rem x0 x0) (fp.sub RTN x0 x1)) (fp.rem (fp.neg x0) (fp.mul RTZ (fp #b1 #b01111 #b0010101001) x1))))
(assert (fp.isNormal (fp.roundToIntegral RTZ (fp.sqrt RTN (fp.roundToIntegral RNE (fp #b0 #b01110 #b0111111011))))))
(assert (fp.isZero (fp.sub RTZ x1 x1)))
(check-sat)
