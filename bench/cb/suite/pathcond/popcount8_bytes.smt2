; Path constraint of a balanced-code check: each of the four bytes of a
; word has exactly two bits set (four popcount8 calls) and the word is
; a multiple of 65521.
(set-logic QF_BV)
(declare-cb popcount8 ((_ BitVec 8)) (_ BitVec 8))
(declare-const w (_ BitVec 32))
(assert (= (popcount8 ((_ extract 7 0) w)) #x02))
(assert (= (popcount8 ((_ extract 15 8) w)) #x02))
(assert (= (popcount8 ((_ extract 23 16) w)) #x02))
(assert (= (popcount8 ((_ extract 31 24) w)) #x02))
(assert (= (bvurem w #x0000fff1) #x00000000))
(assert (not (= ((_ extract 15 0) w) ((_ extract 31 16) w))))
(check-sat)
