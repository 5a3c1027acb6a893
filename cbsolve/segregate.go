package cbsolve

import (
	"fmt"
	"slices"
	"strings"

	"tandem/internal/cli"
	"tandem/smt"
	"tandem/smtlib"
)

// cbDef is one purified closed-box application: the fresh constant T
// stands for F applied to Args (terms over declared constants and other
// temporaries, never bound variables).
type cbDef struct {
	T    *smt.Term
	F    *smt.Func
	Args []*smt.Term
	App  *smt.Term // F(Args), the application the SMT engine reads as a UF
}

// problem is a script segregated (SEGREGATE of the paper): the original
// assertions, their purified form, and the closed-box definitions.
type problem struct {
	sc    *smtlib.Script
	st    *smt.Store
	boxes map[*smt.Func]bool
	// boxList are the boxes in declaration order: whatever is sent to the
	// SMT engine or run for every box goes in this order, so that a run
	// is the same from one execution to the next.
	boxList []*smt.Func
	// omega are the assertions with lets and definitions inlined: the
	// formula Ω every answer is judged against.
	omega []*smt.Term
	// pure are the assertions with every closed-box application over free
	// terms replaced by its temporary.
	pure []*smt.Term
	defs []*cbDef
	// consts are the script's declared constants, funcs its declared
	// (uninterpreted) non-constant functions.
	consts []*smt.Func
	funcs  []*smt.Func
	// quantified says some assertion has a quantifier; bound says some
	// closed-box application depends on a bound variable and stays a UF.
	quantified, bound bool
	names             map[string]bool
	fresh             int
	// purifyArgs turns on argVars; args are the argument constants it
	// made, argEqs their defining equalities (part of pure).
	purifyArgs bool
	argOf      map[*smt.Term]*smt.Term
	args       []*smt.Func
	argEqs     []*smt.Term
}

// segregate purifies the script's assertions. closed names the functions to
// treat as closed boxes: every declare-cb and declare-oracle-fun, plus the
// define-funs named (whose Kind becomes FuncClosedBox, so their bodies are
// hidden from the SMT engine and not inlined).
func segregate(sc *smtlib.Script, fromDefine []string, purifyArgs bool) (*problem, error) {
	p := &problem{sc: sc, st: sc.Store, boxes: map[*smt.Func]bool{}, names: map[string]bool{},
		purifyArgs: purifyArgs, argOf: map[*smt.Term]*smt.Term{}}
	want := map[string]bool{}
	for _, n := range fromDefine {
		want[n] = true
	}
	for _, c := range sc.Commands {
		for _, f := range c.Funcs {
			if (f.Kind == smt.FuncClosedBox || f.Kind == smt.FuncOracle) && p.names[f.Name] {
				// A repeated identical declaration (the parser rejects
				// any other): the first one is the box.
				continue
			}
			p.names[f.Name] = true
			switch {
			case f.Kind == smt.FuncClosedBox || f.Kind == smt.FuncOracle:
				p.boxes[f] = true
				p.boxList = append(p.boxList, f)
			case want[f.Name] && f.Kind == smt.FuncDefined:
				if !boxSort(f.Result) || !allBoxSorts(f.Params) {
					return nil, cli.Option("FromDefine", fmt.Errorf("%s: define-fun %s: only functions over Bool and bit-vectors up to 64 bits can be closed boxes (it is %s)", sc.Filename, f.Name, signature(f)))
				}
				f.Kind = smt.FuncClosedBox
				p.boxes[f] = true
				p.boxList = append(p.boxList, f)
				delete(want, f.Name)
			case f.Kind == smt.FuncDeclared && c.Kind != smtlib.CmdDefineFun:
				if len(f.Params) == 0 {
					p.consts = append(p.consts, f)
				} else {
					p.funcs = append(p.funcs, f)
				}
			}
		}
	}
	for n := range want {
		return nil, cli.Option("FromDefine", fmt.Errorf("%s: the script has no define-fun named %s", sc.Filename, n))
	}
	ex := smt.NewExpander(p.st)
	for _, a := range sc.Assertions() {
		e, err := ex.Expand(a)
		if err != nil {
			return nil, fmt.Errorf("%s: expanding an assertion: %w", sc.Filename, err)
		}
		p.omega = append(p.omega, e)
		q, err := p.purify(e)
		if err != nil {
			return nil, err
		}
		p.pure = append(p.pure, q)
	}
	p.pure = append(p.pure, p.argEqs...)
	return p, nil
}

