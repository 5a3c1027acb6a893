; tandem bandit perf: fuzzer mutational run 0 seed 21, timeout 5s, PAR-2 margin 9.726 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.274 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNegative (fp.mul RTP (fp.neg (fp.fma RTP x0 x1 x0)) (fp.add RNA (fp.rem x1 x1) (fp.div RNE x0 x0)))))
(assert (fp.geq (fp.roundToIntegral RTN (fp.neg x0)) (fp.rem (fp.sub RTZ (fp #b1 #b11100 #b1100011011) x1) (fp.abs x1))))
(assert (fp.gt (fp.roundToIntegral RTZ x0) (fp.sub RTP (_ +zero 5 11) x0)))
(check-sat)
