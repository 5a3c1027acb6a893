; bvcomp on bytes as a closed box, unsatisfiable with the box
; uninterpreted: a equals b by arithmetic (b = a + 256 - 256 computed in 16
; bits), yet comparing each of them with c gives different bits.
(set-logic QF_BV)
(declare-cb comp8 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 1))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(assert (= b ((_ extract 7 0) (bvsub (bvadd ((_ zero_extend 8) a) #x0100) #x0100))))
(assert (= (comp8 a c) #b1))
(assert (= (comp8 b c) #b0))
(check-sat)
