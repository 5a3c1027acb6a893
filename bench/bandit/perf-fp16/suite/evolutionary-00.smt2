; tandem bandit perf: fuzzer evolutionary run 0 seed 21, timeout 5s, PAR-2 margin 9.190 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.810 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNegative (fp.sub RNA (fp.add RNE x1 (fp #b1 #b10000 #b1111001110)) (fp.abs (_ +zero 5 11)))))
(assert (fp.isPositive (fp.rem (fp.fma RTP (fp.mul RNA x1 x1) (fp.add RTP x0 (_ +zero 5 11)) (fp.mul RTZ x0 x1)) (fp.sub RNE (fp.div RNE (_ +zero 5 11) x0) (fp.rem x1 (fp #b1 #b01011 #b1101001111))))))
(assert (fp.isPositive (fp.fma RTZ (fp.div RTP (_ -oo 5 11) x1) (fp.rem x0 (fp #b1 #b10011 #b0011110001)) (fp.sub RTN x1 (_ +zero 5 11)))))
(assert (fp.isSubnormal (fp.sub RNA (fp.rem x0 x1) (fp.sqrt RTN x1))))
(assert (fp.geq (fp.mul RTP x0 x0) (fp.div RTZ x0 (fp #b1 #b00010 #b0011001111))))
(check-sat)
