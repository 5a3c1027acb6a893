; tandem bandit perf: fuzzer mutational run 1 seed 42, timeout 5s, PAR-2 margin 0.830 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.846 s
; z3 4.8.12: unsat, PAR-2 0.016 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.geq (fp.neg (fp.neg (fp.neg x0))) (fp.fma RNE (fp.sub RNA (fp.sub RTN x0 x0) (fp.roundToIntegral RNE (fp #b0 #b01100 #b0111100001))) (fp.sqrt RTN (fp.div RNA x1 x0)) (fp.div RTZ (fp.fma RTN (fp #b0 #b11011 #b1101010100) x1 (_ -zero 5 11)) (fp.fma RNE (fp #b1 #b10101 #b1100110011) x1 x0)))))
(assert (fp.isNegative (fp.abs (fp.fma RTN (fp.mul RNA x0 x0) (fp.sqrt RTP x1) (fp.mul RTZ (_ -zero 5 11) x0)))))
(assert (fp.geq (fp.fma RNA (fp.sqrt RNA x0) (fp.sub RTN x0 x1) (fp.div RNE x0 x0)) (fp.add RTZ (fp.mul RNE x1 x0) (fp.add RTP x0 (fp #b1 #b00100 #b0110100100)))))
(check-sat)
