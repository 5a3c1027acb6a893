package smt

import (
	"fmt"
	"strconv"
)

// Expander rewrites terms of one store: substitution of bound variables,
// inlining of let and of defined functions, removal of annotations. It
// keeps sharing: every rewritten node is built once per scope. Variables
// are renamed where a substitution would otherwise be captured by a binder.
type Expander struct {
	st *Store
	// InlineLets replaces every let by its body with the bound values
	// substituted.
	InlineLets bool
	// InlineDefs replaces applications of non-recursive defined functions
	// (define-fun, :named) by their bodies.
	InlineDefs bool
	// StripAnnotations replaces (! t …) by t.
	StripAnnotations bool

	fresh int
	free  map[*Term][]*Term
}

// NewExpander returns an Expander over the terms of st that inlines lets
// and definitions and strips annotations; clear the flags to do less.
func NewExpander(st *Store) *Expander {
	return &Expander{st: st, InlineLets: true, InlineDefs: true, StripAnnotations: true, free: map[*Term][]*Term{}}
}

// Expand rewrites t as the flags say.
func (e *Expander) Expand(t *Term) (*Term, error) {
	return e.rewrite(t, nil, map[*Term]*Term{})
}

// Subst replaces the free occurrences of the variables in sub (keys must be
// Var terms) by their values.
func (e *Expander) Subst(t *Term, sub map[*Term]*Term) (*Term, error) {
	saved := *e
	e.InlineLets, e.InlineDefs, e.StripAnnotations = false, false, false
	defer func() {
		e.InlineLets, e.InlineDefs, e.StripAnnotations = saved.InlineLets, saved.InlineDefs, saved.StripAnnotations
	}()
	return e.rewrite(t, sub, map[*Term]*Term{})
}

func (e *Expander) rewrite(t *Term, env map[*Term]*Term, memo map[*Term]*Term) (*Term, error) {
	if r, ok := memo[t]; ok {
		return r, nil
	}
	r, err := e.rewrite1(t, env, memo)
	if err != nil {
		return nil, err
	}
	memo[t] = r
	return r, nil
}

func (e *Expander) rewrite1(t *Term, env map[*Term]*Term, memo map[*Term]*Term) (*Term, error) {
	switch t.Kind() {
	case Literal:
		return t, nil
	case Var:
		if r, ok := env[t]; ok {
			return r, nil
		}
		return t, nil
	case Let:
		n := t.NumArgs() - 1
		vals := make([]*Term, n)
		for i := 0; i < n; i++ {
			v, err := e.rewrite(t.Arg(i), env, memo)
			if err != nil {
				return nil, err
			}
			vals[i] = v
		}
		binders := t.Binders()
		if e.InlineLets {
			inner := extend(env, binders, vals)
			return e.rewrite(t.Arg(n), inner, map[*Term]*Term{})
		}
		vars, inner := e.rebind(binders, env)
		body, err := e.rewrite(t.Arg(n), inner, map[*Term]*Term{})
		if err != nil {
			return nil, err
		}
		return e.st.Let(vars, vals, body)
	case Forall, Exists:
		vars, inner := e.rebind(t.Binders(), env)
		body, err := e.rewrite(t.Arg(0), inner, map[*Term]*Term{})
		if err != nil {
			return nil, err
		}
		return e.st.Quantifier(t.Kind() == Forall, vars, body)
	case Annotated:
		inner, err := e.rewrite(t.Arg(0), env, memo)
		if err != nil {
			return nil, err
		}
		if e.StripAnnotations {
			return inner, nil
		}
		attrs := t.Attributes()
		if inner != t.Arg(0) || len(env) > 0 {
			attrs = make([]Attribute, len(attrs))
			for i, a := range t.Attributes() {
				attrs[i] = a
				if a.Terms != nil {
					attrs[i].Terms = make([]*Term, len(a.Terms))
					for j, pt := range a.Terms {
						r, err := e.rewrite(pt, env, memo)
						if err != nil {
							return nil, err
						}
						attrs[i].Terms[j] = r
					}
				}
			}
		}
		return e.st.Annotate(inner, attrs), nil
	}
	// App
	args := t.Args()
	changed := false
	var buf []*Term
	for i, a := range args {
		r, err := e.rewrite(a, env, memo)
		if err != nil {
			return nil, err
		}
		if r != a && !changed {
			buf = append(make([]*Term, 0, len(args)), args[:i]...)
			changed = true
		}
		if changed {
			buf = append(buf, r)
		}
	}
	if changed {
		args = buf
	}
	if f := t.Func(); f != nil && e.InlineDefs && f.Kind == FuncDefined && f.Body != nil {
		body, err := e.rewrite(f.Body, nil, map[*Term]*Term{})
		if err != nil {
			return nil, err
		}
		if len(f.Formals) == 0 {
			return body, nil
		}
		return e.rewrite(body, extend(nil, f.Formals, args), map[*Term]*Term{})
	}
	if !changed {
		return t, nil
	}
	return e.rebuild(t, args)
}

