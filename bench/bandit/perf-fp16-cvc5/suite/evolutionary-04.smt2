; tandem bandit perf: fuzzer evolutionary run 4 seed 45, timeout 5s, PAR-2 margin 0.965 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.982 s
; z3 4.8.12: unsat, PAR-2 0.018 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.eq (fp.neg (fp.sqrt RTZ (fp.abs (_ -oo 5 11)))) (fp.fma RNE (fp.fma RTN (fp.div RTN x1 x0) (fp.add RTN x1 x0) (fp.rem x0 (_ +oo 5 11))) (fp.fma RTN (fp.rem x1 x0) (fp.fma RTZ x1 x1 x0) (fp.mul RNA x0 x1)) (fp.fma RNA (fp.roundToIntegral RTN (_ -oo 5 11)) (fp.mul RTP (fp #b0 #b00001 #b0111000100) (fp #b1 #b10001 #b1101011001)) (fp.fma RTN x1 x1 x1)))))
(assert (fp.geq (fp.neg (fp.sqrt RTZ (fp.neg (_ -oo 5 11)))) (fp.abs (fp.add RTP (fp.mul RNE (_ -oo 5 11) x1) (fp.rem x0 x1)))))
(assert (fp.gt (fp.rem x1 x1) (fp.sqrt RTN x1)))
(assert (fp.geq (fp.rem (fp.div RTZ (fp.rem x0 (fp #b0 #b10010 #b1101011010)) (fp.fma RTZ x1 x1 (_ -oo 5 11))) (fp.rem (fp.div RNE x1 (fp #b0 #b11011 #b0010111101)) (fp.neg (fp #b1 #b11001 #b1010111011)))) (fp.sub RNA (fp.add RTN (fp.rem x1 x0) (fp.neg x0)) (fp.roundToIntegral RTP (fp.mul RTP (fp #b1 #b11101 #b0100101111) (_ +zero 5 11))))))
(check-sat)
