; Path constraint of a colour conversion: three channel values clamp to
; (255, 0, 128); they are computed from y, u, v by a fixed linear map,
; which the SMT side inverts.
(set-logic QF_BV)
(declare-cb clamp_u8 ((_ BitVec 32)) (_ BitVec 8))
(declare-const y (_ BitVec 32))
(declare-const u (_ BitVec 32))
(declare-const v (_ BitVec 32))
(define-fun r () (_ BitVec 32) (bvadd y (bvmul #x00000002 v)))
(define-fun g () (_ BitVec 32) (bvsub y (bvadd u v)))
(define-fun b () (_ BitVec 32) (bvadd y (bvmul #x00000002 u)))
(assert (= (clamp_u8 r) #xff))
(assert (= (clamp_u8 g) #x00))
(assert (= (clamp_u8 b) #x80))
(assert (bvslt y #x00000100))
(assert (bvsgt y #x00000000))
(check-sat)
