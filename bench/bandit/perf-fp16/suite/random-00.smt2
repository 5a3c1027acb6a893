; tandem bandit perf: fuzzer random run 0 seed 21, timeout 5s, PAR-2 margin 9.779 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.221 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNegative (fp.rem x1 (fp #b1 #b00100 #b1111000110))))
(assert (fp.isNormal (fp.rem (fp.neg (fp.add RNA (fp #b1 #b01100 #b1100011011) x0)) (fp.rem (fp.neg x0) (fp.add RNA x0 x1)))))
(assert (fp.gt (fp.neg x1) (fp.mul RNE (_ -zero 5 11) x1)))
(check-sat)
