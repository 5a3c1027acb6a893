; SyGuS max3 (signed) as a closed box: the maximum of three numbers summing
; to zero is 77, and the other two are the roots of t^2 + 77t + 1480.
(set-logic QF_BV)
(declare-cb max3s ((_ BitVec 32) (_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(assert (= (max3s x y z) #x0000004d))
(assert (= (bvadd x y z) #x00000000))
(assert (= (bvmul y z) #x000005c8))
(assert (bvslt y z))
(check-sat)
