; SyGuS hd-03 (x & -x: isolate the rightmost 1-bit) as a closed box.
; The rightmost 1-bit of x must be bit 8, x must be large and 3 modulo 7;
; u and v are the 16-bit roots of a quadratic (given sum and product).
(set-logic QF_BV)
(declare-cb hd03 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const u (_ BitVec 32))
(declare-const v (_ BitVec 32))
(assert (= (hd03 x) #x00000100))
(assert (bvugt x #x40000000))
(assert (= (bvurem x #x00000007) #x00000003))
(assert (bvult u #x00010000))
(assert (bvult v #x00010000))
(assert (= (bvadd u v) #x00012345))
(assert (= (bvmul u v) #x52d6d000))
(check-sat)
