; From cvc5's rewrite-rule regression holes/commutative-add.smt2, with the
; doubling x + x on 5 bits as a closed box applied to x + y and y + x.
; Unsatisfiable with the box uninterpreted: the arguments are equal.
(set-logic QF_BV)
(declare-cb dbl5 ((_ BitVec 5)) (_ BitVec 5))
(declare-const x (_ BitVec 5))
(declare-const y (_ BitVec 5))
(assert (not (= (dbl5 (bvadd x y)) (dbl5 (bvadd y x)))))
(check-sat)
