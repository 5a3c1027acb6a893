; tandem bandit perf: fuzzer mutational run 3 seed 44, timeout 5s, PAR-2 margin 1.113 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.164 s
; z3 4.8.12: unsat, PAR-2 0.052 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.geq (fp.neg (fp.roundToIntegral RTZ x0)) (fp.sqrt RTN (fp.add RNE x1 (_ -zero 5 11)))))
(assert (fp.eq (fp.mul RTZ (fp.sqrt RTP x0) (fp.add RTN (_ -oo 5 11) x0)) (fp.div RTN (fp.abs (_ -zero 5 11)) (fp.rem x0 x1))))
(assert (fp.eq (fp.fma RTP (fp.sqrt RNA (fp.sub RTZ x1 x0)) (fp.rem (fp.abs x1) (fp.add RNE x0 x0)) (fp.fma RTN (fp.sqrt RTP x1) (fp.rem (fp #b0 #b11101 #b1000110011) x1) (fp.mul RNA x0 (fp #b0 #b01010 #b0110110001)))) (fp.fma RNA (fp.sqrt RTZ (fp.sub RTN (fp #b0 #b00011 #b1101100101) x0)) (fp.rem (fp.neg x1) (fp.roundToIntegral RNA x0)) (fp.div RTN (fp.roundToIntegral RNE (_ +zero 5 11)) (fp.div RNA x0 x0)))))
(assert (fp.isNormal (fp.div RTP (fp.roundToIntegral RTN (fp.roundToIntegral RTP (_ +oo 5 11))) (fp.fma RNA (fp.neg x1) (fp.rem x1 x0) (fp.fma RNE x0 x1 (fp #b1 #b00111 #b0010000100))))))
(check-sat)
