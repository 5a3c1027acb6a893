; Is there a 32-bit x whose increment wraps around to something smaller?
(set-logic QF_BV)
(set-info :status sat)
(declare-const x (_ BitVec 32))
(assert (bvult (bvadd x #x00000001) x))
(check-sat)
(get-model)
