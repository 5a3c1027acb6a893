; tandem bandit perf: fuzzer evolutionary run 0 seed 51, timeout 5s, PAR-2 margin 9.203 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.797 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNaN (fp.sub RTZ (fp.mul RNE (fp.fma RTP x0 x0 x1) (fp.fma RNA x1 (_ +zero 4 8) x1)) (fp.sub RTP (fp.mul RTZ (fp #b0 #b1010 #b1101101) x0) (fp.sqrt RTP x0)))))
(assert (fp.isNaN (fp.fma RTN (fp.fma RTN (fp.mul RNE x0 x1) (fp.sqrt RTP x1) (fp.rem x1 x1)) (fp.roundToIntegral RTN (fp.sub RTP (fp #b1 #b1011 #b0001011) x1)) (fp.fma RTP (fp.fma RTN x0 x1 x1) (fp.add RNE (fp #b0 #b1001 #b0111110) x0) (fp.abs x1)))))
(assert (fp.isPositive (fp.rem (fp.neg (fp.add RNE (_ -zero 4 8) x1)) (fp.fma RTZ (fp.fma RTN x1 x0 (fp #b0 #b1101 #b0000111)) (fp.roundToIntegral RTZ x0) (fp.rem x1 (_ -oo 4 8))))))
(assert (fp.leq (fp.neg (fp.mul RNA (fp.div RTZ (fp #b0 #b0011 #b1110101) x1) (fp.mul RNE x1 x1))) (fp.roundToIntegral RTP (fp.add RTN (fp.sqrt RNE x1) (fp.div RNE x1 x0)))))
(check-sat)
