; Path constraint around population count: two 32-bit codes at Hamming
; distance 3 (popcount32 of their xor), one of them with exactly 16 bits
; set, whose product is fixed.
(set-logic QF_BV)
(declare-cb popcount32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (popcount32 (bvxor x y)) #x00000003))
(assert (= (popcount32 x) #x00000010))
(assert (bvugt x y))
(assert (= (bvmul x y) #x3c8a2f10))
(check-sat)
