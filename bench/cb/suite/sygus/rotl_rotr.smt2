; Rotations as closed boxes: x rotated left by n (n = 7 mod 32, n large) is
; 0xdeadbeef, and rotating y right by 7 gives x back; p and q are the
; 16-bit factors of a fixed product.
(set-logic QF_BV)
(declare-cb rotl32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-cb rotr32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const n (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(assert (= (rotl32 x n) #xdeadbeef))
(assert (= (bvand n #x0000001f) #x00000007))
(assert (bvugt n #x00000400))
(assert (= (rotr32 y #x00000007) x))
(assert (and (bvult p #x00010000) (bvult q #x00010000) (bvugt p #x00000001) (bvult p q)))
(assert (= (bvmul p q) #x8f14b917))
(check-sat)
