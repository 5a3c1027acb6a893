package diver

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"time"

	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// seedScript is a parsed seed: its declarations, its expanded assertions
// and its model M.
type seedScript struct {
	sc         *smtlib.Script
	st         *smt.Store
	logic      string
	header     []string // set-logic, sort and datatype declarations, declare-fun/const
	consts     []*smt.Func
	funcs      []*smt.Func // declared functions of arity > 0 (uf.go)
	names      map[string]bool
	assertions []*smt.Term
	literals   []*smt.Term
	// oddFloat: a floating-point sort other than Float32 and Float64
	// occurs (cvc5 1.0.3 needs --fp-exp for those).
	oddFloat bool
	// quantified: an assertion has a quantifier. The evaluator cannot
	// check M ⊨ ∀x.ψ, so only the unsat side takes such a seed.
	quantified bool
}

// parseSeed reads an SMT-LIB seed: lets and define-funs are expanded
// (paper §V-A), the assertions in scope at the first check-sat are kept.
// Its errors are *seedError, with the reason class of the skip.
func parseSeed(name string, src []byte) (*seedScript, error) {
	sc, err := smtlib.Parse(name, src)
	if err != nil {
		return nil, &seedError{SkipParse, err}
	}
	if err := smtlib.Expand(sc); err != nil {
		return nil, &seedError{SkipExpand, err}
	}
	s := &seedScript{sc: sc, st: sc.Store, logic: sc.Logic(), names: map[string]bool{}}
	for _, c := range sc.Commands {
		switch c.Kind {
		case smtlib.CmdSetLogic, smtlib.CmdDeclareSort, smtlib.CmdDefineSort, smtlib.CmdDeclareDatatype, smtlib.CmdDeclareDatatypes:
			s.header = append(s.header, c.String())
		case smtlib.CmdDeclareFun, smtlib.CmdDeclareConst:
			f := c.Funcs[0]
			s.header = append(s.header, c.String())
			if f.IsConst() {
				s.consts = append(s.consts, f)
			} else {
				s.funcs = append(s.funcs, f)
			}
			s.names[f.Name] = true
		case smtlib.CmdPush, smtlib.CmdPop, smtlib.CmdCheckSatAssuming:
			return nil, &seedError{SkipIncremental, fmt.Errorf("incremental script (%s)", c.Kind)}
		}
	}
	as, _ := modelcheck.AssertionsAtFirstCheck(sc)
	if len(as) == 0 {
		return nil, &seedError{SkipNoAssertions, fmt.Errorf("no assertions")}
	}
	// The formula tree knows applications only: a match becomes ite over
	// testers and selectors.
	ex := smt.NewExpander(sc.Store)
	ex.EliminateMatch = true
	for i, a := range as {
		r, err := ex.Expand(a)
		if err != nil {
			return nil, &seedError{SkipExpand, err}
		}
		as[i] = r
	}
	s.assertions = as
	smt.InspectAll(as, func(t *smt.Term) bool {
		if so := t.Sort(); so.Kind == smt.KindFloat && !(so.EB == 8 && so.SB == 24) && !(so.EB == 11 && so.SB == 53) {
			s.oddFloat = true
		}
		switch t.Kind() {
		case smt.Literal:
			s.literals = append(s.literals, t)
		case smt.Forall, smt.Exists:
			s.quantified = true
		}
		return true
	})
	return s, nil
}

// scriptText prints a mutant: the seed's declarations, the fresh
// constants, one assert per assertion, check-sat and, with getModel,
// get-model.
func scriptText(header []string, fresh []*smt.Func, assertions []*smt.Term, getModel bool) []byte {
	return cachedScriptText(nil, header, fresh, assertions, getModel)
}

// cachedScriptText is scriptText with the assertions' texts from c (nil:
// printed).
func cachedScriptText(c *assertTexts, header []string, fresh []*smt.Func, assertions []*smt.Term, getModel bool) []byte {
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h)
		b.WriteByte('\n')
	}
	for _, f := range fresh {
		fmt.Fprintf(&b, "(declare-fun %s () %s)\n", smt.QuoteSymbol(f.Name), f.Result)
	}
	for _, a := range assertions {
		b.WriteString(c.assert(a))
		b.WriteByte('\n')
	}
	b.WriteString("(check-sat)\n")
	if getModel {
		b.WriteString("(get-model)\n")
	}
	return []byte(b.String())
}

// assertTexts caches the printed (assert …) command of assertion terms:
// a mutant shares all its assertions but the one holding its target with
// its parent, so a seed with many assertions is printed once, not once
// per mutant. The cache forgets everything when it holds MaxAssertTextBytes.
type assertTexts struct {
	m     map[*smt.Term]string
	bytes int
	// edit is the last mutant's (see mutantScript and body): its changed
	// assertion is printed by splicing (spliceAssert) when the parent's
	// text is kept
	edit    *assertEdit
	spliced int // texts made by splicing (tests)
}

