; Path constraint around a signed saturating 32-bit add: it saturates,
; while the plain wrapped sum is a small negative number; the operands are
; 3 and 5 modulo 8.
(set-logic QF_BV)
(declare-cb sat_adds32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (= (sat_adds32 a b) #x7fffffff))
(assert (bvslt (bvadd a b) #x00000000))
(assert (bvsgt (bvadd a b) #xfffff000))
(assert (= ((_ extract 2 0) a) #b011))
(assert (= ((_ extract 2 0) b) #b101))
(check-sat)
