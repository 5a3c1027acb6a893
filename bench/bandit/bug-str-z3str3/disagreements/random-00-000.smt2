; answers map[cvc5:sat z3:sat z3 smt.string_solver=z3str3:unsat]; verdict soundness, wrong "z3 smt.string_solver=z3str3": every assertion holds under cvc5's model
(set-logic QF_SLIA)
(declare-const x0 String)
(declare-const x2 Int)
(assert (str.suffixof x0 (str.replace "" (str.++ (str.replace "" x0 "aaa") (str.substr "c" x2 x2)) x0)))
(assert (str.contains "" (str.replace "" x0 "b")))
(check-sat)
