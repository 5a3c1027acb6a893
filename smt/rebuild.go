package smt

import "fmt"

// Rebuild is t with its arguments replaced by args (one per argument of t,
// for a let the bound values then the body, for a match the matched term
// then the bodies), through the type-checking
// builders: the generic step of every bottom-up rewrite.
func (s *Store) Rebuild(t *Term, args []*Term) (*Term, error) {
	switch t.Kind() {
	case App:
		if f := t.Func(); f != nil {
			if f.Kind == FuncConstructor {
				return s.ApplyFuncAs(f, args, t.Sort())
			}
			return s.ApplyFunc(f, args)
		}
		switch t.Op() {
		case OpConstArray:
			return s.ConstArray(t.Sort(), args[0])
		case OpAsArray, OpSeqEmpty:
			return t, nil
		}
		return s.Apply(t.Op(), t.Indices(), args...)
	case Let:
		n := len(t.Binders())
		if len(args) != n+1 {
			break
		}
		return s.Let(t.Binders(), args[:n], args[n])
	case Forall, Exists:
		if len(args) != 1 {
			break
		}
		return s.Quantifier(t.Kind() == Forall, t.Binders(), args[0])
	case Annotated:
		if len(args) != 1 {
			break
		}
		return s.Annotate(args[0], t.Attributes()), nil
	case MatchTerm:
		if len(args) != t.NumArgs() {
			break
		}
		return s.Match(args[0], t.Cases(), args[1:])
	}
	return nil, fmt.Errorf("cannot rebuild %s with %d arguments", Describe(t), len(args))
}
