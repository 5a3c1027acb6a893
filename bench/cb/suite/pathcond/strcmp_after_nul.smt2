; Path constraint around strcmp on 4-byte buffers: two different buffers
; that compare equal because they differ only after the NUL, and whose
; 32-bit words have a fixed sum.
(set-logic QF_BV)
(declare-cb strcmp4 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (= (strcmp4 a b) #x00000000))
(assert (not (= a b)))
(assert (not (= ((_ extract 7 0) a) #x00)))
(assert (= (bvadd a b) #x868400d2))
(check-sat)
