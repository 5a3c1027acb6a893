; tandem bandit perf: fuzzer banditfuzz run 2 seed 53, timeout 5s, PAR-2 margin 2.007 s
; z3 4.8.12: unsat, PAR-2 2.361 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.353 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isNegative (fp.fma RTP (fp.abs (fp.roundToIntegral RTZ x0)) (fp.abs (fp.abs x1)) (fp.roundToIntegral RNE (fp.rem x1 (fp #b1 #b1000 #b0100001))))))
(assert (fp.isInfinite (fp.sub RNA (fp.rem (fp.mul RNA x1 (_ -zero 4 8)) (fp.fma RNE x1 x1 x1)) (fp.mul RTN (fp.roundToIntegral RNA x1) (fp.sqrt RNE x0)))))
(assert (fp.geq (fp.sub RTZ (fp.mul RTN (fp.add RNE x1 x0) (fp.abs x0)) (fp.neg (fp.sub RNE x1 x1))) (fp.div RNA (fp.rem (fp.neg x0) (fp.div RTN x1 (_ +zero 4 8))) (fp.add RTN (fp.sub RNE (_ +oo 4 8) x0) (fp.abs (fp #b0 #b0011 #b1101110))))))
(assert (fp.isNegative (fp.roundToIntegral RTZ (fp.sub RNE x0 (_ +oo 4 8)))))
(assert (fp.lt (fp.sub RNA (fp.mul RTZ (fp #b1 #b1001 #b0100110) x0) (fp.mul RTZ x1 x1)) (fp.neg (fp.sub RTZ (fp #b0 #b0100 #b0110111) x1))))
(check-sat)
