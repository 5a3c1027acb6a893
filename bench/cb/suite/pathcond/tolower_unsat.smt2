; Path constraint around tolower, unsatisfiable in the theory part alone:
; the lowered byte must be odd and twice a number at once.
(set-logic QF_BV)
(declare-cb tolower8 ((_ BitVec 8)) (_ BitVec 8))
(declare-const c (_ BitVec 8))
(declare-const h (_ BitVec 8))
(assert (= (bvand (tolower8 c) #x01) #x01))
(assert (= (tolower8 c) (bvmul #x02 h)))
(assert (bvugt c #x40))
(check-sat)
