; SyGuS hd-05 (x | (x - 1): right-propagate the rightmost 1-bit) and hd-06
; (x | (x + 1): turn on the rightmost 0-bit) as closed boxes on the same x.
; Together they pin x down to 0xffff; a 64-bit word must then carry x in
; its middle and be a multiple of a given odd number.
(set-logic QF_BV)
(declare-cb hd05 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb hd06 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const w (_ BitVec 64))
(declare-const k (_ BitVec 64))
(assert (= (hd05 x) #x0000ffff))
(assert (= (hd06 x) #x0001ffff))
(assert (= ((_ extract 47 16) w) x))
(assert (= w (bvmul k #x00000000000f4243)))
(assert (bvugt k #x0000000100000000))
(check-sat)
