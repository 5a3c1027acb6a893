package smt

import (
	"fmt"
	"strconv"
)

// Expander rewrites terms of one store: substitution of bound variables,
// inlining of let and of defined functions, removal of annotations. It
// keeps sharing: every rewritten node is built once per scope, and a term
// without free variables once per Expander. Variables are renamed where a
// substitution would otherwise be captured by a binder. The work is linear
// in the size of the term DAG and its expansion: scopes are entered and
// left by undoing bindings in one map, never by copying the environment
// (issue 28 item 8: a 20k-deep let chain took minutes).
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
	// EliminateMatch replaces every match by a chain of ite over the
	// testers of its constructor patterns, with selectors of the matched
	// term for the pattern variables, for consumers that know only
	// applications (DIVER's formula tree). The result is equivalent when
	// the cases cover every constructor; otherwise the last case also
	// stands for the constructors no case covers, where the match itself
	// is undefined.
	EliminateMatch bool

	fresh int
	free  map[*Term][]*Term
	env   env
	// closed memoizes the rewriting of terms without free variables, which
	// does not depend on the scope; one map per setting of the flags.
	closed [16]map[*Term]*Term
	// bodies memoizes the expanded body of each defined function, with
	// match kept and eliminated.
	bodies [2]map[*Func]*Term
}

// NewExpander returns an Expander over the terms of st that inlines lets
// and definitions and strips annotations; clear the flags to do less.
func NewExpander(st *Store) *Expander {
	return &Expander{st: st, InlineLets: true, InlineDefs: true, StripAnnotations: true, free: map[*Term][]*Term{}}
}

// Expand rewrites t as the flags say.
func (e *Expander) Expand(t *Term) (*Term, error) {
	e.env = env{}
	return e.rewrite(t, map[*Term]*Term{})
}

// Subst replaces the free occurrences of the variables in sub (keys must be
// Var terms) by their values.
func (e *Expander) Subst(t *Term, sub map[*Term]*Term) (*Term, error) {
	saved := *e
	e.InlineLets, e.InlineDefs, e.StripAnnotations, e.EliminateMatch = false, false, false, false
	defer func() {
		e.InlineLets, e.InlineDefs, e.StripAnnotations, e.EliminateMatch = saved.InlineLets, saved.InlineDefs, saved.StripAnnotations, saved.EliminateMatch
		e.env = env{}
	}()
	e.env = env{}
	for k, v := range sub {
		e.env.bind(k, v, e)
	}
	return e.rewrite(t, map[*Term]*Term{})
}

// env is the substitution in force: variable -> value, with an undo log so
// that leaving a scope costs what entering it did. captures counts, for
// each variable, the values in m that mention it free (a binder with a
// non-zero count must be renamed).
type env struct {
	m        map[*Term]*Term
	captures map[*Term]int
	log      []undo
}

type undo struct {
	k, old *Term // old == nil: k was unbound
}

func (v *env) set(k, val *Term, e *Expander) {
	if old, ok := v.m[k]; ok {
		for _, fv := range e.freeVars(old) {
			v.captures[fv]--
		}
		delete(v.m, k)
	}
	if val != nil {
		if v.m == nil {
			v.m, v.captures = map[*Term]*Term{}, map[*Term]int{}
		}
		v.m[k] = val
		for _, fv := range e.freeVars(val) {
			v.captures[fv]++
		}
	}
}

// bind maps k to val (nil: removes k) until the scope is reset.
func (v *env) bind(k, val *Term, e *Expander) {
	v.log = append(v.log, undo{k, v.m[k]})
	v.set(k, val, e)
}

// mark is the point to reset to when leaving the scope entered next.
func (v *env) mark() int { return len(v.log) }

func (v *env) reset(mark int, e *Expander) {
	for i := len(v.log) - 1; i >= mark; i-- {
		v.set(v.log[i].k, v.log[i].old, e)
	}
	v.log = v.log[:mark]
}

func (e *Expander) rewrite(t *Term, memo map[*Term]*Term) (*Term, error) {
	if r, ok := memo[t]; ok {
		return r, nil
	}
	// A closed term rewrites the same under every substitution.
	flags := 0
	for i, on := range []bool{e.InlineLets, e.InlineDefs, e.StripAnnotations, e.EliminateMatch} {
		if on {
			flags |= 1 << i
		}
	}
	cm := &e.closed[flags]
	closed := len(e.freeVars(t)) == 0
	if closed {
		if r, ok := (*cm)[t]; ok {
			return r, nil
		}
	}
	r, err := e.rewrite1(t, memo)
	if err != nil {
		return nil, err
	}
	memo[t] = r
	if closed {
		if *cm == nil {
			*cm = map[*Term]*Term{}
		}
		(*cm)[t] = r
	}
	return r, nil
}

