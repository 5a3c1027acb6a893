package eval

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"tandem/smt"
)

// ErrUnsupported is wrapped by the errors of terms the interpreter does not
// evaluate: quantifiers, and operators of theories whose semantics are not
// implemented yet (floating-point arithmetic, strings, transcendentals).
var ErrUnsupported = errors.New("unsupported")

// maxCallDepth bounds nested applications of defined functions, so that a
// recursive definition (define-fun-rec) that does not terminate gives an
// error instead of exhausting the stack.
const maxCallDepth = 2000

// Evaluator computes the exact value of quantifier-free terms under a
// model, within a [Budget] of steps and bytes. It memoizes the values of closed subterms, so evaluating many
// assertions that share subterms costs each shared subterm once; call
// [Evaluator.Reset] after changing the model. An Evaluator is not safe for
// concurrent use.
type Evaluator struct {
	// Budget bounds each Eval call (zero fields: [DefaultBudget]).
	Budget Budget

	model *Model

	memo   smt.IDTable[memoEntry] // by term id; t guards against terms of other Stores
	cur    uint32
	hasVar smt.IDTable[varEntry] // by term id
	depth  int
	str    *strState // the Strings theory (strings.go), made on first use
	unk    unknowns  // the applications open values stand for (unknown.go)

	// arrays.go: (_ as-array f) resolved, model tables made canonical,
	// and the functions and constants being resolved (to find cycles)
	arrays    map[*smt.Func]*smt.ArrayValue
	tables    map[*FuncInterp]*FuncInterp
	resolving map[*smt.Func]bool

	limits       Budget // Budget with the defaults filled in
	steps, bytes int64
	ctx          context.Context // set by EvalContext
}

// New is an evaluator for the model m (nil: the empty model).
func New(m *Model) *Evaluator {
	if m == nil {
		m = NewModel()
	}
	return &Evaluator{model: m, cur: 1}
}

// Model is the model the evaluator reads.
func (e *Evaluator) Model() *Model { return e.model }

// SetModel switches to the model m and forgets memoized values.
func (e *Evaluator) SetModel(m *Model) {
	e.model = m
	e.unk = unknowns{}
	e.arrays, e.tables, e.resolving = nil, nil, nil
	e.Reset()
}

// Reset forgets memoized values; call it after changing the model.
func (e *Evaluator) Reset() {
	e.cur++
	if e.cur == 0 {
		e.memo.Clear()
		e.cur = 1
	}
}

// Eval is the value of t under the model. The value is an [smt.Undefined]
// when it depends on something the standard and the model leave open (its
// Term names the culprit subterm). The error is for terms that cannot be
// evaluated: quantifiers and unimplemented theories ([ErrUnsupported]),
// free variables, malformed model entries, and evaluations past the
// [Budget] ([*BudgetError]).
func (e *Evaluator) Eval(t *smt.Term) (smt.Value, error) {
	e.depth = 0
	e.startBudget()
	v, err := e.eval(t, nil)
	if err == nil && partial(v) {
		return e.opened(t, v), nil
	}
	return v, err
}

type memoEntry struct {
	t   *smt.Term
	v   smt.Value
	gen uint32
}

type varEntry struct {
	t   *smt.Term
	has bool
}

// scope binds variables (let, function formals) and caches the values of
// terms that mention variables while the bindings hold.
type scope struct {
	vars   map[*smt.Term]smt.Value
	cache  map[*smt.Term]smt.Value
	parent *scope
}

func (sc *scope) lookup(v *smt.Term) (smt.Value, bool) {
	for ; sc != nil; sc = sc.parent {
		if x, ok := sc.vars[v]; ok {
			return x, true
		}
	}
	return nil, false
}

// mentionsVar reports whether a Var occurs in t (then its value depends
// on the scope and it is not memoized globally).
func (e *Evaluator) mentionsVar(t *smt.Term) bool {
	id := t.ID()
	if h := e.hasVar.At(id); h != nil && h.t == t {
		return h.has
	}
	r := t.Kind() == smt.Var
	if !r {
		for _, a := range t.Args() {
			if e.mentionsVar(a) {
				r = true
				break
			}
		}
	}
	*e.hasVar.Slot(id) = varEntry{t, r}
	return r
}

