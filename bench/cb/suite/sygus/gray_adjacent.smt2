; Gray code as a closed box: consecutive numbers whose codes differ in the
; lowest bit only (x even), with x in a range and x * 3 + 1 a multiple of
; 2^12 + 1.
(set-logic QF_BV)
(declare-cb gray32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (bvxor (gray32 x) (gray32 (bvadd x #x00000001))) #x00000001))
(assert (bvugt x #x00100000))
(assert (bvult x #x00200000))
(assert (= (bvadd (bvmul x #x00000003) #x00000001) (bvmul k #x00001001)))
(assert (bvult k #x00010000))
(check-sat)
