package fuzzysat

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tandem/smtlib"
)

// kQuery builds a FUZZY-SAT query over k!0 … k!(n-1) from the text of its
// branch condition and π.
func kQuery(t testing.TB, n int, goal string, pi ...string) *Query {
	t.Helper()
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "(declare-const k!%d (_ BitVec 8))\n", i)
	}
	fmt.Fprintf(&sb, "(assert (and %s %s))\n", goal, strings.Join(pi, " "))
	if len(pi) == 0 {
		sb.Reset()
		for i := 0; i < n; i++ {
			fmt.Fprintf(&sb, "(declare-const k!%d (_ BitVec 8))\n", i)
		}
		fmt.Fprintf(&sb, "(assert %s)\n", goal)
	}
	sc, err := smtlib.Parse("test.smt2", []byte(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, n)
	if err != nil {
		t.Fatal(err)
	}
	return f.Queries[0]
}

func solveK(t testing.TB, q *Query, seed []byte, o Options) *Result {
	t.Helper()
	if o.MaxEvals == 0 {
		o.MaxEvals = 200000
	}
	if o.Timeout == 0 {
		o.Timeout = 20e9 // the evaluation budget decides, not the clock
	}
	r, err := Solve(context.Background(), q, seed, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
