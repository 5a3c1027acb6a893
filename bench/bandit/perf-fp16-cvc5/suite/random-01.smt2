; tandem bandit perf: fuzzer random run 1 seed 42, timeout 5s, PAR-2 margin 0.600 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.626 s
; z3 4.8.12: unsat, PAR-2 0.026 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.lt (fp.roundToIntegral RTN (fp.sqrt RTN (fp.sub RNA x0 x1))) (fp.fma RNA (fp.sqrt RTP (fp.sub RTN x1 x0)) (fp.sqrt RNA (fp.neg x0)) (fp.sqrt RTN (fp.sub RNA x1 x0)))))
(assert (fp.lt (fp.div RTP (fp.sub RNA (fp.div RTZ x0 (_ -oo 5 11)) (fp.sub RNE x0 (fp #b1 #b10110 #b1001011111))) (fp.div RNA (fp.add RTN (_ -zero 5 11) x1) (fp.fma RTN x1 (fp #b1 #b11110 #b0101000110) x1))) (fp.sub RTN (fp.sqrt RNA (fp.abs x1)) (fp.fma RTP (fp.neg (fp #b0 #b01110 #b0001111100)) (fp.roundToIntegral RTP x1) (fp.rem (_ +zero 5 11) (fp #b1 #b01101 #b1101011111))))))
(assert (fp.isNegative (fp.sub RNA (fp.add RNA (_ +oo 5 11) x0) (fp.abs (_ -oo 5 11)))))
(assert (fp.gt (fp.sub RNE (fp.neg (fp.roundToIntegral RNA (fp #b1 #b10010 #b1100110111))) (fp.add RNE (fp.roundToIntegral RNA x0) (fp.abs x0))) (fp.add RTP (fp.sqrt RNA (fp.roundToIntegral RNE x0)) (fp.roundToIntegral RTP (fp.mul RNA x0 (_ -oo 5 11))))))
(check-sat)
