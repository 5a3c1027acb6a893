; Path constraint around one djb2 step, unsatisfiable with the box
; uninterpreted: the two calls get equal arguments (the byte is the same
; up to a double complement), yet their results differ.
(set-logic QF_BV)
(declare-cb djb2_step ((_ BitVec 32) (_ BitVec 8)) (_ BitVec 32))
(declare-const h (_ BitVec 32))
(declare-const c (_ BitVec 8))
(assert (bvugt h #x00001505))
(assert (distinct (djb2_step h c) (djb2_step h (bvnot (bvnot c)))))
(check-sat)
