; Path constraint around the Internet checksum, unsatisfiable in the
; theory part alone: the checksum is above 0xff00, so adding 0x100 wraps
; below 0x100, yet the sum is asked to stay at or above 0x100.
(set-logic QF_BV)
(declare-cb inet_csum64 ((_ BitVec 64)) (_ BitVec 16))
(declare-const pkt (_ BitVec 64))
(declare-const c (_ BitVec 16))
(assert (= c (inet_csum64 pkt)))
(assert (bvugt c #xff00))
(assert (bvuge (bvadd c #x0100) #x0100))
(check-sat)
