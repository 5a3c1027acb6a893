; tandem bandit perf: fuzzer evolutionary run 2 seed 43, timeout 5s, PAR-2 margin 1.619 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.653 s
; z3 4.8.12: unsat, PAR-2 0.034 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isSubnormal (fp.sub RTN (fp.fma RNE (fp.sqrt RNA x0) (fp.fma RTZ x0 x1 (_ +zero 5 11)) (fp.abs (_ -oo 5 11))) (fp.roundToIntegral RTP (fp.div RTZ (_ -oo 5 11) (fp #b0 #b10100 #b1000101100))))))
(assert (fp.geq (fp.sqrt RTP (fp.sub RTZ (fp.roundToIntegral RNA x0) (fp.sub RTN x1 x1))) (fp.fma RNE (fp.sub RTN (fp.neg x1) (fp.div RTP x1 (fp #b0 #b11010 #b1011001010))) (fp.abs (fp.sqrt RNE x0)) (fp.neg (fp.fma RNA (_ +oo 5 11) x1 (fp #b1 #b01000 #b0101110000))))))
(assert (fp.geq (fp.fma RNE (fp.roundToIntegral RTP (fp.sqrt RTP x1)) (fp.div RTN (fp.fma RNE x0 x0 x0) (fp.mul RTN x0 x0)) (fp.div RNE (fp.div RTP (fp #b1 #b10111 #b1001101100) x1) (fp.div RTZ x1 x0))) (fp.rem (fp.neg (fp.neg (fp #b1 #b00000 #b1101010010))) (fp.rem (fp.rem (fp #b1 #b11000 #b1101000001) x1) (fp.rem (fp #b1 #b00011 #b0010000111) x1)))))
(assert (fp.lt (fp.sub RTN x1 x1) (fp.rem x0 x1)))
(assert (fp.geq (fp.div RNE (fp.neg x0) (fp.rem x0 x1)) (fp.rem (fp.sqrt RNE x0) (fp.mul RTZ x0 x0))))
(check-sat)
