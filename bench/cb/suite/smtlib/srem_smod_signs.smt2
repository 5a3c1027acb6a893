; bvsrem and bvsmod (signs follow the dividend and the divisor) as closed
; boxes with SMT-LIB semantics: a negative dividend by 7 leaves -3 with
; srem and 4 with smod; the dividend is also a multiple of 11 in a window.
(set-logic QF_BV)
(declare-cb srem32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-cb smod32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const k (_ BitVec 32))
(assert (= (srem32 a #x00000007) #xfffffffd))
(assert (= (smod32 a #x00000007) #x00000004))
(assert (bvslt a #xfffff000))
(assert (bvsgt a #xffff0000))
(assert (= a (bvmul k #x0000000b)))
(assert (bvslt k #x00000000))
(check-sat)
