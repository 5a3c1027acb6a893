package evaltest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"tandem/smt"
	"tandem/smtlib"
)

// DatatypePrelude declares the datatypes of [DTGen]'s terms: an
// enumeration, a list and a tree (recursive), and two parametric ones.
const DatatypePrelude = `(declare-datatypes ((Color 0)) (((red) (green) (blue))))
(declare-datatypes ((L 0)) (((cons (head Int) (tail L)) (nil))))
(declare-datatypes ((Tree 0)) (((leaf (lab Color)) (node (left Tree) (key Int) (right Tree)))))
(declare-datatypes ((Opt 1)) ((par (T) ((none) (some (val T))))))
(declare-datatypes ((P 2)) ((par (A B) ((pair (fst A) (snd B))))))
`

// DTGen builds random ground terms over the datatypes of
// [DatatypePrelude]: constructors, testers, selectors (also on the wrong
// constructor, whose value is then undefined), (_ update s), and match
// with constructor, nullary and variable patterns whose bodies use the
// pattern variables. Every match is exhaustive (z3 and cvc5 reject the
// others). Every choice comes from R.
type DTGen struct {
	St *smt.Store
	R  *rand.Rand
	// MaxDepth bounds the depth of generated terms.
	MaxDepth int
	// Updates enables (_ update s) (cvc5 only: z3 4.8 does not parse it).
	Updates bool
	// Parametric enables the instances of Opt and P.
	Parametric bool
	// NoParametricTesters keeps testers to the sorts that are not
	// parametric: z3 4.8.12 resolves (_ is C) of a parametric datatype
	// against the first instance the script mentions, not its argument's
	// sort (it rejects ((_ is none) ((as some (Opt Int)) 1)) as "unknown
	// function none", and after (declare-const x (Opt Bool)) as "invalid
	// sort argument passed to recognizer").
	NoParametricTesters bool

	sorts    []*smt.Sort // the datatype sorts in use
	updaters map[*smt.Func]*smt.Func
	scope    []*smt.Term // pattern variables in scope
	fresh    int
}

// NewDTGen reads the prelude into st and returns a generator over it.
func NewDTGen(st *smt.Store, r *rand.Rand, maxDepth int, updates, parametric bool) (*DTGen, error) {
	sc, err := smtlib.Parse("prelude.smt2", []byte(DatatypePrelude), smtlib.Options{Store: st})
	if err != nil {
		return nil, err
	}
	dts := map[string]*smt.Datatype{}
	for _, c := range sc.Commands {
		for _, d := range c.Datatypes {
			dts[d.Name] = d
		}
	}
	g := &DTGen{St: st, R: r, MaxDepth: maxDepth, Updates: updates, Parametric: parametric, updaters: map[*smt.Func]*smt.Func{}}
	color, list, tree := smt.DatatypeSort(dts["Color"]), smt.DatatypeSort(dts["L"]), smt.DatatypeSort(dts["Tree"])
	g.sorts = []*smt.Sort{color, list, tree}
	if parametric {
		opt := func(s *smt.Sort) *smt.Sort { return smt.DatatypeSort(dts["Opt"], s) }
		pair := func(a, b *smt.Sort) *smt.Sort { return smt.DatatypeSort(dts["P"], a, b) }
		g.sorts = append(g.sorts, opt(smt.IntSort()), opt(list), pair(smt.IntSort(), color),
			opt(pair(smt.IntSort(), color)), pair(list, opt(smt.IntSort())))
	}
	return g, nil
}

func (g *DTGen) n(k int) int { return g.R.IntN(k) }

// Sort picks the sort of a term to generate: Bool, Int or a datatype.
func (g *DTGen) Sort() *smt.Sort {
	switch g.n(4) {
	case 0:
		return smt.BoolSort()
	case 1:
		return smt.IntSort()
	}
	return g.sorts[g.n(len(g.sorts))]
}

func must(t *smt.Term, err error) *smt.Term {
	if err != nil {
		panic(fmt.Sprintf("evaltest: ill-sorted datatype term: %v", err))
	}
	return t
}

// bindOf binds the parameters of datatype sort s.
func bindOf(s *smt.Sort) map[string]*smt.Sort {
	b := map[string]*smt.Sort{}
	for i, p := range s.Datatype.Params {
		b[p] = s.Params[i]
	}
	return b
}

