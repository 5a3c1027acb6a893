; The integer log2 as a closed box; unsatisfiable in the theory part alone:
; twice the logarithm, widened to 64 bits, cannot be 33.
(set-logic QF_BV)
(declare-cb ilog2 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= k (ilog2 x)))
(assert (bvugt x #x00010000))
(assert (= (bvmul ((_ zero_extend 32) k) #x0000000000000002) #x0000000000000021))
(check-sat)
