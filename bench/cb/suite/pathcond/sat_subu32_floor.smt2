; Path constraint around a saturating subtraction: a - b saturates to 0
; while a and b differ, and c - a is exactly 1000; a * b is fixed modulo
; 2^32.
(set-logic QF_BV)
(declare-cb sat_subu32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(declare-const c (_ BitVec 32))
(assert (= (sat_subu32 a b) #x00000000))
(assert (not (= a b)))
(assert (= (sat_subu32 c a) #x000003e8))
(assert (= (bvmul a b) #x1e1e1e1e))
(check-sat)
