package eval_test

import (
	"context"
	"testing"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/internal/testutil"
	"tandem/smt"
)

// TestDifferentialZ3 compares the interpreter with z3's get-value on
// random ground terms of every supported sort family. The big run is
// go run ./bench/evaldiff.
func TestDifferentialZ3(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	total := 6000
	if testing.Short() {
		total = 600
	}
	ev := eval.New(nil)
	for _, cfg := range evaltest.StandardConfigs(z3, []string{"-in", "-smt2"}, total, 1) {
		rep, err := evaltest.RunDiff(context.Background(), cfg, func(x *smt.Term) (smt.Value, error) { return ev.Eval(x) })
		if err != nil {
			t.Fatalf("%s: %v", cfg.Name, err)
		}
		t.Logf("%-18s terms %d compared %d agree %d undefined %d solver-errors %d (%v)",
			rep.Name, rep.Terms, rep.Compared, rep.Agree, rep.Undefined, rep.SolverErrors, rep.Elapsed.Round(1e6))
		for i, d := range rep.Disagreements {
			if i < 5 {
				t.Errorf("%s: %s\n  tandem %s\n  z3     %s", cfg.Name, d.Term, d.Ours, d.Solvers)
			}
		}
		if rep.SolverErrors > rep.Terms/20 {
			t.Errorf("%s: z3 rejected %d of %d terms", cfg.Name, rep.SolverErrors, rep.Terms)
		}
	}
}
