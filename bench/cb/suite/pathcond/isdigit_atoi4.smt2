; Path constraint of a parser that checks each byte of a 4-byte field with
; isdigit before calling atoi: five closed-box calls; the number must be
; 7 modulo 13 and its square must end in a given 16-bit pattern.
(set-logic QF_BV)
(declare-cb isdigit8 ((_ BitVec 8)) Bool)
(declare-cb atoi4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const s (_ BitVec 32))
(declare-const n (_ BitVec 32))
(assert (isdigit8 ((_ extract 7 0) s)))
(assert (isdigit8 ((_ extract 15 8) s)))
(assert (isdigit8 ((_ extract 23 16) s)))
(assert (isdigit8 ((_ extract 31 24) s)))
(assert (= n (atoi4 s)))
(assert (bvugt n #x000003e8))
(assert (= (bvurem n #x0000000d) #x00000007))
(assert (= ((_ extract 3 0) (bvmul n n)) #x9))
(check-sat)
