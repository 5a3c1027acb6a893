; Signed floor average as a closed box: two numbers averaging -3 whose
; product is -91 and whose difference exceeds 10.
(set-logic QF_BV)
(declare-cb avgs32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (avgs32 x y) #xfffffffd))
(assert (= (bvmul x y) #xffffffa5))
(assert (bvsgt (bvsub x y) #x0000000a))
(check-sat)
