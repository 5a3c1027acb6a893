; tandem bandit perf: fuzzer evolutionary run 1 seed 42, timeout 5s, PAR-2 margin 0.716 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.774 s
; z3 4.8.12: unsat, PAR-2 0.058 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNegative (fp.sub RTN (fp.neg (fp.abs x0)) (fp.rem (fp.sub RNE x0 x0) (fp.fma RTN x1 x0 (fp #b0 #b01010 #b1011100001))))))
(assert (fp.geq (fp.fma RTP x0 x1 x1) (fp.fma RNA x0 x1 (fp #b0 #b11101 #b1111000011))))
(assert (fp.leq (fp.fma RTZ (fp.sqrt RNE (fp.rem x1 x1)) (fp.mul RNA (fp.abs (_ -oo 5 11)) (fp.rem x1 (fp #b0 #b10100 #b0011101001))) (fp.sub RNE (fp.mul RNA x0 (_ +oo 5 11)) (fp.rem x0 x1))) (fp.sqrt RTN (fp.add RNA (fp.div RTP x1 (fp #b1 #b11101 #b1110111000)) (fp.fma RTZ x0 x1 x0)))))
(assert (fp.geq (fp.sqrt RTN x0) (fp.div RNE x0 x1)))
(assert (fp.isNegative (fp.sqrt RTP x0)))
(check-sat)
