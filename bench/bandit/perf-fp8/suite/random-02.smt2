; tandem bandit perf: fuzzer random run 2 seed 53, timeout 5s, PAR-2 margin 2.853 s
; z3 4.8.12: unsat, PAR-2 3.210 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.357 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isSubnormal (fp.abs x1)))
(assert (fp.isNaN (fp.fma RTP (fp.div RNA (fp.fma RTP (fp #b0 #b0101 #b0000101) x1 (fp #b1 #b0111 #b1110001)) (fp.sub RNA (fp #b1 #b0100 #b0011000) (fp #b0 #b0101 #b1110111))) (fp.add RNE (fp.mul RTZ x1 x0) (fp.neg x1)) (fp.roundToIntegral RTN (fp.rem x0 x1)))))
(assert (fp.lt (fp.mul RNA (fp.sub RNE (fp.roundToIntegral RTN x1) (fp.rem x0 (fp #b0 #b1000 #b1110100))) (fp.div RNA (fp.fma RTN x0 x0 x0) (fp.fma RNE x1 x0 x0))) (fp.mul RNA (fp.add RTN (fp.div RTP (fp #b0 #b0110 #b1101111) x1) (fp.abs x1)) (fp.fma RTP (fp.sub RTZ (_ +zero 4 8) x1) (fp.add RTZ (fp #b1 #b1100 #b0111010) x1) (fp.rem (fp #b1 #b0001 #b1101110) x0)))))
(check-sat)
