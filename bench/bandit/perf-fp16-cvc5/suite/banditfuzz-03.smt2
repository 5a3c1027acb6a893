; tandem bandit perf: fuzzer banditfuzz run 3 seed 44, timeout 5s, PAR-2 margin 2.712 s
; cvc5 --fp-exp 1.0.3: sat, PAR-2 2.907 s
; z3 4.8.12: sat, PAR-2 0.196 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.gt (fp.rem (fp.rem x1 x0) (fp.rem (fp #b0 #b10100 #b1111110100) (fp #b1 #b01101 #b1011101100))) (fp.rem (fp.div RTN (fp #b1 #b01001 #b1010001011) (fp #b0 #b01000 #b0111000100)) (fp.sub RTZ (_ +oo 5 11) x0))))
(assert (fp.gt (fp.neg x0) (fp.sqrt RTZ x1)))
(assert (fp.eq (fp.roundToIntegral RNA (fp.sub RTP x1 x1)) (fp.rem (fp.sub RTN (fp #b1 #b11000 #b1011110101) (fp #b1 #b10110 #b0110000101)) (fp.neg x0))))
(check-sat)
