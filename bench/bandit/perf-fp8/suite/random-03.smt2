; tandem bandit perf: fuzzer random run 3 seed 54, timeout 5s, PAR-2 margin 9.798 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.202 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.isPositive (fp.abs x1)))
(assert (fp.isNegative (fp.sub RNE (fp.rem (fp #b1 #b0100 #b0010111) x1) (fp.sub RTP (fp #b0 #b0101 #b1100101) (_ -zero 4 8)))))
(assert (fp.geq (fp.neg (fp.mul RNE (fp.fma RTP x0 x1 x1) (fp.add RTN x1 x1))) (fp.fma RNE (fp.fma RTZ (fp.abs x1) (fp.fma RTZ x1 x0 x1) (fp.fma RTP x0 x0 x1)) (fp.add RTP (fp.fma RTZ x1 x1 x1) (fp.mul RNA x0 x0)) (fp.abs (fp.neg x1)))))
(check-sat)
