; SyGuS hd-10 (nlz(x) == nlz(y), as (x ^ y) <=u (x & y)) as a closed-box
; predicate: x and y have the same number of leading zeros, differ, and
; solve a pair of 32-bit equations with a third variable.
(set-logic QF_BV)
(declare-cb hd10 ((_ BitVec 32) (_ BitVec 32)) Bool)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(assert (hd10 x y))
(assert (bvugt x #x00010000))
(assert (bvult y #x00040000))
(assert (not (= x y)))
(assert (= (bvadd (bvmul x #x00000007) z) #x00127000))
(assert (= (bvsub (bvmul y #x0000000b) z) #x0021a000))
(check-sat)
