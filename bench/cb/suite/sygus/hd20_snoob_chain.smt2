; SyGuS hd-20 (next higher number with the same number of 1-bits) as a
; closed box applied twice: x, its successor y and y's successor z = 27;
; x also solves a 64-bit multiplicative equation.
(set-logic QF_BV)
(declare-cb hd20 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const n (_ BitVec 64))
(assert (= y (hd20 x)))
(assert (= (hd20 y) #x0000001b))
(assert (= (bvmul n #x000000000000a5a5) (bvshl ((_ zero_extend 32) x) #x0000000000000020)))
(check-sat)
