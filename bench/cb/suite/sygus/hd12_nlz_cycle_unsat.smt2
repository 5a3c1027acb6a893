; SyGuS hd-12 (nlz(x) <= nlz(y)) as a closed-box predicate. Unsatisfiable
; with hd12 uninterpreted: the same application is asserted and denied,
; with arguments that are equal only up to a rewrite (x + y - y).
(set-logic QF_BV)
(declare-cb hd12 ((_ BitVec 32) (_ BitVec 32)) Bool)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(assert (hd12 x z))
(assert (bvugt x #x00ff0000))
(assert (not (hd12 (bvsub (bvadd x y) y) z)))
(check-sat)
