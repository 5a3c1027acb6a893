; tandem bandit perf: fuzzer banditfuzz run 2 seed 43, timeout 5s, PAR-2 margin 1.031 s
; cvc5 --fp-exp 1.0.3: unsat, PAR-2 1.075 s
; z3 4.8.12: unsat, PAR-2 0.044 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 5 11))
(declare-const x1 (_ FloatingPoint 5 11))
(assert (fp.leq (fp.mul RNA x1 x1) (fp.fma RNA x0 x1 x1)))
(assert (fp.gt (fp.mul RNA x0 x0) (fp.fma RNA x0 (_ -zero 5 11) (fp #b1 #b10010 #b1100010010))))
(assert (fp.lt (fp.fma RNA (_ -zero 5 11) x1 x0) (fp.div RNA x0 x0)))
(assert (fp.lt (fp.fma RTN (fp.fma RNA (fp.rem (_ +zero 5 11) x1) (fp.div RNE x0 x1) (fp.rem (fp #b1 #b00001 #b0001001100) x1)) (fp.rem (fp.sqrt RTP x1) (fp.div RNA x1 x1)) (fp.div RNE (fp.add RTN (fp #b1 #b11001 #b0111001001) x1) (fp.rem x1 (fp #b1 #b01011 #b0001101101)))) (fp.rem (fp.sub RNA (fp.sqrt RTP (_ +oo 5 11)) (fp.fma RNA (_ +zero 5 11) x1 x1)) (fp.fma RNA (fp.div RNA (_ -oo 5 11) x1) (fp.div RTP x1 (fp #b0 #b11000 #b1110000111)) (fp.fma RTN (fp #b0 #b11010 #b1000100110) x1 x0)))))
(check-sat)
