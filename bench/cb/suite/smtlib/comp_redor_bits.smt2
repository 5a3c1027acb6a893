; bvcomp, bvredor and bvredand (1-bit results) as closed boxes: a and b
; differ, b equals c, and x, the bytes a c a c, is neither zero nor all
; ones.
(set-logic QF_BV)
(declare-cb comp8 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 1))
(declare-cb redor32 ((_ BitVec 32)) (_ BitVec 1))
(declare-cb redand32 ((_ BitVec 32)) (_ BitVec 1))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(declare-const x (_ BitVec 32))
(assert (= (comp8 a b) #b0))
(assert (= (comp8 b c) #b1))
(assert (= (redor32 x) #b1))
(assert (= (redand32 x) #b0))
(assert (= x (bvmul ((_ zero_extend 16) (concat a c)) #x00010001)))
(assert (bvugt a #x40))
(check-sat)