// rebuild makes a node like t with new arguments.
func (e *Expander) rebuild(t *Term, args []*Term) (*Term, error) {
	switch {
	case t.Op() == OpConstArray:
		return e.st.ConstArray(t.Sort(), args[0])
	case t.Op() == OpAsArray || t.Op() == OpSeqEmpty:
		return t, nil
	case t.Func() != nil:
		return e.st.ApplyFuncAs(t.Func(), args, t.Sort())
	}
	return e.st.Apply(t.Op(), t.Indices(), args...)
}

func extend(env map[*Term]*Term, vars, vals []*Term) map[*Term]*Term {
	out := make(map[*Term]*Term, len(env)+len(vars))
	for k, v := range env {
		out[k] = v
	}
	for i, v := range vars {
		out[v] = vals[i]
	}
	return out
}

// rebind enters the scope of binders: their own occurrences are no longer
// substituted, and a binder that a substituted value mentions free is
// renamed so that it does not capture it.
func (e *Expander) rebind(binders []*Term, env map[*Term]*Term) ([]*Term, map[*Term]*Term) {
	if len(env) == 0 {
		return binders, env
	}
	inner := make(map[*Term]*Term, len(env))
	for k, v := range env {
		inner[k] = v
	}
	vars := append([]*Term(nil), binders...)
	for i, b := range binders {
		delete(inner, b)
		captured := false
		for _, v := range env {
			for _, fv := range e.freeVars(v) {
				if fv == b {
					captured = true
				}
			}
		}
		if captured {
			e.fresh++
			nv := e.st.Var(b.Name()+"!"+strconv.Itoa(e.fresh), b.Sort())
			vars[i] = nv
			inner[b] = nv
		}
	}
	return vars, inner
}

// freeVars lists the variables occurring free in t.
func (e *Expander) freeVars(t *Term) []*Term {
	if fv, ok := e.free[t]; ok {
		return fv
	}
	var out []*Term
	add := func(vs []*Term, bound []*Term) {
	next:
		for _, v := range vs {
			for _, b := range bound {
				if b == v {
					continue next
				}
			}
			for _, o := range out {
				if o == v {
					continue next
				}
			}
			out = append(out, v)
		}
	}
	switch t.Kind() {
	case Var:
		out = []*Term{t}
	case Let:
		n := t.NumArgs() - 1
		for i := 0; i < n; i++ {
			add(e.freeVars(t.Arg(i)), nil)
		}
		add(e.freeVars(t.Arg(n)), t.Binders())
	case Forall, Exists:
		add(e.freeVars(t.Arg(0)), t.Binders())
	default:
		for _, a := range t.Args() {
			add(e.freeVars(a), nil)
		}
	}
	e.free[t] = out
	return out
}

// Describe prints a short description of t for error messages: its
// operator or kind and sort.
func Describe(t *Term) string {
	switch t.Kind() {
	case App:
		if t.Func() != nil {
			return fmt.Sprintf("application of %s : %s", t.Func().Name, t.Sort())
		}
		return fmt.Sprintf("%s : %s", t.Op(), t.Sort())
	case Var:
		return fmt.Sprintf("variable %s : %s", t.Name(), t.Sort())
	}
	return fmt.Sprintf("%s : %s", LiteralStringSafe(t), t.Sort())
}

// LiteralStringSafe prints a literal, or the term's kind for other terms.
func LiteralStringSafe(t *Term) string {
	if t.Kind() == Literal {
		return LiteralString(t)
	}
	return [...]string{"literal", "application", "variable", "let", "forall", "exists", "annotation"}[t.Kind()]
}
