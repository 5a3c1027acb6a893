; From cvc5's rewrite-rule regression holes/add-two.smt2 (x + x on 5 bits):
; the doubling is a closed box. Find x above 16 that doubles to 0b10110 and
; y whose double plus x's is 0.
(set-logic QF_BV)
(declare-cb dbl5 ((_ BitVec 5)) (_ BitVec 5))
(declare-const x (_ BitVec 5))
(declare-const y (_ BitVec 5))
(assert (= (dbl5 x) #b10110))
(assert (bvugt x #b10000))
(assert (= (bvadd (dbl5 x) (dbl5 y)) #b00000))
(assert (bvult y x))
(check-sat)
