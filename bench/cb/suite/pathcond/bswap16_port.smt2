; Path constraint of a socket-address check: htons of the port field is
; 0x901f (8080 on the wire) and the 32-bit address, read through ntohl,
; is in 10.0.0.0/8 and not the network or broadcast address.
(set-logic QF_BV)
(declare-cb bswap16 ((_ BitVec 16)) (_ BitVec 16))
(declare-cb bswap32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const port (_ BitVec 16))
(declare-const ip (_ BitVec 32))
(assert (= (bswap16 port) #x901f))
(assert (= ((_ extract 31 24) (bswap32 ip)) #x0a))
(assert (not (= ((_ extract 23 0) (bswap32 ip)) #x000000)))
(assert (not (= ((_ extract 23 0) (bswap32 ip)) #xffffff)))
(assert (= (bvurem ip #x00000101) #x00000003))
(check-sat)
