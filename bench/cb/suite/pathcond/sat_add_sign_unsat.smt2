; Path constraint around a saturating add, unsatisfiable in the theory part
; alone: the result is asked to be negative as a signed number and below
; 2^31 as an unsigned one.
(set-logic QF_BV)
(declare-cb sat_addu32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= r (sat_addu32 a b)))
(assert (bvugt a #x10000000))
(assert (bvslt r #x00000000))
(assert (bvult r #x80000000))
(check-sat)
