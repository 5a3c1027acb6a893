; Overflow predicates of SMT-LIB 2.7 (bvumulo, bvsmulo), which z3 4.8 and
; cvc5 1.0 lack, as closed boxes: a 16-bit product that fits unsigned but
; overflows signed, from two factors above 100 whose sum is fixed.
(set-logic QF_BV)
(declare-cb umulo16 ((_ BitVec 16) (_ BitVec 16)) Bool)
(declare-cb smulo16 ((_ BitVec 16) (_ BitVec 16)) Bool)
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(assert (not (umulo16 a b)))
(assert (smulo16 a b))
(assert (bvugt a #x0064))
(assert (bvugt b #x0064))
(assert (= (bvadd a b) #x0258))
(check-sat)