func (e *Evaluator) eval(t *smt.Term, sc *scope) (smt.Value, error) {
	if t.Kind() == smt.Var {
		if v, ok := sc.lookup(t); ok {
			return v, nil
		}
		return nil, fmt.Errorf("free variable %s of sort %s", t.Name(), t.Sort())
	}
	closed := sc == nil || !e.mentionsVar(t)
	id := t.ID()
	if closed {
		if m := e.memo.At(id); m != nil && m.gen == e.cur && m.t == t {
			return m.v, nil
		}
	} else if v, ok := sc.cache[t]; ok {
		return v, nil
	}
	if err := e.step(t); err != nil {
		return nil, err
	}
	v, err := e.compute(t, sc)
	if err != nil {
		return nil, err
	}
	if closed {
		*e.memo.Slot(id) = memoEntry{t, v, e.cur}
	} else {
		if sc.cache == nil {
			sc.cache = map[*smt.Term]smt.Value{}
		}
		sc.cache[t] = v
	}
	return v, nil
}

// undef makes the value of t undefined because of the undefined u.
func undef(t *smt.Term, u smt.Undefined) smt.Undefined {
	return smt.Undefined{S: t.Sort(), Term: u.Term, Reason: u.Reason}
}

func (e *Evaluator) compute(t *smt.Term, sc *scope) (smt.Value, error) {
	switch t.Kind() {
	case smt.Literal:
		return smt.ValueOf(t)
	case smt.Annotated:
		return e.eval(t.Arg(0), sc)
	case smt.Let:
		bs := t.Binders()
		inner := &scope{vars: make(map[*smt.Term]smt.Value, len(bs)), parent: sc}
		for i, b := range bs {
			v, err := e.eval(t.Arg(i), sc)
			if err != nil {
				return nil, err
			}
			inner.vars[b] = v
		}
		return e.eval(t.Arg(len(bs)), inner)
	case smt.Forall, smt.Exists:
		return nil, fmt.Errorf("quantified term %s: %w", shortTerm(t), ErrUnsupported)
	case smt.MatchTerm:
		return e.match(t, sc)
	case smt.App:
		if t.Op() == smt.OpAsArray {
			return e.canon(&smt.ArrayValue{S: t.Sort(), Func: t.Func()})
		}
		if t.Func() != nil {
			return e.apply(t, sc)
		}
		return e.op(t, sc)
	}
	return nil, fmt.Errorf("term of unknown kind %d", t.Kind())
}

// args evaluates all arguments. When some are undefined, ok is false and
// vals holds them too (for [Evaluator.symbolic]); u is the first one. An
// error in an argument after an undefined one gives u (with vals nil):
// the application was undefined before it got that far.
func (e *Evaluator) args(t *smt.Term, sc *scope) (vals []smt.Value, u smt.Undefined, ok bool, err error) {
	vals = make([]smt.Value, t.NumArgs())
	ok = true
	for i, a := range t.Args() {
		v, err := e.eval(a, sc)
		if err != nil {
			if !ok {
				if _, budget := err.(*BudgetError); !budget {
					return nil, u, false, nil
				}
			}
			return nil, u, false, err
		}
		if x, isU := v.(smt.Undefined); isU && ok {
			u, ok = undef(t, x), false
		} else if ok && partial(v) {
			u, ok = undef(t, e.opened(a, v)), false
		}
		vals[i] = v
	}
	return vals, u, ok, nil
}

// strictOpen is the value of an application at t, strict in its
// arguments, when some are open (see args).
func (e *Evaluator) strictOpen(t *smt.Term, head string, vals []smt.Value, u smt.Undefined) smt.Value {
	if vals == nil {
		return u
	}
	return e.symbolic(t, head, vals)
}

