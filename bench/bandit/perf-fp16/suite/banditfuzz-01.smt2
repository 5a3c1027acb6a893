; tandem bandit perf: fuzzer banditfuzz run 1 seed 22, timeout 5s, PAR-2 margin 9.458 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.542 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.gt (fp.sqrt RTN (fp.sqrt RTP x1)) (fp.rem (fp.div RTZ (fp #b1 #b10001 #b1000000001) x0) (fp.fma RTN x1 (fp #b0 #b01100 #b1001111100) x1))))
(assert (fp.gt (fp.sqrt RTN (fp.add RTN x0 x1)) (fp.div RNE (fp.roundToIntegral RTP x0) (fp.rem (fp #b0 #b11101 #b0111011111) x0))))
(assert (fp.gt (fp.rem x0 x1) (fp.div RTN x1 x1)))
(assert (fp.gt (fp.abs x0) (fp.sqrt RNE x0)))
(assert (fp.gt (fp.sqrt RNE x1) (fp.sqrt RNA (_ +zero 5 11))))
(check-sat)
