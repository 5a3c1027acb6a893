; tandem bandit perf: fuzzer evolutionary run 4 seed 55, timeout 5s, PAR-2 margin 1.540 s
; z3 4.8.12: sat, PAR-2 2.181 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 0.641 s
; cvc4 1.8: error, PAR-2 10.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 4 8))
(declare-const x1 (_ FloatingPoint 4 8))
(assert (fp.lt (fp.sqrt RTP (fp.div RNA x0 x0)) (fp.roundToIntegral RTN (fp.fma RNA x1 (fp #b0 #b1100 #b1001000) (fp #b0 #b0010 #b0010010)))))
(assert (fp.isNegative (fp.fma RTP (fp.abs (fp.sub RNA x1 x0)) (fp.div RTP (fp.add RTN x1 (_ -oo 4 8)) (fp.div RNA x1 x1)) (fp.fma RTN (fp.fma RTN x0 x1 x0) (fp.rem x0 x0) (fp.add RTN x1 (fp #b0 #b0111 #b1011000))))))
(assert (fp.eq (fp.sqrt RTP (fp.sub RNE (fp.fma RTP x1 x1 (fp #b1 #b0010 #b0010011)) (fp.div RTZ x1 x0))) (fp.add RTP (fp.div RNA (fp.sqrt RTN x1) (fp.roundToIntegral RNE x0)) (fp.sub RTN (fp.fma RTP x1 (fp #b0 #b1011 #b1011000) (_ -zero 4 8)) (fp.abs x1)))))
(check-sat)
