; bvredand as a closed box, unsatisfiable in the theory part alone: a bit
; xored with itself is asked to be 1.
(set-logic QF_BV)
(declare-cb redand32 ((_ BitVec 32)) (_ BitVec 1))
(declare-const x (_ BitVec 32))
(declare-const r (_ BitVec 1))
(assert (= r (redand32 x)))
(assert (bvugt x #xfffffff0))
(assert (= (bvxor r (redand32 x)) #b1))
(check-sat)
