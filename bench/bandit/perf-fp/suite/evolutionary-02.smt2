; tandem bandit perf: fuzzer evolutionary run 2 seed 3, timeout 2s, PAR-2 margin 3.772 s
; z3 4.8.12: timeout, PAR-2 4.000 s
; cvc5 1.0.3: unsat, PAR-2 0.228 s
; cvc4 1.8: error, PAR-2 4.000 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 11 53))
(declare-const x1 (_ FloatingPoint 11 53))
(assert (fp.isNegative (fp.neg (fp.sub RTP x0 x1))))
(assert (fp.isNaN (fp.sqrt RNE (fp.roundToIntegral RTP (fp.abs x1)))))
(assert (fp.isNormal (fp.sqrt RNA (fp.sqrt RNA (fp.fma RNE x0 x1 (_ NaN 11 53))))))
(check-sat)
