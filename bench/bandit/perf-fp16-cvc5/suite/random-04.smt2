; tandem bandit perf: fuzzer random run 4 seed 45, timeout 5s, PAR-2 margin 0.598 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.645 s
; z3 4.8.12: unsat, PAR-2 0.047 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNaN (fp.rem (fp.sqrt RTZ (fp.div RTN x0 x0)) (fp.mul RNA (fp.mul RTN x1 x1) (fp.div RNE x1 x1)))))
(assert (fp.isPositive (fp.rem (fp.rem (fp.sub RNE x1 x1) (fp.add RTN x1 x0)) (fp.rem (fp.rem x1 x0) (fp.rem x0 x1)))))
(assert (fp.gt (fp.neg x1) (fp.fma RTP x0 x0 x0)))
(assert (fp.isZero (fp.abs x1)))
(assert (fp.isNormal (fp.neg (fp.fma RTP (fp.mul RTN x1 x0) (fp.sub RTN x1 x0) (fp.add RTN x0 x1)))))
(check-sat)