// verifySplice makes every spliced text be compared with the printed one
// (tests; a difference panics).
var verifySplice bool

// MaxAssertTextBytes bounds the text an assertTexts keeps.
const MaxAssertTextBytes = 16 << 20

// assert is the command (assert a), from the cache when c is not nil.
func (c *assertTexts) assert(a *smt.Term) string {
	if c != nil {
		if s, ok := c.m[a]; ok {
			return s
		}
	}
	s, spliced := "", false
	if e := c.editOf(a); e != nil {
		if from, ok := c.m[e.from]; ok {
			s, spliced = spliceAssert(from, e, e.repl.String())
			if spliced {
				c.spliced++
			}
		}
	}
	if !spliced || verifySplice {
		var b strings.Builder
		b.WriteString("(assert ")
		_ = smt.WriteTerm(&b, a)
		b.WriteString(")")
		if spliced && s != b.String() {
			panic("diver: spliced assertion text differs from the printed one:\n" + s + "\n" + b.String())
		}
		s = b.String()
	}
	if c != nil {
		if c.m == nil || c.bytes+len(s) > MaxAssertTextBytes {
			c.m, c.bytes = map[*smt.Term]string{}, 0
		}
		c.m[a] = s
		c.bytes += len(s)
	}
	return s
}

// editOf is the kept edit whose result is a (nil: none).
func (c *assertTexts) editOf(a *smt.Term) *assertEdit {
	if c == nil || c.edit == nil || c.edit.to != a {
		return nil
	}
	return c.edit
}

// mutantScript is cachedScriptText of the mutant's whole script, with
// get-model.
func mutantScript(c *assertTexts, header []string, mu *Mutant) []byte {
	if c != nil {
		c.edit = mu.edit
	}
	return cachedScriptText(c, header, mu.Fresh, mu.Formula.Assertions(), true)
}

// modelText prints M as a get-model answer, one define-fun per line.
func modelText(consts []*smt.Func, m map[*smt.Func]smt.Value) string {
	var b strings.Builder
	b.WriteString("(\n")
	for _, f := range consts {
		if v, ok := m[f]; ok {
			b.WriteString("  (define-fun ")
			b.WriteString(smt.QuoteSymbol(f.Name))
			b.WriteString(" () ")
			b.WriteString(f.Result.String())
			b.WriteByte(' ')
			b.WriteString(v.String())
			b.WriteString(")\n")
		}
	}
	b.WriteString(")\n")
	return b.String()
}

// modelFromText reads a model text against a script and returns the
// values of the script's declared constants.
func modelFromText(sc *smtlib.Script, text string) (*eval.Model, error) {
	sm, err := smtlib.ParseModel([]byte(text), sc)
	if err != nil {
		return nil, err
	}
	return eval.ModelFromSMTLIB(sm)
}

// constValues takes M's values of the seed's constants from a solver model
// (nil when the model has no usable value for one of them).
func (s *seedScript) constValues(em *eval.Model) (map[*smt.Func]smt.Value, error) {
	m := map[*smt.Func]smt.Value{}
	for _, f := range s.consts {
		v, ok := em.Const(f)
		if !ok {
			// any value works for the solver; the evaluator checks the seed
			if v, ok = smt.DefaultValue(f.Result); !ok {
				return nil, fmt.Errorf("model gives no value for %s of sort %s", f.Name, f.Result)
			}
		}
		if iv, isInt := v.(smt.IntValue); isInt && f.Result.Kind == smt.KindReal {
			v = smt.RealValue{V: new(big.Rat).SetInt(iv.V)}
		}
		if _, arr := v.(*smt.ArrayValue); arr {
			if a := v.(*smt.ArrayValue); a.Func != nil {
				return nil, fmt.Errorf("array model of %s given by a function", f.Name)
			}
		}
		m[f] = v
	}
	return m, nil
}

