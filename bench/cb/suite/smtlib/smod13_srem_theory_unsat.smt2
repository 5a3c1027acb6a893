; bvsmod on 13 bits as a closed box, unsatisfiable in the theory part
; alone: the remainder is asked to be below -4000 and above 4000 (signed)
; at once, through two different views of it.
(set-logic QF_BV)
(declare-cb smod13 ((_ BitVec 13) (_ BitVec 13)) (_ BitVec 13))
(declare-const a (_ BitVec 13))
(declare-const b (_ BitVec 13))
(declare-const r (_ BitVec 13))
(assert (= r (smod13 a b)))
(assert (bvslt r (_ bv4192 13)))
(assert (bvsgt ((_ sign_extend 3) r) (_ bv4000 16)))
(check-sat)
