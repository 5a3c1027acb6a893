package fuzzysat

import (
	"errors"
	"fmt"

	"tandem/smt"
)

// ErrUnsupported is wrapped by the error a search of a constraint the
// evaluator cannot decide returns: a quantifier, a bound variable out of
// its binder, a function call without a closed box to answer it. Such a
// query goes straight to the fallback solver, or is rejected when there
// is none: fuzzing cannot answer it, and an unsat proof by enumeration
// would count "not evaluable" as "false".
var ErrUnsupported = errors.New("fuzzysat cannot evaluate it, so it can neither search it nor prove it unsat")

// unsupported is why t is outside the quantifier-free Bool/bit-vector
// fragment over the layout's variables that the evaluator decides, or nil.
// calls says function calls are answered (by a closed box). The verdict
// is cached per term.
func (a *Analyzer) unsupported(t *smt.Term, calls bool) error {
	if a.unsup == nil {
		a.unsup = map[*smt.Term]error{}
	}
	if err, ok := a.unsup[t]; ok {
		return err
	}
	var why error
	a.vs.begin()
	var walk func(*smt.Term)
	walk = func(x *smt.Term) {
		if why != nil || !a.vs.first(x) {
			return
		}
		switch x.Kind() {
		case smt.Forall, smt.Exists:
			why = fmt.Errorf("is quantified (%s)", shortText(x))
			return
		case smt.MatchTerm:
			why = fmt.Errorf("has a match on a datatype (%s)", shortText(x))
			return
		case smt.Var:
			why = fmt.Errorf("has the free variable %s", x.Name())
			return
		case smt.App:
			if f := x.Func(); f != nil && !x.IsConst() && !calls {
				why = fmt.Errorf("calls the function %s, which has no definition", f.Name)
				return
			}
			if x.IsConst() && x.Func() != nil && a.layout.Index(x.Func()) < 0 {
				why = fmt.Errorf("reads %s, which is not an input variable", x.Func().Name)
				return
			}
		}
		for _, y := range x.Args() {
			walk(y)
		}
	}
	walk(t)
	a.unsup[t] = why
	return why
}

// shortText is the start of t's text, for messages.
func shortText(t *smt.Term) string {
	s := t.String()
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
