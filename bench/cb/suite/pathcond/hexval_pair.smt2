; Path constraint around a hex-byte decoder: two characters whose digit
; values are 0xc and 0x7, the first in lower case; the decoded byte then
; keys a 32-bit multiplicative inverse.
(set-logic QF_BV)
(declare-cb hexval8 ((_ BitVec 8)) (_ BitVec 8))
(declare-const hi (_ BitVec 8))
(declare-const lo (_ BitVec 8))
(declare-const k (_ BitVec 32))
(assert (= (hexval8 hi) #x0c))
(assert (= (hexval8 lo) #x07))
(assert (bvuge hi #x61))
(assert (= (bvmul k #x2545f491) ((_ zero_extend 24) (concat ((_ extract 3 0) (hexval8 hi)) ((_ extract 3 0) (hexval8 lo))))))
(check-sat)
