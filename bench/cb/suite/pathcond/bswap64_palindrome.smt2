; Path constraint around bswap64: a word equal to its own byte swap, with
; all four low bytes distinct and nonzero, that is 1 modulo 1000003.
(set-logic QF_BV)
(declare-cb bswap64 ((_ BitVec 64)) (_ BitVec 64))
(declare-const x (_ BitVec 64))
(assert (= (bswap64 x) x))
(assert (distinct ((_ extract 7 0) x) ((_ extract 15 8) x) ((_ extract 23 16) x) ((_ extract 31 24) x)))
(assert (not (= ((_ extract 7 0) x) #x00)))
(assert (not (= ((_ extract 15 8) x) #x00)))
(assert (not (= ((_ extract 23 16) x) #x00)))
(assert (not (= ((_ extract 31 24) x) #x00)))
(assert (= (bvurem x #x00000000000f4243) #x0000000000000001))
(check-sat)
