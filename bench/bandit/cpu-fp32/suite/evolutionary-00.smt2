; tandem bandit perf: fuzzer evolutionary run 0 (iteration 3, seed 8196980753821780235), timeout 2s (cpu time), PAR-2 margin 0.008 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.012 s)
; z3 4.8.12: unsat, PAR-2 0.019 s
; cvc5 1.0.3: unsat, PAR-2 0.012 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.eq (fp.sub RNE (fp.sub RNE (fp #b0 #b10111010 #b11000110110101101101000) (_ NaN 8 24)) (fp.sqrt RTP (fp #b1 #b11100101 #b00001110101000001100010))) (fp.sqrt RNE (fp.roundToIntegral RNA (fp #b1 #b00010100 #b11000100001110101101011)))))
(assert (fp.isSubnormal (fp.div RTP (_ NaN 8 24) x1)))
(assert (fp.isNegative (fp.fma RTP (fp.abs (_ +zero 8 24)) (fp.neg x0) (fp.mul RTZ x1 x0))))
(check-sat)
