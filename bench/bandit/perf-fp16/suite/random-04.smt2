; tandem bandit perf: fuzzer random run 4 seed 25, timeout 5s, PAR-2 margin 5.764 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 4.236 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.gt (fp.fma RTZ (fp.div RTP x0 x1) (fp.sub RTZ x1 x0) (fp.div RNA x1 x1)) (fp.add RTN (fp.abs x0) (fp.fma RTZ (fp #b0 #b10011 #b0100011010) x0 x1))))
(assert (fp.isInfinite (fp.mul RNE (fp #b0 #b10110 #b1011111111) x1)))
(assert (fp.gt (fp.mul RTN (fp.fma RNE x0 x1 x0) (fp.div RTN x0 (_ -zero 5 11))) (fp.fma RTP (fp.sqrt RNA x0) (fp.neg (_ +oo 5 11)) (fp.sqrt RNE x0))))
(assert (fp.leq (fp.add RNA (fp.sub RNA (fp #b1 #b10110 #b1001111001) x0) (fp.roundToIntegral RTP (fp #b0 #b10001 #b1010011001))) (fp.neg (fp.sub RTN x0 x0))))
(assert (fp.gt (fp.abs (fp.abs (fp.rem (fp #b1 #b11010 #b1001110100) x0))) (fp.fma RTN (fp.sqrt RTN (fp.div RTZ (_ +zero 5 11) x1)) (fp.fma RTP (fp.roundToIntegral RTZ x0) (fp.rem (fp #b1 #b01011 #b0000000001) x0) (fp.sqrt RTN x0)) (fp.sub RTP (fp.neg x0) (fp.fma RNE x0 x1 x1)))))
(check-sat)
