; SyGuS hd-02 (x & (x + 1): turn off the trailing 1-bits) as a closed box.
; Find x above a tag whose trailing ones hd02 clears, and 64-bit a, b solving
; a linear system whose low word is tied to x.
(set-logic QF_BV)
(declare-cb hd02 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(assert (= (hd02 x) #xabcd0000))
(assert (bvugt x #xabcd00ff))
(assert (= (bvadd a (bvmul #x0000000000000003 b)) #x0123456789abcdef))
(assert (= (bvsub a b) #x00000000deadbeef))
(assert (bvult ((_ extract 31 0) b) x))
(check-sat)
