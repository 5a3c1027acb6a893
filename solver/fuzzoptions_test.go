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

// Every fuzz option of the z3 and cvc5 profiles, alone and in every pair
// (DIVER draws one or two), is taken by the installed solver with models
// and self-checks on (as DIVER runs it): alone on a query of four theories
// and on one without arithmetic, in pairs on the first. An option that
// errors costs an error answer per draw and tests nothing. The class is
// "the option pool holds an option, or a pair, the solver refuses"
// (cvc5's --miplib-trick on QF_BV; --produce-proofs with --ite-simp).
func TestFuzzOptionsTaken(t *testing.T) {
	scripts := []string{"(set-logic ALL)\n(declare-const x Int)\n(declare-const r Real)\n(declare-const s String)\n" +
		"(declare-const b (_ BitVec 8))\n(assert (and (> x 3) (= (str.len s) x) (< r (to_real x)) (bvult b #x10)))\n(check-sat)\n(get-model)\n",
		"(set-logic QF_BV)\n(declare-const b (_ BitVec 8))\n(assert (bvult b #x10))\n(check-sat)\n(get-model)\n"}
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5"} {
		testutil.RequireBinary(t, name)
		p, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		var opts []string
		for _, o := range p.FuzzOptions {
			if !slices.Contains(trunkOnly, o) {
				opts = append(opts, o)
			}
		}
		var sets [][]string
		for i, o := range opts {
			sets = append(sets, []string{o})
			for _, o2 := range opts[i+1:] {
				sets = append(sets, []string{o, o2})
			}
		}
		for _, set := range sets {
			q, err := p.WithOptions(set...)
			if err != nil {
				t.Errorf("%s %v: %v", name, set, err)
				continue
			}
			n := len(scripts)
			if len(set) == 2 {
				n = 1 // pairs on the first script only, for the suite's time
			}
			for i, script := range scripts[:n] {
				res, err := solver.Run(context.Background(), q, solver.BytesInput([]byte(script)), solver.RunOptions{
					Limits: solver.Limits{CPU: 10 * time.Second, Wall: time.Minute},
					Mode:   solver.Mode{Models: true, SelfCheck: true}})
				if err != nil {
					t.Fatalf("%s %v: %v", name, set, err)
				}
				if res.Status != solver.StatusSat || len(res.Errors) > 0 {
					t.Errorf("%s %v on script %d: %s %q (%s)", name, set, i+1, res.Status, res.Errors, res.Reason)
				}
			}
		}
	}
}
