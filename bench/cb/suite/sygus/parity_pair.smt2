; Parity (a 1-bit result) as a closed box: x has odd parity, y even, both
; are odd numbers, and their product is fixed.
(set-logic QF_BV)
(declare-cb parity32 ((_ BitVec 32)) (_ BitVec 1))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (parity32 x) #b1))
(assert (= (parity32 y) #b0))
(assert (bvult x y))
(assert (bvugt x #x00000100))
(assert (= (bvmul x y) #xfcbbe16f))
(check-sat)
