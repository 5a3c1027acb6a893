package eval

import (
	"tandem/smt"
	"tandem/smt/strs"
)

// strState is the Strings theory's part of an Evaluator: the lazily built
// automaton of every regular language evaluated so far, and a private
// Store for the terms of RegLan values computed from argument values
// (a RegLanValue is the ground term that denotes the language, with its
// string arguments as literals).
type strState struct {
	b  *strs.Builder
	st *smt.Store
}

// maxStrStates bounds the automaton an Evaluator keeps: past it, the next
// Strings operation starts a fresh one (values already computed stay
// valid, since terms are immutable).
const maxStrStates = 1 << 20

// strings applies a Strings operator to defined argument values, with the
// exact SMT-LIB 2.6 semantics of tandem/smt/strs.
func (e *Evaluator) strings(t *smt.Term, a []smt.Value) (smt.Value, error) {
	if e.str == nil || e.str.b.Len() > maxStrStates {
		e.str = &strState{b: strs.NewBuilder(), st: smt.NewStore()}
	}
	return e.str.b.Apply(e.str.st, t.Op(), t.Indices(), a)
}