func (e *Expander) rewrite1(t *Term, memo map[*Term]*Term) (*Term, error) {
	switch t.Kind() {
	case Literal:
		return t, nil
	case Var:
		if r, ok := e.env.m[t]; ok {
			return r, nil
		}
		return t, nil
	case Let:
		n := t.NumArgs() - 1
		vals := make([]*Term, n)
		for i := 0; i < n; i++ {
			v, err := e.rewrite(t.Arg(i), memo)
			if err != nil {
				return nil, err
			}
			vals[i] = v
		}
		binders := t.Binders()
		mark := e.env.mark()
		defer e.env.reset(mark, e)
		if e.InlineLets {
			for i, b := range binders {
				e.env.bind(b, vals[i], e)
			}
			return e.rewrite(t.Arg(n), map[*Term]*Term{})
		}
		vars := e.rebind(binders)
		body, err := e.rewrite(t.Arg(n), map[*Term]*Term{})
		if err != nil {
			return nil, err
		}
		return e.st.Let(vars, vals, body)
	case Forall, Exists:
		mark := e.env.mark()
		defer e.env.reset(mark, e)
		vars := e.rebind(t.Binders())
		body, err := e.rewrite(t.Arg(0), map[*Term]*Term{})
		if err != nil {
			return nil, err
		}
		return e.st.Quantifier(t.Kind() == Forall, vars, body)
	case MatchTerm:
		return e.rewriteMatch(t, memo)
	case Annotated:
		inner, err := e.rewrite(t.Arg(0), memo)
		if err != nil {
			return nil, err
		}
		if e.StripAnnotations {
			return inner, nil
		}
		attrs := t.Attributes()
		if inner != t.Arg(0) || len(e.env.m) > 0 {
			attrs = make([]Attribute, len(attrs))
			for i, a := range t.Attributes() {
				attrs[i] = a
				if a.Terms != nil {
					attrs[i].Terms = make([]*Term, len(a.Terms))
					for j, pt := range a.Terms {
						r, err := e.rewrite(pt, memo)
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
		r, err := e.rewrite(a, memo)
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
		return e.inline(f, args)
	}
	if !changed {
		return t, nil
	}
	return e.rebuild(t, args)
}

// rewriteMatch rewrites the matched term in the current scope and each
// body in the scope of its pattern's variables.
func (e *Expander) rewriteMatch(t *Term, memo map[*Term]*Term) (*Term, error) {
	scrut, err := e.rewrite(t.Arg(0), memo)
	if err != nil {
		return nil, err
	}
	cases := t.Cases()
	if e.EliminateMatch {
		return e.eliminateMatch(t, scrut)
	}
	newCases := make([]MatchCase, len(cases))
	bodies := make([]*Term, len(cases))
	for i, c := range cases {
		mark := e.env.mark()
		newCases[i] = MatchCase{Constructor: c.Constructor, Vars: e.rebind(c.Vars)}
		bodies[i], err = e.rewrite(t.Arg(i+1), map[*Term]*Term{})
		e.env.reset(mark, e)
		if err != nil {
			return nil, err
		}
	}
	return e.st.Match(scrut, newCases, bodies)
}

// eliminateMatch is match t, whose matched term is rewritten to scrut, as
// ite over testers, built from the last case up: a variable pattern
// matches everything, so the cases after it are dropped.
func (e *Expander) eliminateMatch(t, scrut *Term) (*Term, error) {
	cases := t.Cases()
	var acc *Term
	for i := len(cases) - 1; i >= 0; i-- {
		c := cases[i]
		mark := e.env.mark()
		if c.Constructor == nil {
			e.env.bind(c.Vars[0], scrut, e)
		}
		for j, x := range c.Vars {
			if c.Constructor == nil {
				break
			}
			sel, err := e.st.ApplyFunc(c.Constructor.Selectors[j], []*Term{scrut})
			if err != nil {
				e.env.reset(mark, e)
				return nil, err
			}
			e.env.bind(x, sel, e)
		}
		body, err := e.rewrite(t.Arg(i+1), map[*Term]*Term{})
		e.env.reset(mark, e)
		if err != nil {
			return nil, err
		}
		if acc == nil || c.Constructor == nil {
			acc = body
			continue
		}
		test, err := e.st.ApplyFunc(c.Constructor.Tester, []*Term{scrut})
		if err != nil {
			return nil, err
		}
		if acc, err = e.st.Apply(OpIte, nil, test, body, acc); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// inline is the body of the defined function f with its formals replaced
// by args; the body is expanded once per function.
func (e *Expander) inline(f *Func, args []*Term) (*Term, error) {
	// The body is closed but for the formals: it is expanded outside every
	// scope of the application, in an env of its own.
	outer := e.env
	defer func() { e.env = outer }()
	e.env = env{}
	bodies := &e.bodies[b2i(e.EliminateMatch)]
	body, ok := (*bodies)[f]
	if !ok || !e.InlineLets || !e.StripAnnotations {
		var err error
		if body, err = e.rewrite(f.Body, map[*Term]*Term{}); err != nil {
			return nil, err
		}
		if e.InlineLets && e.StripAnnotations {
			if *bodies == nil {
				*bodies = map[*Func]*Term{}
			}
			(*bodies)[f] = body
		}
	}
	if len(f.Formals) == 0 {
		return body, nil
	}
	for i, x := range f.Formals {
		e.env.bind(x, args[i], e)
	}
	return e.rewrite(body, map[*Term]*Term{})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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

// rebind enters the scope of binders: their own occurrences are no longer
// substituted, and a binder that a substituted value mentions free is
// renamed so that it does not capture it. The caller resets the env.
func (e *Expander) rebind(binders []*Term) []*Term {
	if len(e.env.m) == 0 {
		return binders
	}
	vars := append([]*Term(nil), binders...)
	captured := make([]bool, len(binders))
	for i, b := range binders {
		captured[i] = e.env.captures[b] > 0
	}
	for i, b := range binders {
		e.env.bind(b, nil, e)
		if captured[i] {
			e.fresh++
			nv := e.st.Var(b.Name()+"!"+strconv.Itoa(e.fresh), b.Sort())
			vars[i] = nv
			e.env.bind(b, nv, e)
		}
	}
	return vars
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
	case MatchTerm:
		add(e.freeVars(t.Arg(0)), nil)
		for i, c := range t.Cases() {
			add(e.freeVars(t.Arg(i+1)), c.Vars)
		}
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
	return [...]string{"literal", "application", "variable", "let", "forall", "exists", "annotation", "match"}[t.Kind()]
}
