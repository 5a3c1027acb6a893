; bvashr, whose shift by 32 or more C leaves undefined, as a closed box with
; SMT-LIB semantics: shifting by at least 32 fills with the sign, and
; shifting by 4 gives 0xf8000000; the shift amount is a multiple of 9.
(set-logic QF_BV)
(declare-cb ashr32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const s (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (= (ashr32 a s) #xffffffff))
(assert (bvuge s #x00000020))
(assert (bvult s #x00000100))
(assert (= (bvurem s #x00000009) #x00000000))
(assert (bvsgt a #xfffffff0))
(assert (= (ashr32 b #x00000004) #xf8000000))
(assert (= (bvand b #x0000000f) #x0000000a))
(check-sat)
