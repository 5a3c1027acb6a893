; SyGuS hd-17 (turn off the rightmost contiguous string of 1-bits) as a
; closed box: x keeps its high nibble run after the call, its cleared run
; lies at or above bit 8, and x is a multiple of 5.
(set-logic QF_BV)
(declare-cb hd17 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (hd17 x) #x0000f000))
(assert (bvugt x #x0000f0ff))
(assert (= x (bvmul k #x00000005)))
(assert (bvult k #x00010000))
(check-sat)
