; bvudiv on bytes as a closed box, unsatisfiable with the box
; uninterpreted: the second call's dividend is a * 1 and divisor b + 0,
; yet the quotients are asked to differ.
(set-logic QF_BV)
(declare-cb udiv8 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(assert (= (udiv8 a b) #x03))
(assert (= (udiv8 (bvmul a #x01) (bvadd b #x00)) #x04))
(check-sat)
