; Path constraint around FNV-1a of a 4-byte key: a printable key whose hash
; has its low byte zero (a bucket index of a 256-entry table), and a 64-bit
; slot number that must equal the hash times an odd constant.
(set-logic QF_BV)
(declare-cb fnv1a32_4 ((_ BitVec 32)) (_ BitVec 32))
(declare-const k (_ BitVec 32))
(declare-const slot (_ BitVec 64))
(define-fun printable ((c (_ BitVec 8))) Bool (and (bvuge c #x21) (bvule c #x7e)))
(assert (= ((_ extract 7 0) (fnv1a32_4 k)) #x00))
(assert (and (printable ((_ extract 7 0) k)) (printable ((_ extract 15 8) k)) (printable ((_ extract 23 16) k)) (printable ((_ extract 31 24) k))))
(assert (= (bvmul slot #x000000000000002b) ((_ zero_extend 32) (fnv1a32_4 k))))
(check-sat)
