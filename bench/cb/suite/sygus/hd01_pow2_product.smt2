; SyGuS hd-01 (x & (x - 1): turn off the rightmost 1-bit) as a closed box.
; hd01(x) = 0 says x is a power of two (or 0); the theory part splits x into
; three increasing powers of two, which the SMT side finds at once and a
; fuzzer only by luck.
(set-logic QF_BV)
(declare-cb hd01 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= (hd01 x) #x00000000))
(assert (bvuge x #x00100000))
(assert (bvule x #x00800000))
(assert (= (bvand p (bvsub p #x00000001)) #x00000000))
(assert (= (bvand q (bvsub q #x00000001)) #x00000000))
(assert (= (bvand r (bvsub r #x00000001)) #x00000000))
(assert (bvult #x00000002 p))
(assert (bvult p q))
(assert (bvult q r))
(assert (= (bvmul p q r) x))
(check-sat)
