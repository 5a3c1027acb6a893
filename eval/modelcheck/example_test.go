package modelcheck_test

import (
	"fmt"

	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/smtlib"
)

// Check a model as a solver printed it, without running the solver: the
// assertions in scope at the first check-sat (the popped one is not), each
// with its verdict. (div x 0) is open in SMT-LIB, so an assertion over it
// is undefined unless the model interprets division by zero.
func Example() {
	sc, err := smtlib.Parse("ex.smt2", []byte(`
(declare-const x Int)
(declare-const y Int)
(assert (> x 2))
(push 1)
(assert (< x 0))
(pop 1)
(assert (= (+ x y) 10))
(assert (= (div x 0) y))
(check-sat)`))
	if err != nil {
		fmt.Println(err)
		return
	}
	assertions, at := modelcheck.AssertionsAtFirstCheck(sc)
	sm, err := smtlib.ParseModel([]byte(`(
  (define-fun x () Int 3)
  (define-fun y () Int 7)
)`), sc)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := modelcheck.Evaluate(assertions, m)
	fmt.Println(len(assertions), "assertions in scope at command", at+1)
	for _, a := range r.Assertions {
		fmt.Println(a.Term, a.Verdict)
	}
	fmt.Println("holds:", r.Holds())
	// Output:
	// 3 assertions in scope at command 9
	// (> x 2) true
	// (= (+ x y) 10) true
	// (= (div x 0) y) undefined
	// holds: false
}