// Term is a random term of sort s and depth at most d.
func (g *DTGen) Term(s *smt.Sort, d int) *smt.Term {
	if d <= 0 || g.n(5) == 0 {
		return g.leaf(s)
	}
	switch k := g.n(10); {
	case k == 0:
		return g.match(s, d)
	case k == 1:
		c := g.Term(smt.BoolSort(), d-1)
		return must(g.St.Apply(smt.OpIte, nil, c, g.Term(s, d-1), g.Term(s, d-1)))
	case k <= 3:
		if t := g.selector(s, d); t != nil {
			return t
		}
	}
	switch s.Kind {
	case smt.KindBool:
		switch g.n(4) {
		case 0:
			x := g.sorts[g.n(len(g.sorts))]
			return must(g.St.Apply(smt.OpEq, nil, g.Term(x, d-1), g.Term(x, d-1)))
		case 1:
			return must(g.St.Apply(smt.OpAnd, nil, g.Term(s, d-1), g.Term(s, d-1)))
		case 2:
			return must(g.St.Apply(smt.OpNot, nil, g.Term(s, d-1)))
		}
		x := g.sorts[g.n(len(g.sorts))]
		if g.NoParametricTesters && len(x.Params) > 0 {
			x = g.sorts[g.n(3)] // Color, L, Tree
		}
		cs := x.Datatype.Constructors
		return must(g.St.ApplyFunc(cs[g.n(len(cs))].Tester, []*smt.Term{g.Term(x, d-1)}))
	case smt.KindInt:
		op := []smt.Op{smt.OpAdd, smt.OpSub, smt.OpMul}[g.n(3)]
		return must(g.St.Apply(op, nil, g.Term(s, d-1), g.Term(s, d-1)))
	}
	if g.Updates && g.n(3) == 0 {
		cs := s.Datatype.Constructors
		c := cs[g.n(len(cs))]
		if len(c.Selectors) > 0 {
			sel := c.Selectors[g.n(len(c.Selectors))]
			fs := sel.Result.Subst(bindOf(s))
			return must(g.St.ApplyFunc(g.updater(sel), []*smt.Term{g.Term(s, d-1), g.Term(fs, d-1)}))
		}
	}
	return g.construct(s, d, false)
}

// construct applies a random constructor of s (a non-recursive one when
// leaf is set) to random arguments.
func (g *DTGen) construct(s *smt.Sort, d int, leaf bool) *smt.Term {
	bind := bindOf(s)
	cs := s.Datatype.Constructors
	var c *smt.Func
	for _, i := range g.R.Perm(len(cs)) {
		c = cs[i]
		if !leaf || !recursive(c, s) {
			break
		}
	}
	args := make([]*smt.Term, len(c.Params))
	for i, p := range c.Params {
		if leaf {
			args[i] = g.leaf(p.Subst(bind))
		} else {
			args[i] = g.Term(p.Subst(bind), d-1)
		}
	}
	return must(g.St.ApplyFuncAs(c, args, s))
}

// recursive reports whether a field of c has a datatype sort other than
// an enumeration (which could lead back to s).
func recursive(c *smt.Func, s *smt.Sort) bool {
	for _, p := range c.Params {
		if p.Kind == smt.KindDatatype && p.Datatype != nil && !isEnum(p.Datatype) {
			return true
		}
	}
	return false
}

// isEnum reports whether every constructor of d is nullary.
func isEnum(d *smt.Datatype) bool {
	for _, c := range d.Constructors {
		if len(c.Params) > 0 {
			return false
		}
	}
	return true
}

func (g *DTGen) updater(sel *smt.Func) *smt.Func {
	if u := g.updaters[sel]; u != nil {
		return u
	}
	u := g.St.NewFunc(sel.Name, smt.FuncUpdater, []*smt.Sort{sel.Params[0], sel.Result}, sel.Params[0])
	u.Datatype, u.Constructor, u.Field = sel.Datatype, sel.Constructor, sel.Field
	g.updaters[sel] = u
	return u
}

