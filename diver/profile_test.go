package diver

import (
	"slices"
	"testing"

	"tandem/smt"
	"tandem/solver"
)

// TestSolverKnowledgeFromProfiles: which pooled operators a solver gets,
// the options odd floats need and the options fuzzed come from the
// solver's profile alone, and give what the name switches they replaced
// gave for the built-in solvers.
func TestSolverKnowledgeFromProfiles(t *testing.T) {
	pooled := []smt.Op{smt.OpIte, smt.OpStrIndexOfRe, smt.OpIntPow2, smt.OpStrUpdate, smt.OpStrRev,
		smt.OpStrToLower, smt.OpStrToUpper, smt.OpStrReplaceAll, smt.OpStrReplaceRe, smt.OpStrReplaceReAll}
	// the name switch this test replaced, as the reference
	byName := func(p *solver.Profile, op smt.Op) bool {
		if p.Name == "z3" {
			return op == smt.OpIte
		}
		switch op {
		case smt.OpStrReplaceAll, smt.OpStrReplaceRe, smt.OpStrReplaceReAll:
			return p.Name == "cvc5" || p.Name == "cvc4"
		case smt.OpIte:
			return false
		}
		return p.AcceptsOperator(op.String())
	}
	for _, p := range solver.Builtin() {
		d := &Diver{profile: p}
		for _, op := range pooled {
			if got, want := d.acceptOperator(op), byName(p, op); got != want {
				t.Errorf("%s, %s: accepted %v, the name switch said %v", p.Name, op, got, want)
			}
		}
		q, err := d.profileFor(&seedScript{oddFloat: true})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := slices.Contains(q.Options, "--fp-exp"), p.Name == "cvc5"; got != want {
			t.Errorf("%s with an odd float sort: options %v", p.Name, q.Options)
		}
	}
	reg := solver.NewRegistry()
	for name, paper := range map[string]string{"z3": "smt.string_solver=z3str3", "cvc5": "--no-strings-lazy-pp", "cvc4": "--strings-exp"} {
		p, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(p.FuzzOptions, paper) {
			t.Errorf("%s: fuzz options %v lack %s", name, p.FuzzOptions, paper)
		}
	}
}
