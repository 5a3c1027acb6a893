; Path constraint around a byte swap (ntohl): the header word read in host
; order must be the magic 0xdeadbeef after bswap32, and a 64-bit length
; field must solve a linear congruence.
(set-logic QF_BV)
(declare-cb bswap32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const hdr (_ BitVec 32))
(declare-const len (_ BitVec 64))
(assert (= (bswap32 hdr) #xdeadbeef))
(assert (= (bvmul len #x0000000000010001) #x000123468ace6789))
(assert (bvult len #x0000ffffffffffff))
(check-sat)
