; SyGuS hd-18 (x is a power of 2) as a closed-box predicate on two inputs
; whose product is 2^20, with both above 16; and a 64-bit w that must be
; their sum times an odd constant.
(set-logic QF_BV)
(declare-cb hd18 ((_ BitVec 32)) Bool)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const w (_ BitVec 64))
(assert (hd18 x))
(assert (hd18 y))
(assert (bvult x y))
(assert (bvugt x #x00000010))
(assert (= (bvmul x y) #x00100000))
(assert (= w (bvmul ((_ zero_extend 32) (bvadd x y)) #x000000000001003f)))
(assert (bvugt w #x0000000010000000))
(check-sat)
