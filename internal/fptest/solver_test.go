package fptest

import (
	"context"
	"testing"

	"tandem/internal/testutil"
)

func runSolverTest(t *testing.T, s Solver, n int, seed uint64) {
	rep, err := RunSolver(context.Background(), s, n, 300, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Disagreements {
		t.Errorf("%s: %s: fp %s, %s %s", d.Op, d.Term, d.Ours, s.Name, d.Theirs)
	}
	for _, e := range rep.Errors {
		t.Logf("solver error: %s", e)
	}
	t.Logf("%s: %d terms, %d compared, %d agree, %d unspecified skipped, %d solver errors, %v",
		s.Name, rep.Terms, rep.Compared, rep.Agree, rep.Skipped, rep.SolverErrors, rep.Elapsed)
}

func TestZ3(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	runSolverTest(t, Z3(testutil.RequireBinary(t, "z3")), n, 1)
}

func TestCVC5(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	runSolverTest(t, CVC5(testutil.RequireBinary(t, "cvc5")), n, 2)
}
