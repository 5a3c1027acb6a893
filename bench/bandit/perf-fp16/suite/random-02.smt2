; tandem bandit perf: fuzzer random run 2 seed 23, timeout 5s, PAR-2 margin 9.656 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.344 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNegative (fp.mul RTZ x0 x1)))
(assert (fp.geq (fp.sub RTZ (fp #b0 #b00111 #b0110010000) (fp #b1 #b00001 #b0111100101)) (fp.sub RNE x1 (_ -zero 5 11))))
(assert (fp.isNaN (fp.sqrt RTN x1)))
(assert (fp.gt (fp.div RNE (fp #b1 #b00011 #b1011000010) x1) (fp.add RTP x0 (_ +zero 5 11))))
(assert (fp.geq (fp.neg x0) (fp.rem x1 x0)))
(check-sat)
