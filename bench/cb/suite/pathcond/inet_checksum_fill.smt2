; Path constraint of a packet validator: a 4-word header with fixed first
; and last words and a checksum (RFC 1071) of 0; the third word is even and
; the second below 0x1000.
(set-logic QF_BV)
(declare-cb inet_csum64 ((_ BitVec 64)) (_ BitVec 16))
(declare-const pkt (_ BitVec 64))
(assert (= (inet_csum64 pkt) #x0000))
(assert (= ((_ extract 15 0) pkt) #x4500))
(assert (= ((_ extract 63 48) pkt) #x0a00))
(assert (bvult ((_ extract 31 16) pkt) #x1000))
(assert (= ((_ extract 32 32) pkt) #b0))
(check-sat)
