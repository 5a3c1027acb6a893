; answers map[cvc5:error z3:sat z3 smt.string_solver=z3str3:unsat]; verdict soundness, wrong "z3 smt.string_solver=z3str3": every assertion holds under cvc5's model
(declare-const x0 String)
(assert (str.contains x0 (str.replace (str.replace x0 "cc" x0) "" x0)))
(check-sat)
