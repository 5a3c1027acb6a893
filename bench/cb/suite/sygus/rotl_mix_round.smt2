; Two rounds of an ARX mix with rotl32 as the closed box: h1 = rotl(x, 13),
; h2 = rotl(h1 ^ y, 7), with h2 fixed; y is x times an odd constant.
(set-logic QF_BV)
(declare-cb rotl32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const h1 (_ BitVec 32))
(assert (= h1 (rotl32 x #x0000000d)))
(assert (= (rotl32 (bvxor h1 y) #x00000007) #x1337c0de))
(assert (= y (bvmul x #x01000193)))
(check-sat)
