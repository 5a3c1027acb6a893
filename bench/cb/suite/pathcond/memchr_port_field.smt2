; Path constraint of a "host:port" splitter on an 8-byte buffer: the colon
; is at index 4 (memchr), the four bytes before it are digits (strspn), and
; atoi of the buffer is 8080; the byte after the colon must then satisfy a
; bit relation with the port.
(set-logic QF_BV)
(declare-cb memchr8 ((_ BitVec 64) (_ BitVec 8)) (_ BitVec 8))
(declare-cb strspn_digits8 ((_ BitVec 64)) (_ BitVec 8))
(declare-cb atoi8 ((_ BitVec 64)) (_ BitVec 32))
(declare-const s (_ BitVec 64))
(assert (= (memchr8 s #x3a) #x04))
(assert (= (strspn_digits8 s) #x04))
(assert (= (atoi8 s) #x00001f90))
(assert (= (bvand ((_ extract 47 40) s) #xf0) #x30))
(assert (bvugt ((_ extract 47 40) s) ((_ extract 7 0) s)))
(check-sat)
