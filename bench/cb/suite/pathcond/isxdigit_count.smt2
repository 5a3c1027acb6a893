; Path constraint of a token classifier: exactly three of four bytes are
; hexadecimal digits (four isxdigit calls), the odd one out is '-', and the
; 32-bit word is a multiple of 1009.
(set-logic QF_BV)
(declare-cb isxdigit8 ((_ BitVec 8)) Bool)
(declare-const s (_ BitVec 32))
(define-fun one ((b Bool)) (_ BitVec 8) (ite b #x01 #x00))
(assert (= (bvadd (one (isxdigit8 ((_ extract 7 0) s))) (one (isxdigit8 ((_ extract 15 8) s)))
                  (one (isxdigit8 ((_ extract 23 16) s))) (one (isxdigit8 ((_ extract 31 24) s)))) #x03))
(assert (or (= ((_ extract 7 0) s) #x2d) (= ((_ extract 15 8) s) #x2d) (= ((_ extract 23 16) s) #x2d) (= ((_ extract 31 24) s) #x2d)))
(assert (= (bvurem s #x000003f1) #x00000000))
(check-sat)
