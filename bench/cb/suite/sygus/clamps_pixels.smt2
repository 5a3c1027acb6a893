; Clamping (signed, into [lo, hi]) as a closed box on two values that land
; on both bounds of [0, 255], differ by exactly 1000 and have a fixed
; 32-bit product.
(set-logic QF_BV)
(declare-cb clamps ((_ BitVec 32) (_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (clamps x #x00000000 #x000000ff) #x000000ff))
(assert (= (clamps y #x00000000 #x000000ff) #x00000000))
(assert (= (bvsub x y) #x000003e8))
(assert (= (bvmul x y) #xfffc2f70))
(check-sat)
