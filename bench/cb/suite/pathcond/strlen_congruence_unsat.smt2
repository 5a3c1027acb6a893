; Path constraint around strlen, unsatisfiable with the box
; uninterpreted: s | 0 is s, yet strlen is asked to give 3 and 4.
(set-logic QF_BV)
(declare-cb strlen8 ((_ BitVec 64)) (_ BitVec 8))
(declare-const s (_ BitVec 64))
(declare-const t (_ BitVec 64))
(assert (= (strlen8 s) #x03))
(assert (= t (bvor s (bvand t #x0000000000000000))))
(assert (= (strlen8 t) #x04))
(check-sat)