func (e *Evaluator) apply(t *smt.Term, sc *scope) (smt.Value, error) {
	f := t.Func()
	if f.Kind == smt.FuncDeclared && len(t.Args()) == 0 {
		if v, ok := e.model.consts[f]; ok {
			return e.canon(v)
		}
		if fi, ok := e.model.funcs[f]; ok && fi.Body != nil {
			if e.resolving[f] {
				return nil, fmt.Errorf("model definitions are cyclic: the value of %s is defined through itself", f.Name)
			}
			if e.resolving == nil {
				e.resolving = map[*smt.Func]bool{}
			}
			e.resolving[f] = true
			defer delete(e.resolving, f)
			return e.callBody(t, f.Name, fi.Formals, fi.Body, nil)
		}
		if t.Sort().Kind == smt.KindUninterpreted {
			// An element of an uninterpreted sort that the model names
			// (z3's U!val!0): it denotes itself.
			return smt.UninterpretedValue{S: t.Sort(), Name: f.Name}, nil
		}
		return e.open(t, funcHead(f), nil, "the model does not interpret "+f.Name), nil
	}
	vals, u, ok, err := e.args(t, sc)
	if err != nil {
		return nil, err
	}
	if !ok {
		return e.applyOpen(t, f, vals, u)
	}
	for i, p := range f.Params {
		if i < len(vals) && p == smt.RealSort() {
			vals[i] = toReal(vals[i])
		}
	}
	switch f.Kind {
	case smt.FuncDefined, smt.FuncDefinedRec:
		if f.Body == nil {
			return nil, fmt.Errorf("defined function %s has no body", f.Name)
		}
		return e.callBody(t, f.Name, f.Formals, f.Body, vals)
	case smt.FuncConstructor:
		return &smt.DatatypeValue{S: t.Sort(), Cons: f, Args: vals}, nil
	case smt.FuncTester:
		d, ok := vals[0].(*smt.DatatypeValue)
		if !ok {
			return nil, fmt.Errorf("tester %s applied to %s", f.Name, vals[0])
		}
		return smt.BoolValue(d.Cons == f.Constructor), nil
	case smt.FuncSelector:
		d, ok := vals[0].(*smt.DatatypeValue)
		if !ok {
			return nil, fmt.Errorf("selector %s applied to %s", f.Name, vals[0])
		}
		if d.Cons != f.Constructor || f.Field >= len(d.Args) {
			if fi, ok := e.model.funcs[f]; ok {
				return e.callInterp(t, f, fi, vals)
			}
			return e.open(t, funcHead(f), vals, "selector "+f.Name+" applied to another constructor"), nil
		}
		return d.Args[f.Field], nil
	case smt.FuncUpdater:
		// SMT-LIB 2.6 (and cvc5): the value with the field replaced when
		// it was built by the selector's constructor, unchanged otherwise.
		d, ok := vals[0].(*smt.DatatypeValue)
		if !ok {
			return nil, fmt.Errorf("update %s applied to %s", f.Name, vals[0])
		}
		if d.Cons != f.Constructor || f.Field >= len(d.Args) {
			return d, nil
		}
		args := append([]smt.Value(nil), d.Args...)
		args[f.Field] = vals[1]
		return &smt.DatatypeValue{S: d.S, Cons: d.Cons, Args: args}, nil
	}
	if fi, ok := e.interp(f); ok {
		return e.callInterp(t, f, fi, vals)
	}
	if (f.Kind == smt.FuncClosedBox || f.Kind == smt.FuncOracle) && e.model.Boxes != nil {
		v, err := e.model.Boxes(f, vals)
		if err != nil {
			return nil, fmt.Errorf("closed box %s: %w", f.Name, err)
		}
		return fit(v, t.Sort())
	}
	return e.open(t, funcHead(f), vals, "the model does not interpret "+f.Name), nil
}

// applyOpen is f applied to arguments some of which are open: a defined
// (not recursive) function is evaluated with them bound, a model's
// function given by a table without rows is its default, anything else
// is the application itself.
func (e *Evaluator) applyOpen(t *smt.Term, f *smt.Func, vals []smt.Value, u smt.Undefined) (smt.Value, error) {
	if vals == nil {
		return u, nil
	}
	switch f.Kind {
	case smt.FuncConstructor:
		return &smt.DatatypeValue{S: t.Sort(), Cons: f, Args: vals}, nil
	case smt.FuncTester:
		if d, ok := vals[0].(*smt.DatatypeValue); ok {
			return smt.BoolValue(d.Cons == f.Constructor), nil
		}
	case smt.FuncSelector:
		if d, ok := vals[0].(*smt.DatatypeValue); ok {
			if d.Cons == f.Constructor && f.Field < len(d.Args) {
				return d.Args[f.Field], nil
			}
			if _, ok := e.model.funcs[f]; !ok {
				return e.open(t, funcHead(f), vals, "selector "+f.Name+" applied to another constructor"), nil
			}
		}
	}
	if f.Kind == smt.FuncDefined && f.Body != nil && len(f.Formals) == len(vals) {
		for i, p := range f.Params {
			if p == smt.RealSort() {
				vals[i] = toReal(vals[i])
			}
		}
		return e.callBody(t, f.Name, f.Formals, f.Body, vals)
	}
	if f.Kind != smt.FuncConstructor && f.Kind != smt.FuncTester && f.Kind != smt.FuncSelector {
		if fi, ok := e.model.funcs[f]; ok && fi.Body == nil && len(fi.Entries) == 0 && fi.Default != nil {
			return fit(fi.Default, t.Sort())
		}
	}
	return e.symbolic(t, funcHead(f), vals), nil
}

