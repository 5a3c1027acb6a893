package smtserve_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"tandem/smtserve"
)

// A concolic executor's session: π is asserted once, each branch in a
// push/pop. Without a fallback solver every answer here comes from tandem
// itself: sat with a model the evaluator checked (fuzzing), unsat with a
// proof (here the refuter's: x < 16 and x = 32 leave x no value).
func Example() {
	s, err := smtserve.New(smtserve.Options{}) // no fallback: what fuzzing cannot prove is unknown
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	script := `
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(assert (bvult x #x10))
(push 1)
(assert (= (bvmul x #x03) #x21))
(check-sat)
(get-value (x))
(pop 1)
(push 1)
(assert (= x #x20))
(check-sat)
(pop 1)
(exit)`
	if err := s.Serve(context.Background(), strings.NewReader(script), os.Stdout); err != nil {
		fmt.Println(err)
	}
	st := s.Stats()
	fmt.Printf("answered in-process %d of %d\n", st.InProcess(), st.Queries)
	// Output:
	// sat
	// ((x #x0b))
	// unsat
	// answered in-process 2 of 2
}
