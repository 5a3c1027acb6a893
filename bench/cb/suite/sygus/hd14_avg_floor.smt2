; SyGuS hd-14 (floor average without overflow) as a closed box: two large
; unsigned numbers whose average is 2^31 - 1; independently, three powers of
; two above 1 whose product is 2^12.
(set-logic QF_BV)
(declare-cb hd14 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= (hd14 x y) #x7fffffff))
(assert (bvugt x #xf0000000))
(assert (bvugt y #x0f000000))
(assert (= (bvand p (bvsub p #x00000001)) #x00000000))
(assert (= (bvand q (bvsub q #x00000001)) #x00000000))
(assert (= (bvand r (bvsub r #x00000001)) #x00000000))
(assert (and (bvugt p #x00000001) (bvugt q p) (bvugt r q)))
(assert (= (bvmul p q r) #x00001000))
(check-sat)
