; SyGuS hd-15 (ceiling average) as a closed box. Unsatisfiable in the theory
; part alone: twice the average would have to be odd.
(set-logic QF_BV)
(declare-cb hd15 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= r (hd15 x y)))
(assert (bvugt x y))
(assert (= (bvmul #x00000002 r) (bvadd (bvadd x y) #x00000001)))
(assert (= ((_ extract 0 0) (bvadd x y)) #b0))
(check-sat)
