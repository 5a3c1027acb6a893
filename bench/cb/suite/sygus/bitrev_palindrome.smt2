; Bit reversal as a closed box: a 32-bit palindrome with its top bit set
; that is 6 modulo 13 and has its low byte equal to 0x81.
(set-logic QF_BV)
(declare-cb bitrev32 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(assert (= (bitrev32 x) x))
(assert (= ((_ extract 7 0) x) #x81))
(assert (= (bvurem x #x0000000d) #x00000006))
(assert (not (= ((_ extract 23 8) x) #x0000)))
(check-sat)
