; Path constraint around division by 10, unsatisfiable in the theory part
; alone: the quotient is asked to be both 2q and 2r + 1.
(set-logic QF_BV)
(declare-cb div10 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const q (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= (div10 x) (bvmul #x00000002 q)))
(assert (= (div10 x) (bvadd (bvmul #x00000002 r) #x00000001)))
(assert (bvugt x #x00001000))
(check-sat)
