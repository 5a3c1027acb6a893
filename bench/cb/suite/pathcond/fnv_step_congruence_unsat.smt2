; Path constraint around one FNV-1a step, unsatisfiable with the box
; uninterpreted: the two calls get the same state and bytes that are equal
; after masking, yet are asked to give different hashes.
(set-logic QF_BV)
(declare-cb fnv1a_step ((_ BitVec 32) (_ BitVec 8)) (_ BitVec 32))
(declare-const h (_ BitVec 32))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(assert (= (bvand c #x7f) (bvand b #x7f)))
(assert (bvult b #x80))
(assert (bvult c #x80))
(assert (not (= (fnv1a_step h b) (fnv1a_step h c))))
(check-sat)
