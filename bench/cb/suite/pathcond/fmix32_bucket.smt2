; Path constraint around MurmurHash3's finalizer: a key below 2^20 whose
; mixed value has its top 8 bits set (a bucket in the last 256th of the
; table), and a second key mapping to the complement bucket.
(set-logic QF_BV)
(declare-cb fmix32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const k (_ BitVec 32))
(declare-const j (_ BitVec 32))
(assert (bvult k #x00100000))
(assert (= ((_ extract 31 24) (fmix32 k)) #xff))
(assert (bvult j #x00100000))
(assert (= ((_ extract 31 24) (fmix32 j)) #x00))
(assert (= (bvand k #x000000ff) (bvand j #x000000ff)))
(check-sat)