// solveSeed asks p for a model of the seed. It returns the solver result
// (for stats and findings) and the solver's model, read against the seed's
// own script (its constants' values, its functions' interpretations; nil
// when there is no sat answer or the model is not readable).
func solveSeed(ctx context.Context, p *solver.Profile, s *seedScript, timeout time.Duration) (*solver.Result, *eval.Model, error) {
	text := scriptText(s.header, nil, s.assertions, true)
	res, err := solver.Run(ctx, p, solver.BytesInput(text), solver.RunOptions{
		Limits: oneShotLimits(timeout), Mode: solver.Mode{Models: true}})
	if err != nil {
		return nil, nil, err
	}
	if res.Status != solver.StatusSat {
		return res, nil, nil
	}
	sm, err := res.Model(s.sc)
	if err != nil {
		return res, nil, nil
	}
	em, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return res, nil, nil
	}
	out := eval.NewModel()
	for _, f := range s.consts {
		if v, ok := em.Const(f); ok {
			if err := out.SetConst(f, v); err != nil {
				return res, nil, nil
			}
		}
	}
	for _, f := range s.funcs {
		if fi, ok := em.Func(f); ok {
			if err := out.SetFunc(f, fi); err != nil {
				return res, nil, nil
			}
		}
	}
	out.IntDivByZero, out.IntModByZero, out.RealDivByZero = em.IntDivByZero, em.IntModByZero, em.RealDivByZero
	return res, out, nil
}

// BuiltinLogics are the logics of the built-in seed generator.
var BuiltinLogics = []string{"QF_LIA", "QF_NIA", "QF_LRA", "QF_NRA", "QF_LIRA", "QF_S", "QF_SLIA", "QF_BV", "QF_FP"}

// BuiltinSeed generates a satisfiable seed of the logic with a known model:
// the model is drawn first, then random assertions are generated and each
// one that is false under it is negated (undefined ones are redrawn). It
// returns the script and the model as get-model text.
func BuiltinSeed(r *rand.Rand, logic string) (script []byte, model string, err error) {
	st := smt.NewStore()
	var sorts []*smt.Sort
	switch logic {
	case "QF_LIA", "QF_NIA":
		sorts = []*smt.Sort{smt.IntSort()}
	case "QF_LRA", "QF_NRA":
		sorts = []*smt.Sort{smt.RealSort()}
	case "QF_LIRA":
		sorts = []*smt.Sort{smt.IntSort(), smt.RealSort()}
	case "QF_S":
		sorts = []*smt.Sort{smt.StringSort()}
	case "QF_SLIA":
		sorts = []*smt.Sort{smt.StringSort(), smt.IntSort()}
	case "QF_BV":
		sorts = []*smt.Sort{smt.BitVecSort(8), smt.BitVecSort(32)}
	case "QF_FP":
		sorts = []*smt.Sort{smt.FloatSort(8, 24), smt.FloatSort(5, 11)}
	default:
		return nil, "", fmt.Errorf("no built-in seeds for logic %q (have %v)", logic, BuiltinLogics)
	}
	opt, _ := Options{MaxDepth: 3}.withDefaults()
	g0 := &Generator{st: st, opt: &opt, chars: []rune("ab01-")}
	m := map[*smt.Func]smt.Value{}
	var consts []*smt.Func
	var vars, leaves []*smt.Term
	nv := 2 + r.IntN(4)
	for i := 0; i < nv; i++ {
		s := sorts[r.IntN(len(sorts))]
		f := st.NewFunc(fmt.Sprintf("x%d", i), smt.FuncDeclared, nil, s)
		lit := g0.literal(r, s)
		v, err := smt.ValueOf(lit)
		if err != nil {
			return nil, "", err
		}
		m[f] = v
		consts = append(consts, f)
		vars = append(vars, st.Const(f))
		leaves = append(leaves, lit)
	}
	g := NewGenerator(st, &opt, logic, vars, leaves, nil)
	em, err := evalModel(m)
	if err != nil {
		return nil, "", err
	}
	asserts := trueAssertions(r, st, g, eval.New(em))
	if len(asserts) == 0 {
		return nil, "", fmt.Errorf("built-in seed: no assertion")
	}
	header := []string{fmt.Sprintf("(set-logic %s)", logic)}
	for _, f := range consts {
		header = append(header, fmt.Sprintf("(declare-fun %s () %s)", smt.QuoteSymbol(f.Name), f.Result))
	}
	return scriptText(header, nil, asserts, false), modelText(consts, m), nil
}

// trueAssertions draws 3 to 6 Boolean terms from g that are true under
// ev's model: a false one is negated, an undefined one drawn again (at
// most 100 draws).
func trueAssertions(r *rand.Rand, st *smt.Store, g *Generator, ev *eval.Evaluator) []*smt.Term {
	var asserts []*smt.Term
	for tries := 0; len(asserts) < 3+r.IntN(4) && tries < 100; tries++ {
		t := g.Term(r, smt.BoolSort())
		switch Check(ev, t, t) {
		case VerdictTrue:
		case VerdictFalse:
			t = st.MustApply(smt.OpNot, nil, t)
		default:
			continue
		}
		asserts = append(asserts, t)
	}
	return asserts
}
