; tandem bandit perf: fuzzer banditfuzz run 0 seed 21, timeout 5s, PAR-2 margin 9.812 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.188 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.isNaN (fp.div RNE (_ NaN 5 11) x1)))
(assert (fp.isNegative (fp.rem x1 x1)))
(assert (fp.isNaN (fp.mul RNA (fp.rem (fp.rem (fp #b0 #b11001 #b0010010100) x1) (fp.mul RTN x0 x0)) (fp.sqrt RTP (fp.mul RNE x1 x1)))))
(check-sat)
