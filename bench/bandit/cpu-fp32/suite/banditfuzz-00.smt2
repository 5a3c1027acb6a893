; tandem bandit perf: fuzzer banditfuzz run 0 (iteration 0, seed 10451216379200822465), timeout 2s (cpu time), PAR-2 margin -0.021 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing -0.010 s)
; z3 4.8.12: unsat, PAR-2 0.058 s
; cvc5 1.0.3: unsat, PAR-2 0.080 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isNormal (fp.neg (fp.abs (fp.abs x1)))))
(assert (fp.isNormal (fp.abs (fp.neg x0))))
(assert (fp.isNormal (fp.neg (fp.roundToIntegral RTZ x0))))
(assert (fp.isNormal (fp.sub RNE (fp.add RTP (fp.sqrt RTZ x1) (fp.sqrt RNA x1)) (fp.mul RNA (fp.abs (_ NaN 8 24)) (fp.neg x1)))))
(check-sat)
