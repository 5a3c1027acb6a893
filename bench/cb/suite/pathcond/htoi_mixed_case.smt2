; Path constraint around strtoul(s, 0, 16) on a 4-byte field: the value is
; 0xbeef, at least one digit is written in upper case and one in lower
; case, and the bytes have a fixed xor.
(set-logic QF_BV)
(declare-cb htoi4 ((_ BitVec 32)) (_ BitVec 16))
(declare-const s (_ BitVec 32))
(define-fun upper ((c (_ BitVec 8))) Bool (and (bvuge c #x41) (bvule c #x46)))
(define-fun lower ((c (_ BitVec 8))) Bool (and (bvuge c #x61) (bvule c #x66)))
(assert (= (htoi4 s) #xbeef))
(assert (or (upper ((_ extract 7 0) s)) (upper ((_ extract 15 8) s)) (upper ((_ extract 23 16) s)) (upper ((_ extract 31 24) s))))
(assert (or (lower ((_ extract 7 0) s)) (lower ((_ extract 15 8) s)) (lower ((_ extract 23 16) s)) (lower ((_ extract 31 24) s))))
(assert (= (bvxor ((_ extract 7 0) s) ((_ extract 15 8) s) ((_ extract 23 16) s) ((_ extract 31 24) s)) #x24))
(check-sat)
