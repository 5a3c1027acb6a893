; tandem bandit perf: fuzzer mutational run 2 seed 43, timeout 5s, PAR-2 margin 0.964 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.001 s
; z3 4.8.12: unsat, PAR-2 0.036 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.gt (fp.mul RNE (fp.neg (fp.sub RTN (fp #b0 #b11101 #b1010010100) x0)) (fp.sub RNE (fp.fma RTP x0 x1 x1) (fp.add RNA (fp #b1 #b01010 #b1110111010) (fp #b0 #b00100 #b1010100100)))) (fp.sub RTP (fp.fma RNA (fp.fma RTN x0 (fp #b0 #b11100 #b0011001010) x1) (fp.fma RTP x1 x1 (_ -oo 5 11)) (fp.rem x1 x0)) (fp.rem (fp.sqrt RTN x1) (fp.add RNE (fp #b1 #b00111 #b0100001100) x1)))))
(assert (fp.lt (fp.roundToIntegral RNE (_ -oo 5 11)) (fp.sub RNA x1 x0)))
(assert (fp.gt (fp.fma RTZ (fp.rem (fp.add RTN (_ +oo 5 11) x1) (fp.add RNE x1 x1)) (fp.neg (fp.add RTN x1 (_ -oo 5 11))) (fp.roundToIntegral RNE (fp.neg x1))) (fp.fma RTP (fp.add RNE (fp.rem (fp #b0 #b00001 #b1111001011) x0) (fp.div RNE x0 x0)) (fp.mul RTP (fp.fma RTN (fp #b1 #b00100 #b1001101001) (_ -oo 5 11) (_ +oo 5 11)) (fp.div RTP x0 x0)) (fp.div RNA (fp.abs (_ +oo 5 11)) (fp.mul RTP x0 (fp #b0 #b00101 #b1000100111))))))
(assert (fp.gt (fp.mul RTP x0 (fp #b1 #b00001 #b1000111011)) (fp.sqrt RNE x1)))
(check-sat)
