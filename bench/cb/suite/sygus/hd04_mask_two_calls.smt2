; SyGuS hd-04 (x ^ (x - 1): mask of the rightmost 1-bit and the trailing
; zeros) as a closed box, called on two inputs whose masks must nest; the
; inputs are also the two factors of a 32-bit product.
(set-logic QF_BV)
(declare-cb hd04 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (hd04 x) #x0000000f))
(assert (= (hd04 y) #x000000ff))
(assert (bvugt x #x00001000))
(assert (bvugt y #x00001000))
(assert (= (bvmul x y) #x12345400))
(check-sat)
