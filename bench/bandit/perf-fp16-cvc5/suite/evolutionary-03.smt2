; tandem bandit perf: fuzzer evolutionary run 3 seed 44, timeout 5s, PAR-2 margin 1.019 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.062 s
; z3 4.8.12: unsat, PAR-2 0.043 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.leq (fp.rem (fp.add RTN (fp.add RTN x0 x0) (fp.mul RTN x1 x1)) (fp.roundToIntegral RTN (fp.neg x1))) (fp.div RTZ (fp.fma RTP (fp.div RTZ (_ +oo 5 11) x1) (fp.abs x0) (fp.fma RTZ x1 (_ +zero 5 11) x0)) (fp.add RTN (fp.fma RTN x0 (fp #b1 #b01001 #b1111111110) (fp #b0 #b00011 #b0101010000)) (fp.add RNA x1 x0)))))
(assert (fp.eq (fp.mul RTZ (fp.div RTN (fp.mul RTN x1 x1) (fp.mul RTN (_ +zero 5 11) x0)) (fp.sub RTP (fp.fma RTP (_ +oo 5 11) x0 (_ -zero 5 11)) (fp.abs x1))) (fp.mul RNA (fp.rem (fp.roundToIntegral RNE x0) (fp.mul RTZ x1 (fp #b1 #b10010 #b1010101110))) (fp.roundToIntegral RNA (fp.roundToIntegral RNA (_ +oo 5 11))))))
(assert (fp.eq (fp.abs (fp.sqrt RNA (fp.sub RNA (_ +zero 5 11) x1))) (fp.add RTP (fp.sqrt RNE (fp.rem x1 x0)) (fp.sub RTZ (fp.abs x1) (fp.div RNE x1 x1)))))
(assert (fp.leq (fp.add RNE (fp.div RNE (fp.rem (fp #b0 #b10111 #b1011011100) x1) (fp.sub RNA x1 x1)) (fp.rem (fp.add RNE (_ -oo 5 11) x0) (fp.rem x1 (fp #b1 #b00000 #b1101001101)))) (fp.fma RNE (fp.abs (fp.neg x1)) (fp.roundToIntegral RNA (fp.mul RTN x0 x1)) (fp.sqrt RNA (fp.abs x0)))))
(check-sat)
