; SyGuS hd-16 (unsigned max) as a closed box under its own specification
; (the result is one of the arguments and no smaller than either), with the
; maximum and the sum of the arguments fixed; 64-bit u and v solve a
; linear system.
(set-logic QF_BV)
(declare-cb hd16 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const m (_ BitVec 32))
(declare-const u (_ BitVec 64))
(declare-const v (_ BitVec 64))
(assert (= m (hd16 x y)))
(assert (and (bvuge m x) (bvuge m y) (or (= m x) (= m y))))
(assert (= m #xc0ffee00))
(assert (= (bvadd x y) #xc1000034))
(assert (= (bvadd (bvmul #x0000000000000005 u) v) #x00000000005b0d37))
(assert (= (bvsub u (bvmul #x0000000000000003 v)) #x0000000000121dbb))
(check-sat)
