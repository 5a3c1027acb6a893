; SyGuS hd-09 (absolute value) as a closed box: a negative absolute value
; exists only for INT_MIN. Unsatisfiable with the box's semantics, satisfiable
; with hd09 uninterpreted (a solver can only answer unknown or unsat here
; by running the box on every input).
(set-logic QF_BV)
(declare-cb hd09 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(assert (bvslt (hd09 x) #x00000000))
(assert (not (= x #x80000000)))
(check-sat)
