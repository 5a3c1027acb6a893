; bvudiv and bvurem on bytes as closed boxes: a / b = 7 and a % b = 3 with
; b above 10; the same a divided by 0 must give 0xff and leave a, as
; SMT-LIB says.
(set-logic QF_BV)
(declare-cb udiv8 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-cb urem8 ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(assert (= (udiv8 a b) #x07))
(assert (= (urem8 a b) #x03))
(assert (bvugt b #x0a))
(assert (= (udiv8 a #x00) #xff))
(assert (= (urem8 a #x00) a))
(assert (= (bvurem a #x0d) #x05))
(check-sat)