func boxSort(s *smt.Sort) bool {
	return s.Kind == smt.KindBool || (s.Kind == smt.KindBitVec && s.Width <= 64)
}

func allBoxSorts(ss []*smt.Sort) bool {
	for _, s := range ss {
		if !boxSort(s) {
			return false
		}
	}
	return true
}

func signature(f *smt.Func) string {
	var b strings.Builder
	b.WriteString("(")
	for i, s := range f.Params {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(s.String())
	}
	b.WriteString(") " + f.Result.String())
	return b.String()
}

// purify replaces closed-box applications whose arguments mention no bound
// variable by fresh constants, innermost first.
func (p *problem) purify(t *smt.Term) (*smt.Term, error) {
	var err error
	r, rerr := smt.Rewrite(p.st, t, func(t *smt.Term, args []*smt.Term) *smt.Term {
		switch t.Kind() {
		case smt.Literal, smt.Var:
			return t
		case smt.Forall, smt.Exists:
			p.quantified = true
		}
		r := t
		if err != nil {
			return r
		}
		if !slices.Equal(args, t.Args()) {
			if r, err = p.st.Rebuild(t, args); err != nil {
				return t
			}
		}
		if f := r.Func(); f != nil && p.boxes[f] && r.Kind() == smt.App {
			if mentionsVar(r) {
				p.bound = true
			} else {
				if p.purifyArgs {
					if r, err = p.argVars(r); err != nil {
						return t
					}
				}
				r = p.temp(r)
			}
		}
		return r
	})
	if err != nil {
		return nil, err
	}
	return r, rerr
}

// argVars replaces the arguments of a closed-box application that are
// neither constants nor literals by fresh constants u with u = argument in
// ω_smt (Nelson–Oppen purification of the arguments): the fuzzer then
// searches the box's inputs directly and the SMT engine finds the theory
// values that produce them.
func (p *problem) argVars(app *smt.Term) (*smt.Term, error) {
	args := app.Args()
	var nargs []*smt.Term
	for i, a := range args {
		if a.Kind() == smt.Literal || isConst(a) {
			continue
		}
		if nargs == nil {
			nargs = append([]*smt.Term(nil), args...)
		}
		u, ok := p.argOf[a]
		if !ok {
			f := p.st.NewFunc(p.freshName("cb!arg"), smt.FuncDeclared, nil, a.Sort())
			p.sc.Declare(f) // fresh: cannot clash
			u = p.st.Const(f)
			p.argOf[a] = u
			p.args = append(p.args, f)
			p.argEqs = append(p.argEqs, p.st.MustApply(smt.OpEq, nil, u, a))
		}
		nargs[i] = u
	}
	if nargs == nil {
		return app, nil
	}
	return p.st.ApplyFunc(app.Func(), nargs)
}

// temp is the temporary of the closed-box application app (one per
// distinct application: terms are hash-consed).
func (p *problem) temp(app *smt.Term) *smt.Term {
	for _, d := range p.defs {
		if d.App == app {
			return d.T
		}
	}
	name := p.freshName("cb!" + app.Func().Name)
	f := p.st.NewFunc(name, smt.FuncDeclared, nil, app.Sort())
	p.sc.Declare(f) // fresh: cannot clash
	c := p.st.Const(f)
	p.defs = append(p.defs, &cbDef{T: c, F: app.Func(), Args: app.Args(), App: app})
	return c
}

func (p *problem) freshName(base string) string {
	for {
		n := fmt.Sprintf("%s!%d", base, p.fresh)
		p.fresh++
		if !p.names[n] {
			p.names[n] = true
			return n
		}
	}
}

// mentionsVar says t has a variable bound by a quantifier.
func mentionsVar(t *smt.Term) bool {
	return smt.Find(t, func(u *smt.Term) bool { return u.Kind() == smt.Var }) != nil
}

// freeConsts appends the declared constants t reads (outside binders too:
// constants cannot be bound) to out, once each: have holds the ones out
// already has.
func freeConsts(t *smt.Term, have map[*smt.Func]bool, out []*smt.Func) []*smt.Func {
	smt.Inspect(t, func(u *smt.Term) bool {
		if !isConst(u) {
			return true
		}
		if f := u.Func(); !have[f] {
			have[f] = true
			out = append(out, f)
		}
		return false
	})
	return out
}
