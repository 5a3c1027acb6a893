; Path constraint around abs: |a - b| = 1000 with a negative, and a and b
; also satisfy a quadratic relation over 32 bits.
(set-logic QF_BV)
(declare-cb abs32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (= (abs32 (bvsub a b)) #x000003e8))
(assert (bvslt a #x00000000))
(assert (bvsgt a #xfffff000))
(assert (= (bvmul a b) #x000467f4))
(check-sat)
