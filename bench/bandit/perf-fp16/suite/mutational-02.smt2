; tandem bandit perf: fuzzer mutational run 2 seed 23, timeout 5s, PAR-2 margin 9.387 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 0.613 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isZero (fp.rem x0 x0)))
(assert (fp.leq (fp.fma RTN x0 x0 x1) (fp.rem (fp #b1 #b11001 #b0111100000) x1)))
(assert (fp.leq (fp.sub RNE (fp.sqrt RNA x0) (fp.sqrt RNE x1)) (fp.add RNA (fp.mul RTZ (_ +zero 5 11) x1) (fp.add RTZ x1 x1))))
(check-sat)
