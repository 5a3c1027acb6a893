; tandem bandit perf: fuzzer banditfuzz run 3 seed 54, timeout 5s, PAR-2 margin 3.289 s
; z3 4.8.12: sat, PAR-2 3.500 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.210 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.gt (fp.div RNE (_ -oo 4 8) x0) (fp.mul RNA x0 (_ -zero 4 8))))
(assert (fp.lt (fp.roundToIntegral RTN (fp.roundToIntegral RTN (fp.mul RTN x1 x0))) (fp.roundToIntegral RNE (fp.mul RTP (fp.sub RTZ x1 x0) (fp.mul RNA x1 x1)))))
(assert (fp.eq (fp.mul RNA (fp.mul RTZ (fp #b1 #b1000 #b0100111) x0) (fp.div RTZ x0 (fp #b0 #b0011 #b1000100))) (fp.rem (fp.add RNA (fp #b1 #b1011 #b0101111) x0) (fp.fma RNA x1 x1 x0))))
(check-sat)
