; tandem bandit perf: fuzzer mutational run 0 seed 1, timeout 2s, PAR-2 margin 0.010 s
; z3 4.8.12: unsat, PAR-2 0.017 s
; cvc5 1.0.3: unsat, PAR-2 0.007 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isPositive (fp.neg (_ NaN 11 53))))
(assert (fp.isInfinite (fp.div RTP (_ +oo 11 53) x1)))
(assert (fp.gt (fp.neg x0) (fp.sub RNE x1 (fp #b0 #b11101001001 #b1011000001101001010010111110111110010110011100011010))))
(assert (fp.isSubnormal (fp.div RTP (fp.abs (fp.neg (_ NaN 11 53))) (fp.sub RTZ (fp.rem x0 x0) (fp.add RTP x0 x1)))))
(assert (fp.isInfinite (fp.roundToIntegral RTZ (fp.add RTZ (fp.add RTZ (_ -zero 11 53) (_ +zero 11 53)) (fp.add RTN x0 x1)))))
(check-sat)
