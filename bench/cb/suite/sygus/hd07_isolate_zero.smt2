; SyGuS hd-07 (~x & (x + 1): isolate the rightmost 0-bit) as a closed box.
; x must end in exactly twelve 1-bits; y is x read through a multiplicative
; hash whose top byte is fixed.
(set-logic QF_BV)
(declare-cb hd07 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (hd07 x) #x00001000))
(assert (bvult x #x10000000))
(assert (= y (bvmul x #x9e3779b1)))
(assert (= ((_ extract 31 24) y) #x5a))
(check-sat)
