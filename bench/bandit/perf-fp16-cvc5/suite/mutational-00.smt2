; tandem bandit perf: fuzzer mutational run 0 seed 41, timeout 5s, PAR-2 margin 1.260 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.284 s
; z3 4.8.12: unsat, PAR-2 0.025 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.eq (fp.fma RTZ (fp.mul RTN (fp.roundToIntegral RTZ (fp #b0 #b10001 #b1011100101)) (fp.sqrt RTP x1)) (fp.sqrt RTZ (fp.add RTN x0 x1)) (fp.fma RNE (fp.abs (_ -oo 5 11)) (fp.add RTZ x0 x1) (fp.fma RNA (fp #b0 #b10111 #b0000001100) x0 (_ +zero 5 11)))) (fp.mul RTN (fp.sub RTZ (fp.mul RTP x0 x0) (fp.roundToIntegral RTZ x1)) (fp.rem (fp.fma RTN x1 x0 (_ -oo 5 11)) (fp.add RNA x0 (_ +zero 5 11))))))
(assert (fp.geq (fp.fma RTP (fp.neg (fp.abs x0)) (fp.rem (fp.add RNA x0 x0) (fp.rem x0 x1)) (fp.rem (fp.div RNE (fp #b1 #b10101 #b1100001001) x0) (fp.add RNE (fp #b0 #b01111 #b1101010000) (fp #b1 #b11101 #b0011001101)))) (fp.rem (fp.div RTN (fp.div RNA x0 x1) (fp.rem x1 x0)) (fp.div RNA (fp.rem (_ -zero 5 11) x1) (fp.sub RNA x0 x1)))))
(assert (fp.gt (fp.neg (fp.fma RNE x1 x1 (_ +zero 5 11))) (fp.add RNE (fp.rem x0 x0) (fp.div RNA (_ -zero 5 11) x0))))
(check-sat)
