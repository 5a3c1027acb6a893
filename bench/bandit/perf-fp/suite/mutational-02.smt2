; tandem bandit perf: fuzzer mutational run 2 seed 3, timeout 2s, PAR-2 margin -0.029 s
; z3 4.8.12: unsat, PAR-2 0.039 s
; cvc5 1.0.3: unsat, PAR-2 0.068 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isNormal (fp.neg (fp.neg x1))))
(assert (fp.gt (fp.abs x0) (fp.div RNE x0 x1)))
(assert (fp.isSubnormal (fp.fma RNA (fp.div RTZ (fp.sub RTN x0 (fp #b0 #b11100000010 #b0000000010101111101110100010010000111000101011011011)) (fp.roundToIntegral RTP x0)) (fp.sqrt RNE (fp.roundToIntegral RTN (fp #b1 #b00010101110 #b1111000100011010011000100101000001001001011001101010))) (fp.roundToIntegral RTZ (fp.fma RNA (_ NaN 11 53) x1 (_ NaN 11 53))))))
(assert (fp.isPositive (fp.neg x1)))
(assert (fp.isNaN (fp.fma RTP x0 x1 x1)))
(check-sat)
