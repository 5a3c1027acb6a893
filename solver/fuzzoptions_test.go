package solver_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/solver"
)

// trunkOnly are fuzz options the installed (Debian) solvers lack and a
// trunk build has: DIVER retires them at their first refusal.
var trunkOnly = []string{"smt.bv.solver=2"}

// Every fuzz option of the z3 and cvc5 profiles is taken by the installed
// solver with models and self-checks on (as DIVER runs it), on a query of
// four theories: an option that errors
// there costs an error answer per draw until retired and tests nothing.
// The class is "the option pool holds an option the solver refuses".
func TestFuzzOptionsTaken(t *testing.T) {
	const script = "(set-logic ALL)\n(declare-const x Int)\n(declare-const r Real)\n(declare-const s String)\n" +
		"(declare-const b (_ BitVec 8))\n(assert (and (> x 3) (= (str.len s) x) (< r (to_real x)) (bvult b #x10)))\n(check-sat)\n(get-model)\n"
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5"} {
		testutil.RequireBinary(t, name)
		p, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range p.FuzzOptions {
			if slices.Contains(trunkOnly, o) {
				continue
			}
			q, err := p.WithOptions(o)
			if err != nil {
				t.Errorf("%s %s: %v", name, o, err)
				continue
			}
			res, err := solver.Run(context.Background(), q, solver.BytesInput([]byte(script)), solver.RunOptions{
				Limits: solver.Limits{CPU: 10 * time.Second, Wall: time.Minute},
				Mode:   solver.Mode{Models: true, SelfCheck: true}})
			if err != nil {
				t.Fatalf("%s %s: %v", name, o, err)
			}
			if res.Status != solver.StatusSat || len(res.Errors) > 0 {
				t.Errorf("%s %s: %s %q (%s)", name, o, res.Status, res.Errors, res.Reason)
			}
		}
	}
}
