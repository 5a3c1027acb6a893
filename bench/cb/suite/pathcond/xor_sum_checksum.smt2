; Path constraint around two one-byte checksums of an 8-byte record: the
; xor of the bytes is 0x79 and their sum 0x0f (as for "R2D2C3PO"); every
; byte is a digit or an upper-case letter.
(set-logic QF_BV)
(declare-cb xor8_64 ((_ BitVec 64)) (_ BitVec 8))
(declare-cb sum8_64 ((_ BitVec 64)) (_ BitVec 8))
(declare-const s (_ BitVec 64))
(define-fun ok ((c (_ BitVec 8))) Bool (or (and (bvuge c #x30) (bvule c #x39)) (and (bvuge c #x41) (bvule c #x5a))))
(assert (= (xor8_64 s) #x79))
(assert (= (sum8_64 s) #x0f))
(assert (and (ok ((_ extract 7 0) s)) (ok ((_ extract 15 8) s)) (ok ((_ extract 23 16) s)) (ok ((_ extract 31 24) s))
             (ok ((_ extract 39 32) s)) (ok ((_ extract 47 40) s)) (ok ((_ extract 55 48) s)) (ok ((_ extract 63 56) s))))
(check-sat)
