; Round down to a power of two (flp2) and the integer log2 as closed boxes:
; x rounds down to 2^20, y has log2 20, x and y differ, and x * y mod 2^32
; has its low 24 bits clear.
(set-logic QF_BV)
(declare-cb flp2 ((_ BitVec 32)) (_ BitVec 32))
(declare-cb ilog2 ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (flp2 x) #x00100000))
(assert (= (ilog2 y) #x00000014))
(assert (not (= x y)))
(assert (= ((_ extract 23 0) (bvmul x y)) #x000000))
(assert (bvugt x #x00180000))
(check-sat)