// match evaluates the body of the first case whose pattern matches the
// value of the matched term, with the pattern's variables bound. A value
// no case matches (the cases need not cover every constructor) makes the
// match undefined.
func (e *Evaluator) match(t *smt.Term, sc *scope) (smt.Value, error) {
	v, err := e.eval(t.Arg(0), sc)
	if err != nil {
		return nil, err
	}
	if u, ok := v.(smt.Undefined); ok {
		return undef(t, u), nil
	}
	d, ok := v.(*smt.DatatypeValue)
	if !ok {
		return nil, fmt.Errorf("match on %s, which is not a datatype value", v)
	}
	for i, c := range t.Cases() {
		var vals []smt.Value
		switch {
		case c.Constructor == nil:
			vals = []smt.Value{d}
		case c.Constructor == d.Cons && len(c.Vars) == len(d.Args):
			vals = d.Args
		default:
			continue
		}
		inner := &scope{vars: make(map[*smt.Term]smt.Value, len(c.Vars)), parent: sc}
		for j, x := range c.Vars {
			inner.vars[x] = vals[j]
		}
		return e.eval(t.Arg(i+1), inner)
	}
	return smt.Undefined{S: t.Sort(), Term: t, Reason: "no case of the match covers constructor " + d.Cons.Name}, nil
}

// interp is the interpretation of f: the model's, or f's own definition
// (a model's lambda or helper function).
func (e *Evaluator) interp(f *smt.Func) (*FuncInterp, bool) {
	if fi, ok := e.model.funcs[f]; ok {
		return fi, true
	}
	if f.Body != nil && len(f.Formals) == len(f.Params) {
		return &FuncInterp{Formals: f.Formals, Body: f.Body}, true
	}
	return nil, false
}

func (e *Evaluator) callInterp(t *smt.Term, f *smt.Func, fi *FuncInterp, vals []smt.Value) (smt.Value, error) {
	if fi.Body != nil {
		return e.callBody(t, f.Name, fi.Formals, fi.Body, vals)
	}
	fi, err := e.table(f, fi)
	if err != nil {
		return nil, err
	}
	if len(fi.Entries) > 0 {
		if err := unresolvedKey(f.Name, vals); err != nil {
			return nil, err
		}
	}
	if v, ok := fi.lookup(vals); ok {
		return v, nil
	}
	return e.open(t, funcHead(f), vals, "the model of "+f.Name+" has no row for these arguments and no default"), nil
}

func (e *Evaluator) callBody(t *smt.Term, name string, formals []*smt.Term, body *smt.Term, vals []smt.Value) (smt.Value, error) {
	if len(formals) != len(vals) {
		return nil, fmt.Errorf("%s: %d formals for %d arguments", name, len(formals), len(vals))
	}
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > maxCallDepth {
		return nil, fmt.Errorf("%s: more than %d nested calls (non-terminating recursive definition?)", name, maxCallDepth)
	}
	sc := &scope{vars: make(map[*smt.Term]smt.Value, len(formals))}
	for i, x := range formals {
		sc.vars[x] = vals[i]
	}
	v, err := e.eval(body, sc)
	if err != nil {
		return nil, err
	}
	if u, ok := v.(smt.Undefined); ok {
		return keep(t, u), nil
	}
	return fit(v, t.Sort())
}

func shortTerm(t *smt.Term) string {
	s := t.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

func ratOf(x *big.Int) *big.Rat { return new(big.Rat).SetInt(x) }

// toReal converts an Int value to a Real one (lenient mixed arithmetic).
func toReal(v smt.Value) smt.Value {
	if iv, ok := v.(smt.IntValue); ok {
		return smt.RealValue{V: ratOf(iv.V)}
	}
	return v
}

// rat is the rational of an Int or Real value.
func rat(v smt.Value) (*big.Rat, bool) {
	switch x := v.(type) {
	case smt.IntValue:
		return ratOf(x.V), true
	case smt.RealValue:
		return x.V, true
	}
	return nil, false
}

// MemoPages is the number of pages (of [smt.IDTablePage] entries) the
// evaluator's memo table holds: about the terms it evaluated, not the
// Store's size.
func (e *Evaluator) MemoPages() int { return e.memo.Pages() }