// selector is (sel x) of sort s for a random selector of a datatype in use
// whose field has sort s; nil when there is none.
func (g *DTGen) selector(s *smt.Sort, d int) *smt.Term {
	type cand struct {
		x   *smt.Sort
		sel *smt.Func
	}
	var cands []cand
	for _, x := range g.sorts {
		bind := bindOf(x)
		for _, c := range x.Datatype.Constructors {
			for _, sel := range c.Selectors {
				if sel.Result.Subst(bind) == s {
					cands = append(cands, cand{x, sel})
				}
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	c := cands[g.n(len(cands))]
	return must(g.St.ApplyFunc(c.sel, []*smt.Term{g.Term(c.x, d-1)}))
}

// match is an exhaustive match of sort s on a random datatype term: the
// constructors in random order, each with its own pattern or, from the
// second case on, a variable pattern that covers the rest.
func (g *DTGen) match(s *smt.Sort, d int) *smt.Term {
	x := g.sorts[g.n(len(g.sorts))]
	scrut := g.Term(x, d-1)
	bind := bindOf(x)
	cs := x.Datatype.Constructors
	var cases []smt.MatchCase
	var bodies []*smt.Term
	for i, ci := range g.R.Perm(len(cs)) {
		var c smt.MatchCase
		if i > 0 && g.n(4) == 0 {
			c.Vars = []*smt.Term{g.freshVar(x)}
		} else {
			c.Constructor = cs[ci]
			for _, p := range cs[ci].Params {
				c.Vars = append(c.Vars, g.freshVar(p.Subst(bind)))
			}
		}
		n := len(g.scope)
		g.scope = append(g.scope, c.Vars...)
		bodies = append(bodies, g.Term(s, d-1))
		g.scope = g.scope[:n]
		cases = append(cases, c)
		if c.Constructor == nil {
			break
		}
	}
	return must(g.St.Match(scrut, cases, bodies))
}

func (g *DTGen) freshVar(s *smt.Sort) *smt.Term {
	g.fresh++
	return g.St.Var(fmt.Sprintf("m%d", g.fresh), s)
}

// leaf is a literal, a pattern variable in scope, or a small constructor
// term of s.
func (g *DTGen) leaf(s *smt.Sort) *smt.Term {
	var vs []*smt.Term
	for _, v := range g.scope {
		if v.Sort() == s {
			vs = append(vs, v)
		}
	}
	if len(vs) > 0 && g.n(2) == 0 {
		return vs[g.n(len(vs))]
	}
	switch s.Kind {
	case smt.KindBool:
		return g.St.Bool(g.n(2) == 0)
	case smt.KindInt:
		return g.St.Int(int64(g.n(9) - 3))
	}
	return g.construct(s, 0, true)
}

// DistinctAnswers asks a solver, in one process per batch, whether each
// (distinct t v) is satisfiable after prelude: "unsat" means the solver
// agrees that ground term t has value v. Batches the solver rejects are
// split until the rejected terms are isolated; their answers are "" and
// their errors are in errs. qualify prints parametric constructors with
// (as C S) (z3 4.8 needs it).
func DistinctAnswers(ctx context.Context, binary string, args []string, prelude string, terms, vals []*smt.Term, qualify bool, timeout time.Duration) (answers []string, errs []error, err error) {
	answers = make([]string, len(terms))
	errs = make([]error, len(terms))
	err = bisect(ctx, len(terms), func(lo, hi int) error {
		as, err := distinctBatch(ctx, binary, args, prelude, terms[lo:hi], vals[lo:hi], qualify, timeout)
		if err == nil {
			copy(answers[lo:hi], as)
		}
		return err
	}, func(i int, err error) { errs[i] = err })
	return answers, errs, err
}

// bisect runs batch over [0, n); where a batch fails, it runs the halves,
// down to single items, whose errors go to fail. It stops when ctx ends.
func bisect(ctx context.Context, n int, batch func(lo, hi int) error, fail func(i int, err error)) error {
	var run func(lo, hi int) error
	run = func(lo, hi int) error {
		err := batch(lo, hi)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if hi-lo == 1 {
			fail(lo, err)
			return nil
		}
		mid := (lo + hi) / 2
		if err := run(lo, mid); err != nil {
			return err
		}
		return run(mid, hi)
	}
	if n == 0 {
		return nil
	}
	return run(0, n)
}

func distinctBatch(ctx context.Context, binary string, args []string, prelude string, terms, vals []*smt.Term, qualify bool, timeout time.Duration) ([]string, error) {
	write := smt.WriteTerm
	if qualify {
		write = smt.WriteTermQualified
	}
	var in bytes.Buffer
	in.WriteString("(set-logic ALL)\n")
	in.WriteString(prelude)
	for i, t := range terms {
		in.WriteString("(push 1)\n(assert (distinct ")
		if err := write(&in, t); err != nil {
			return nil, err
		}
		in.WriteString(" ")
		if err := write(&in, vals[i]); err != nil {
			return nil, err
		}
		in.WriteString("))\n(check-sat)\n(pop 1)\n")
	}
	in.WriteString("(exit)\n")
	res, text, err := runScript(ctx, binary, args, in.Bytes(), timeout)
	if err != nil {
		return nil, err
	}
	if failed(res) {
		return nil, fmt.Errorf("running %s: %s (%s): %s", binary, res.Status, res.Reason, firstLine(string(res.Stderr)))
	}
	lines := strings.Fields(text)
	if len(lines) != len(terms) {
		return nil, fmt.Errorf("%d answers for %d queries", len(lines), len(terms))
	}
	return lines, nil
}
