; Gray code and its inverse as closed boxes: x's Gray code is fixed and
; decoding it again must give x; x also fixes a 64-bit y by division.
(set-logic QF_BV)
(declare-cb gray32 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb ungray32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const g (_ BitVec 32))
(declare-const y (_ BitVec 64))
(assert (= g (gray32 x)))
(assert (= g #x12345678))
(assert (= (ungray32 g) x))
(assert (= (bvudiv y #x00000000000003e7) ((_ zero_extend 32) x)))
(assert (= (bvurem y #x00000000000003e7) #x000000000000002a))
(check-sat)
