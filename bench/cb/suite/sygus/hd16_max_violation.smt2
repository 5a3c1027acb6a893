; SyGuS hd-16 (unsigned max) as a closed box: a maximum below one of its
; arguments. Unsatisfiable by the box's semantics; satisfiable with hd16
; uninterpreted, so no closed-box solver can prove it without learning the
; whole function.
(set-logic QF_BV)
(declare-cb hd16 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (bvult (hd16 x y) x))
(check-sat)
