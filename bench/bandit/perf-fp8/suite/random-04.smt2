; tandem bandit perf: fuzzer random run 4 seed 55, timeout 5s, PAR-2 margin 8.273 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 1.727 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNaN (fp.div RTZ (fp.mul RTP (fp.abs x0) (fp.mul RTP x0 x0)) (fp.div RNA (fp.sub RNE (fp #b0 #b1000 #b0100010) (_ -zero 4 8)) (fp.neg (_ -zero 4 8))))))
(assert (fp.isPositive (fp.sub RTZ (fp.add RTP (fp #b1 #b0010 #b0100111) x0) (fp.rem (fp #b1 #b1001 #b1010010) x0))))
(assert (fp.eq (fp.div RNA (fp.neg (fp.sqrt RNA x1)) (fp.abs (fp.add RTZ x1 x1))) (fp.rem (fp.fma RTZ (fp.rem x1 x0) (fp.sub RNA (fp #b1 #b0110 #b1011011) x1) (fp.rem x0 x1)) (fp.div RNE (fp.roundToIntegral RTN x0) (fp.abs (fp #b0 #b1010 #b0000101))))))
(check-sat)
