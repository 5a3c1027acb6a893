; SyGuS hd-09 (absolute value) as a closed box: two negative numbers whose
; absolute values are given; u is the inverse image of their product under
; an odd multiplier (unique, easy for an SMT solver, hopeless for a fuzzer).
(set-logic QF_BV)
(declare-cb hd09 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(declare-const u (_ BitVec 32))
(assert (bvslt x #x00000000))
(assert (bvslt y #x00000000))
(assert (= (hd09 x) #x00001234))
(assert (= (hd09 y) #x00000777))
(assert (= z (bvmul x y)))
(assert (= (bvmul u #x9e3779b9) (bvxor z #xdeadbeef)))
(check-sat)
