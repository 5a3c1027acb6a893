; tandem bandit perf: fuzzer banditfuzz run 4 seed 55, timeout 5s, PAR-2 margin 4.470 s
; z3 4.8.12: sat, PAR-2 4.619 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.149 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isPositive (fp.sqrt RTZ (fp.add RTP x1 x0))))
(assert (fp.eq (fp.rem (fp.abs (fp.mul RNE x0 x1)) (fp.sub RTZ (fp.neg x0) (fp.roundToIntegral RNA (_ -oo 4 8)))) (fp.sqrt RNA (fp.rem (fp.mul RTN x0 x0) (fp.rem x1 x0)))))
(assert (fp.isNormal (fp.sub RNA x0 (_ +zero 4 8))))
(check-sat)
