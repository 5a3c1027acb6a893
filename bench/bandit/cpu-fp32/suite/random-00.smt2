; tandem bandit perf: fuzzer random run 0 (iteration 1, seed 13757245211066428519), timeout 2s (cpu time), PAR-2 margin 0.020 s (median of 3 re-runs per solver, CPU-timed; margin while fuzzing 0.007 s)
; z3 4.8.12: unsat, PAR-2 0.033 s
; cvc5 1.0.3: unsat, PAR-2 0.013 s
(set-logic QF_FP)
(declare-const x0 (_ FloatingPoint 8 24))
(declare-const x1 (_ FloatingPoint 8 24))
(assert (fp.isPositive (fp.abs (fp.fma RNE (fp.mul RTZ (fp #b0 #b10010000 #b11001110100000011000111) x1) (fp.div RNA x0 (fp #b0 #b11111000 #b11110000000001101010111)) (fp.sqrt RNA x0)))))
(assert (fp.isPositive (fp.roundToIntegral RTN (fp.neg (fp #b1 #b10101101 #b01101000000111100000100)))))
(assert (fp.isInfinite (fp.neg (fp.mul RTN (fp #b1 #b11101011 #b00001100100011111011001) (_ +zero 8 24)))))
(assert (fp.eq (fp.roundToIntegral RTP (fp.fma RNE (_ -oo 8 24) x1 (fp #b0 #b01111010 #b01101110111000011001001))) (fp.fma RNA (fp.rem x0 (fp #b1 #b00100111 #b11010011000110010111100)) (fp.roundToIntegral RTZ x0) (fp.sqrt RTZ (fp #b0 #b00010011 #b01100011011101110100110)))))
(assert (fp.isNegative (fp.add RTZ (fp.abs (fp.neg (_ -zero 8 24))) (fp.roundToIntegral RNA (fp.neg (fp #b1 #b11000110 #b01001011100001101001111))))))
(check-sat)
