package eval

import (
	"errors"
	"fmt"

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

func (e *Evaluator) strInit() {
	if e.str == nil || e.str.b.Len() > maxStrStates {
		e.str = &strState{b: strs.NewBuilder(), st: smt.NewStore()}
	}
}

// strings applies a Strings operator to defined argument values, with the
// exact SMT-LIB 2.6 semantics of tandem/smt/strs.
func (e *Evaluator) strings(t *smt.Term, a []smt.Value) (smt.Value, error) {
	e.strInit()
	return e.str.b.Apply(e.str.st, t.Op(), t.Indices(), a)
}

// regLanEqual is (= x y) on regular languages: equality of the languages,
// decided on the automaton; past strs.DefaultBudget states it is
// unsupported rather than guessed.
func (e *Evaluator) regLanEqual(x smt.RegLanValue, b smt.Value) (bool, error) {
	y, ok := b.(smt.RegLanValue)
	if !ok {
		return false, fmt.Errorf("comparing the RegLan %s with %s", x, b)
	}
	if x.Term == y.Term {
		return true, nil
	}
	e.strInit()
	rx, err := e.str.b.Compile(x.Term)
	if err != nil {
		return false, err
	}
	ry, err := e.str.b.Compile(y.Term)
	if err != nil {
		return false, err
	}
	eq, err := e.str.b.Equivalent(rx, ry, 0)
	if errors.Is(err, strs.ErrBudget) {
		return false, fmt.Errorf("equality of %s and %s: %w: %w", x, y, err, ErrUnsupported)
	}
	return eq, err
}
