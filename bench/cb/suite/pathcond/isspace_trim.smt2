; Path constraint of a trim loop: the first two bytes are white space, the
; third is not and is alphabetic; the next two bytes read as a
; little-endian 16-bit number divisible by 97 above 20000.
(set-logic QF_BV)
(declare-cb isspace8 ((_ BitVec 8)) Bool)
(declare-cb isalpha8 ((_ BitVec 8)) Bool)
(declare-const s (_ BitVec 64))
(define-fun w () (_ BitVec 16) ((_ extract 39 24) s))
(assert (isspace8 ((_ extract 7 0) s)))
(assert (isspace8 ((_ extract 15 8) s)))
(assert (not (isspace8 ((_ extract 23 16) s))))
(assert (isalpha8 ((_ extract 23 16) s)))
(assert (= (bvurem w #x0061) #x0000))
(assert (bvugt w #x4e20))
(assert (not (= ((_ extract 7 0) s) ((_ extract 15 8) s))))
(check-sat)
