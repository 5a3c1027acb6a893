package sat_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"tandem/idrup"
	"tandem/sat"
)

// Solve a formula twice, once under an assumption that fails, and check
// the proof of the whole session.
func Example() {
	ctx := context.Background()
	var proof bytes.Buffer
	s := sat.New(nil)
	s.SetProof(&proof)
	s.AddClause(1, 2)
	s.AddClause(-1, 2)

	s.Assume(-2)
	fmt.Println(s.Solve(ctx), "core:", s.Core())

	fmt.Println(s.Solve(ctx), "x2 =", s.Value(2))
	s.Flush()

	_, err := idrup.Check(ctx, idrup.Source{}, idrup.Source{Name: "proof", R: &proof}, idrup.Options{})
	fmt.Println("proof checks:", err == nil)
	// Output:
	// UNSATISFIABLE core: [-2]
	// SATISFIABLE x2 = 2
	// proof checks: true
}

// Run an iCNF script and check the proof against the interactions.
func ExampleRunICNF() {
	ctx := context.Background()
	script := "p icnf\ni 1 2 0\ni -1 2 0\nq -2 0\nq 0\ni -2 0\nq 0\n"
	var inter, proof bytes.Buffer
	s := sat.New(nil)
	s.SetProof(&proof)
	st, err := sat.RunICNF(ctx, s, strings.NewReader(script), "script.icnf", &inter, false)
	s.Flush()
	fmt.Println(st.Queries, st.Sat, st.Unsat, err)
	fmt.Print(inter.String())
	_, err = idrup.Check(ctx, idrup.Source{Name: "i", R: &inter}, idrup.Source{Name: "p", R: &proof}, idrup.Options{})
	fmt.Println("checks:", err == nil)
	// Output:
	// 3 1 2 <nil>
	// p icnf
	// i 1 2 0
	// i -1 2 0
	// q -2 0
	// s UNSATISFIABLE
	// u -2 0
	// q 0
	// s SATISFIABLE
	// m 1 2 0
	// i -2 0
	// q 0
	// s UNSATISFIABLE
	// u 0
	// checks: true
}
