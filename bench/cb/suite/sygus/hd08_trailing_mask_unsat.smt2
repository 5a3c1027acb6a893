; SyGuS hd-08 (~x & (x - 1): mask of the trailing 0-bits) as a closed box.
; Unsatisfiable already with hd08 uninterpreted: x and y are equal by
; arithmetic (y = 5x - 4x), so hd08 cannot map them to different masks.
(set-logic QF_BV)
(declare-cb hd08 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= y (bvsub (bvmul #x00000005 x) (bvmul #x00000004 x))))
(assert (= (hd08 x) #x000000ff))
(assert (= (hd08 y) #x00000fff))
(check-sat)
