; tandem bandit perf: fuzzer banditfuzz run 4 seed 25, timeout 5s, PAR-2 margin 9.633 s
; z3 4.8.12: timeout, PAR-2 10.000 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.367 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.gt (fp.roundToIntegral RNE (fp.div RTP (fp.sqrt RTP (_ -zero 5 11)) (fp.rem x0 x1))) (fp.sub RTP (fp.neg (fp.div RNA x1 x1)) (fp.neg (fp.mul RTZ x1 (_ -zero 5 11))))))
(assert (fp.gt (fp.mul RNE (fp.sqrt RTP (fp.rem x0 x1)) (fp.abs (fp.roundToIntegral RTP x0))) (fp.abs (fp.mul RTN (fp.mul RTZ x0 x1) (fp.add RNA x1 (fp #b0 #b10111 #b1101000101))))))
(assert (fp.isNormal (fp.rem (fp #b0 #b01011 #b0010100011) x1)))
(check-sat)
