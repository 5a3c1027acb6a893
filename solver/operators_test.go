package solver

import (
	"testing"

	"tandem/smt"
)

// solverSpellings are the operators a built-in profile lists in the
// solver's own spelling, which differs from the name tandem's smt package
// writes: profile → solver spelling → smt name. Callers ask
// Profile.AcceptsOperator with smt's name (diver: op.String()), so such an
// entry never matches and tandem never sends the solver a name it rejects;
// the entry records what the solver decides in its own syntax.
var solverSpellings = map[string]map[string]string{
	"cvc4": {"str.tolower": "str.to_lower", "str.toupper": "str.to_upper"},
}

// Every operator a built-in profile lists is an operator of tandem's smt
// package, by the name smt writes (issue 24 item 3: cvc5's "pi" was
// smt's "real.pi", z3's "bv2int" smt's "bv2nat", and nine z3 operators
// were unknown to smt, so no caller could ever ask for them), or an
// explicitly listed solver spelling of one.
func TestProfileOperatorsAreSMTOperators(t *testing.T) {
	for _, p := range Builtin() {
		for _, name := range p.Operators {
			if want, ok := solverSpellings[p.Name][name]; ok {
				if op, ok := smt.LookupOp(name); !ok || op.String() != want {
					t.Errorf("%s: solver spelling %q is not smt's %s", p.Name, name, want)
				}
				if p.AcceptsOperator(want) {
					t.Errorf("%s: lists both %q and smt's %q; the solver takes one spelling", p.Name, name, want)
				}
				continue
			}
			op, ok := smt.LookupOp(name)
			switch {
			case !ok:
				t.Errorf("%s: operator %q is unknown to tandem/smt: use smt's name, or drop it (no caller can ask for it)", p.Name, name)
			case op.String() != name:
				t.Errorf("%s: operator %q is spelled %q in tandem/smt, which is the name callers ask for: list %q (or map the solver's spelling in solverSpellings)", p.Name, name, op.String(), op.String())
			}
		}
	}
}
