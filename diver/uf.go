package diver

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"tandem/eval"
	"tandem/smt"
)

// Seeds with uninterpreted functions (QF_UF, QF_AUFLIA, QF_UFLIA, QF_UFBV,
// …; issue 26 §3). M then interprets each function of arity > 0 of the
// seed as the solver's model does: a finite table with a default (z3's and
// cvc5's ite chains over the formals), or a body over the formals (cvc5's
// nested ites, `(= _arg_1 1)`, …), evaluated by tandem's evaluator. A
// function the model leaves out gets a constant default, as a constant
// does (any interpretation makes the same formula true when it does not
// matter; the evaluator checks the seed under M anyway). Applications of
// f in a mutant are evaluated under M's f, so the value-preserving
// replacement of Alg. 3 stays sound, and the generator uses applications
// of the seed's functions as building blocks (funcApp).

// modelFuncs is M's interpretation of a seed's functions of arity > 0.
type modelFuncs struct {
	interp map[*smt.Func]*eval.FuncInterp
	// text is their define-fun commands, one per line (see SatisfiedBy),
	// inside a get-model answer
	text string
}

// funcValues takes M's interpretation of the seed's functions from the
// solver's model em (nil when the seed has none). An interpretation
// whose body calls anything but its formals, theory operators, the
// seed's own symbols and datatype functions (a solver's helper function)
// is refused: M's text must stand alone.
func (s *seedScript) funcValues(em *eval.Model) (*modelFuncs, error) {
	if len(s.funcs) == 0 {
		return nil, nil
	}
	own := map[*smt.Func]bool{}
	for _, f := range s.consts {
		own[f] = true
	}
	for _, f := range s.funcs {
		own[f] = true
	}
	mf := &modelFuncs{interp: make(map[*smt.Func]*eval.FuncInterp, len(s.funcs))}
	var b strings.Builder
	for _, f := range s.funcs {
		fi, ok := em.Func(f)
		if !ok {
			v, ok := smt.DefaultValue(f.Result)
			if !ok {
				return nil, fmt.Errorf("model gives no interpretation of %s, and %s has no default value", f.Name, f.Result)
			}
			fi = &eval.FuncInterp{Default: v}
		}
		if fi.Body != nil {
			if g := smt.Find(fi.Body, func(t *smt.Term) bool {
				g := t.Func()
				if g == nil || t.Kind() != smt.App || own[g] {
					return false
				}
				switch g.Kind {
				case smt.FuncConstructor, smt.FuncSelector, smt.FuncTester, smt.FuncUpdater:
					return false
				}
				return true
			}); g != nil {
				return nil, fmt.Errorf("the model's %s calls %s, which the seed does not declare", f.Name, g.Func().Name)
			}
		} else if fi.Default == nil {
			return nil, fmt.Errorf("the model's table of %s has no default", f.Name)
		}
		mf.interp[f] = fi
		writeFuncDef(&b, f, fi)
	}
	mf.text = b.String()
	return mf, nil
}

// writeFuncDef prints f's interpretation as one line
// "  (define-fun f ((x S) …) R body)\n": a table as an ite chain over
// the formals x!1, x!2, …, a body with its own formals.
func writeFuncDef(b *strings.Builder, f *smt.Func, fi *eval.FuncInterp) {
	b.WriteString("  (define-fun ")
	b.WriteString(smt.QuoteSymbol(f.Name))
	b.WriteString(" (")
	names := make([]string, len(f.Params))
	for i, p := range f.Params {
		names[i] = fmt.Sprintf("x!%d", i+1)
		if fi.Body != nil {
			names[i] = smt.QuoteSymbol(fi.Formals[i].Name())
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "(%s %s)", names[i], p)
	}
	b.WriteString(") ")
	b.WriteString(f.Result.String())
	b.WriteByte(' ')
	if fi.Body != nil {
		_ = smt.WriteTerm(b, fi.Body)
		b.WriteString(")\n")
		return
	}
	for _, e := range fi.Entries {
		b.WriteString("(ite ")
		if len(names) > 1 {
			b.WriteString("(and")
		}
		for i, a := range e.Args {
			if len(names) > 1 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(b, "(= %s %s)", names[i], a)
		}
		if len(names) > 1 {
			b.WriteByte(')')
		}
		fmt.Fprintf(b, " %s ", e.Value)
	}
	b.WriteString(fi.Default.String())
	b.WriteString(strings.Repeat(")", len(fi.Entries)))
	b.WriteString(")\n")
}

// setFuncs makes M interpret the seed's functions (a new lineage's root
// seed; its mutants share the evaluator and mf).
func (s *Seed) setFuncs(mf *modelFuncs) error {
	if mf == nil {
		return nil
	}
	s.funcs = mf
	for f, fi := range mf.interp {
		if err := s.ev.Model().SetFunc(f, fi); err != nil {
			return err
		}
	}
	return nil
}

// modelText prints M as a get-model answer: the values of consts and the
// interpretations of the seed's functions.
func (s *Seed) modelText(consts []*smt.Func) string {
	t := modelText(consts, s.Model)
	if s.funcs == nil || s.funcs.text == "" {
		return t
	}
	return t[:len(t)-len(")\n")] + s.funcs.text + ")\n"
}

// UFAppChance is the chance (1 in UFAppChance) that the generator builds
// a term of a sort some seed function returns as an application of one
// of them.
const UFAppChance = 4

// useFuncs lets the generator apply the seed's functions of arity > 0.
func (g *Generator) useFuncs(fs []*smt.Func) {
	for _, f := range fs {
		if g.funcs == nil {
			g.funcs = map[*smt.Sort][]*smt.Func{}
		}
		g.funcs[f.Result] = append(g.funcs[f.Result], f)
	}
}

// funcApp is, now and then, an application of a seed function of sort s
// to generated arguments (nil otherwise, or when an argument has no
// term). Without seed functions of sort s it draws nothing, so seeds
// without functions get the same terms as before.
func (g *Generator) funcApp(r *rand.Rand, s *smt.Sort, depth int) *smt.Term {
	fs := g.funcs[s]
	if len(fs) == 0 || g.ground || r.IntN(UFAppChance) != 0 {
		return nil
	}
	f := fs[r.IntN(len(fs))]
	args := make([]*smt.Term, len(f.Params))
	for i, p := range f.Params {
		if args[i] = g.gen(r, p, depth+1); args[i] == nil {
			return nil
		}
	}
	t, err := g.st.ApplyFunc(f, args)
	if err != nil {
		return nil
	}
	return t
}
