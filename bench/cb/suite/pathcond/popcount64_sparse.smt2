; Path constraint around a 64-bit population count: a sparse mask with
; three bits set, its top bit among them, that is a multiple of 7.
(set-logic QF_BV)
(declare-cb popcount64 ((_ BitVec 64)) (_ BitVec 8))
(declare-const x (_ BitVec 64))
(assert (= (popcount64 x) #x03))
(assert (bvslt x #x0000000000000000))
(assert (= (bvurem x #x0000000000000007) #x0000000000000000))
(check-sat)
