; bvsdiv as a closed box, unsatisfiable in the theory part alone: the
; quotient shifted left by one bit is asked to be odd.
(set-logic QF_BV)
(declare-cb sdiv32 ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (bvsgt b #x00000002))
(assert (= ((_ extract 0 0) (bvshl (sdiv32 a b) #x00000001)) #b1))
(check-sat)
