; Path constraint around djb2 of 4-byte keys: a printable key other than
; "abcd" with the same hash (a hash-flooding input).
(set-logic QF_BV)
(declare-cb djb2_4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const k (_ BitVec 32))
(define-fun printable ((c (_ BitVec 8))) Bool (and (bvuge c #x21) (bvule c #x7e)))
(assert (= (djb2_4 k) #x7c93ee4f))
(assert (not (= k #x64636261)))
(assert (and (printable ((_ extract 7 0) k)) (printable ((_ extract 15 8) k)) (printable ((_ extract 23 16) k)) (printable ((_ extract 31 24) k))))
(check-sat)
