; tandem bandit perf: fuzzer mutational run 3 seed 24, timeout 5s, PAR-2 margin 9.737 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.263 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNaN (fp.rem (_ -oo 5 11) x1)))
(assert (fp.isNormal (fp.sqrt RNE (fp.rem (fp.sqrt RTZ x1) (fp.rem x1 x0)))))
(assert (fp.isZero (fp.sub RNA x0 x0)))
(assert (fp.isNaN (fp.sqrt RNA (fp.sqrt RTP (fp.neg x0)))))
(assert (fp.isSubnormal (fp.abs (fp.abs x1))))
(check-sat)
