; tandem bandit perf: fuzzer random run 2 seed 43, timeout 5s, PAR-2 margin 0.826 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.864 s
; z3 4.8.12: unsat, PAR-2 0.038 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.gt (fp.neg (fp.mul RTN (fp.fma RNE x1 x1 x0) (fp.mul RTZ x1 x0))) (fp.sub RNA (fp.sqrt RTN (fp.rem x0 (_ +oo 5 11))) (fp.mul RNE (fp.abs x0) (fp.mul RNA x1 x1)))))
(assert (fp.isNegative (fp.div RTZ (fp.sub RNA (fp.neg (_ -oo 5 11)) (fp.mul RTZ x0 x0)) (fp.fma RNE (fp.rem x0 x0) (fp.rem x0 (fp #b1 #b00101 #b0110000110)) (fp.neg x1)))))
(assert (fp.isNaN (fp.div RNE (fp.sub RNE (fp.rem x0 x1) (fp.abs (_ -oo 5 11))) (fp.sub RNA (fp.div RTP x1 x1) (fp.sub RTP (fp #b1 #b00101 #b0101011111) x1)))))
(assert (fp.isNaN (fp.rem x0 (fp #b0 #b11101 #b1110111001))))
(assert (fp.isSubnormal (fp.roundToIntegral RTN (fp.rem (fp.div RTZ (_ -oo 5 11) x1) (fp.div RTP x1 x0)))))
(check-sat)
