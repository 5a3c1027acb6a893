package diver

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"tandem/eval"
	"tandem/smt"
)

// Seed is a satisfiable formula with its model M: the unit Alg. 1 mutates.
// Mutants that a solver answers sat become Seeds too (they keep M, extended
// with the values of Complicate's fresh variables).
type Seed struct {
	// Formula is φ.
	Formula *Formula
	// Model holds M: a value for every declared constant of φ.
	Model map[*smt.Func]smt.Value
	// Fresh are the constants Complicate added (declared after the seed's
	// own declarations), in order.
	Fresh []*smt.Func

	// ev evaluates under M. A seed and all its mutants in an iteration
	// share one evaluator (and so its memo of subterm values): M only ever
	// grows by fresh constants, which no memoized term mentions.
	ev       *eval.Evaluator
	memo     *rangeMemo // the lineage's pre-analysis memo, shared as ev is
	st       *smt.Store
	weighted bool
	ranges   []SatPreservingRange // C, computed on first use (analyze)
	sel      *Selector
	funcs    *modelFuncs // M's functions of arity > 0 (uf.go), shared by the lineage
}

// newSeed prepares φ under M; it checks nothing. parent is the seed it
// was made from (nil: a new lineage with a new evaluator over m), whose
// evaluator and pre-analysis memo it shares; the pre-analysis waits until
// the seed is mutated (most mutants never are).
func newSeed(st *smt.Store, f *Formula, m map[*smt.Func]smt.Value, fresh []*smt.Func, weighted bool, parent *Seed) (*Seed, error) {
	if parent != nil {
		return &Seed{Formula: f, Model: m, Fresh: fresh, ev: parent.ev, memo: parent.memo, st: st, weighted: weighted, funcs: parent.funcs}, nil
	}
	em, err := evalModel(m)
	if err != nil {
		return nil, err
	}
	return &Seed{Formula: f, Model: m, Fresh: fresh, ev: eval.New(em), memo: newRangeMemo(), st: st, weighted: weighted}, nil
}

// analyze runs the pre-analysis (Alg. 2) and builds the selector once.
func (s *Seed) analyze() {
	if s.sel == nil {
		s.Formula.expand()
		s.ranges = preAnalysis(s.st, s.Formula, s.value, s.memo)
		s.sel = NewSelector(s.Formula, s.ranges, s.weighted)
	}
}

// selector is P over the seed's labels.
func (s *Seed) selector() *Selector {
	s.analyze()
	return s.sel
}

func evalModel(m map[*smt.Func]smt.Value) (*eval.Model, error) {
	em := eval.NewModel()
	for f, v := range m {
		if err := em.SetConst(f, v); err != nil {
			return nil, err
		}
	}
	return em, nil
}

func (s *Seed) value(t *smt.Term) smt.Value {
	v, err := s.ev.Eval(t)
	if err != nil {
		return nil
	}
	return v
}

// Ranges are C, indexed by label.
func (s *Seed) Ranges() []SatPreservingRange {
	s.analyze()
	return s.ranges
}

// Verdict is the evaluator's judgement of a candidate mutant under M.
type Verdict int

// Verdicts of Check.
const (
	VerdictTrue        Verdict = iota // M ⊨ φ': accepted
	VerdictFalse                      // M ⊭ φ'
	VerdictUndefined                  // some subterm's value is open (x/0, …)
	VerdictUnsupported                // the evaluator cannot evaluate it
)

// Check evaluates the formula root under ev, and every subterm of fresh
// (the replacing term) as well: a mutant is accepted only when it is true
// and no undefined value occurs anywhere in the new term, even where the
// evaluator's lazy connectives would not look.
func Check(ev *eval.Evaluator, root, fresh *smt.Term) Verdict {
	return checkWith(ev, root, fresh, nil)
}

// checkScratch is what checkWith reuses from one call to the next.
type checkScratch struct {
	seen  map[*smt.Term]struct{}
	stack []*smt.Term
}

// checkWith is Check with its visited set and stack from sc (nil: new
// ones). It visits fresh's distinct subterms in smt.Inspect's order
// (preorder, arguments left to right), so the first culprit, and so the
// verdict, is the same.
func checkWith(ev *eval.Evaluator, root, fresh *smt.Term, sc *checkScratch) Verdict {
	if fresh != nil {
		if sc == nil {
			sc = &checkScratch{}
		}
		if sc.seen == nil {
			sc.seen = map[*smt.Term]struct{}{}
		}
		clear(sc.seen)
		stack := append(sc.stack[:0], fresh)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if _, ok := sc.seen[u]; ok {
				continue
			}
			sc.seen[u] = struct{}{}
			v, err := ev.Eval(u)
			switch {
			case err != nil:
				sc.stack = stack
				return VerdictUnsupported
			case isUndefined(v):
				sc.stack = stack
				return VerdictUndefined
			}
			args := u.Args()
			for i := len(args) - 1; i >= 0; i-- {
				if _, ok := sc.seen[args[i]]; !ok {
					stack = append(stack, args[i])
				}
			}
		}
		sc.stack = stack
	}
	v, err := ev.Eval(root)
	switch {
	case err != nil:
		if errors.Is(err, eval.ErrUnsupported) {
			return VerdictUnsupported
		}
		return VerdictUnsupported
	case isUndefined(v):
		return VerdictUndefined
	}
	if b, ok := v.(smt.BoolValue); ok && bool(b) {
		return VerdictTrue
	}
	return VerdictFalse
}

func isUndefined(v smt.Value) bool {
	_, ok := v.(smt.Undefined)
	return ok || v == nil
}

// Mutant is one accepted mutant: a Seed (its formula is true under its
// model, as the evaluator checked) and how it was made.
type Mutant struct {
	*Seed
	// Target is the label replaced in the parent seed; Complicated says
	// whether Complicate added fresh variables.
	Target      int
	Complicated bool
	// edit is how its changed assertion comes from the parent's (for
	// printing; nil: unknown)
	edit *assertEdit
}

// mutator carries what GenMutant needs besides the seed.
type mutator struct {
	st    *smt.Store
	opt   *Options
	gen   *Generator
	stats *Stats
	fresh *int // counter for fresh names
	names map[string]bool
	check checkScratch
}

// GenMutant is Alg. 3: pick a target p by P, then try up to Tries random
// terms q of p's sort; the first φ[q/p] the evaluator finds true under M
// (with no undefined value in q) is returned, through Complicate with
// probability ComplicateProb. nil is ⊥.
func (m *mutator) GenMutant(r *rand.Rand, s *Seed) (*Mutant, error) {
	m.stats.Attempts++
	label := s.selector().Pick(r)
	if label < 0 {
		return nil, nil
	}
	p := s.Formula.Nodes[label]
	ground := (m.gen.th.linear && m.groundOnly(p)) || inReRange(p)
	for try := 0; try < m.opt.Tries; try++ {
		m.stats.Candidates++
		var q *smt.Term
		if ground {
			q = m.gen.GroundTerm(r, p.Term.Sort(), !isUnaryMinus(p.Parent), inDivisor(p))
		} else {
			q = m.gen.Term(r, p.Term.Sort())
		}
		if q == nil {
			m.stats.NoTerm++
			return nil, nil
		}
		if q == p.Term {
			continue
		}
		root, err := s.Formula.Replace(m.st, p, q)
		if err != nil {
			return nil, fmt.Errorf("diver: %w", err)
		}
		switch checkWith(s.ev, root, q, &m.check) {
		case VerdictFalse:
			m.stats.RejectedFalse++
			continue
		case VerdictUndefined:
			m.stats.RejectedUndefined++
			continue
		case VerdictUnsupported:
			m.stats.RejectedUnsupported++
			continue
		}
		m.stats.Accepted++
		if m.opt.Mode != ModeNoComp && !ground && r.Float64() < m.opt.ComplicateProb {
			if mu, err := m.Complicate(r, s, p, q); err != nil {
				return nil, err
			} else if mu != nil {
				m.stats.Complicated++
				mu.Target = label
				return mu, nil
			}
		}
		f, err := m.formulaLike(s, root)
		if err != nil {
			m.stats.TooLarge++
			return nil, nil
		}
		ns, err := newSeed(m.st, f, s.Model, s.Fresh, m.opt.Mode != ModeNoWeight, s)
		if err != nil {
			return nil, err
		}
		return &Mutant{Seed: ns, Target: label, edit: newEdit(s.Formula, p, q, root)}, nil
	}
	m.stats.Bottom++
	return nil, nil
}

// groundOnly says whether a replacement at p must keep a numeral in a
// linear logic: p lies in a numeral factor of * beside a non-numeral one,
// or in the divisor of /, div or mod. Anything else there makes the mutant
// non-linear, which the solvers reject: cvc5 any non-ground factor ("A
// non-linear fact was asserted to arithmetic in a linear logic"), z3 any
// factor that is not syntactically a numeral ("logic does not support
// nonlinear arithmetic" for (* (+ 1 2) x), (* (- 0 2) x), (/ x (ite true 1
// 2))).
func (m *mutator) groundOnly(p *Node) bool {
	for n := p; n.Parent != nil; n = n.Parent {
		par := n.Parent.Term
		if par.Kind() != smt.App || par.Func() != nil {
			continue
		}
		switch par.Op() {
		case smt.OpMul:
			if !isNumeral(n.Term) {
				continue
			}
			for i, a := range par.Args() {
				if i != n.Index && !isNumeral(a) {
					return true
				}
			}
		case smt.OpDiv, smt.OpIntDiv, smt.OpMod:
			if n.Index > 0 {
				return true
			}
		}
	}
	return false
}

// isNumeral says whether t is a numeral as z3's linear-arithmetic check
// sees one: a literal, (- literal), or (/ a b) of those.
func isNumeral(t *smt.Term) bool {
	simple := func(t *smt.Term) bool {
		return t.Kind() == smt.Literal || (t.Kind() == smt.App && t.Func() == nil && t.Op() == smt.OpNeg &&
			t.NumArgs() == 1 && t.Args()[0].Kind() == smt.Literal)
	}
	if simple(t) {
		return true
	}
	return t.Kind() == smt.App && t.Func() == nil && t.Op() == smt.OpDiv && t.NumArgs() == 2 &&
		simple(t.Args()[0]) && simple(t.Args()[1])
}

// inReRange says whether p lies in an argument of re.range. SMT-LIB 2.6
// takes any String terms there (the range is empty unless both are
// one-character strings), but cvc5 1.0.3 answers "expecting a single
// constant string term in regexp range" for anything but a literal, so
// such targets get string literals.
func inReRange(p *Node) bool {
	for n := p; n.Parent != nil; n = n.Parent {
		if t := n.Parent.Term; t.Kind() == smt.App && t.Func() == nil && t.Op() == smt.OpReRange {
			return true
		}
	}
	return false
}

// inDivisor says whether p lies in the divisor of /, div or mod: a literal
// 0 there is defined SMT-LIB (when the division is not evaluated, e.g. in
// a branch ite does not take) but cvc5 1.0.3 calls (/ x 0.0) "a non-linear
// fact" in a linear logic.
func inDivisor(p *Node) bool {
	for n := p; n.Parent != nil; n = n.Parent {
		if t := n.Parent.Term; t.Kind() == smt.App && t.Func() == nil && n.Index > 0 {
			switch t.Op() {
			case smt.OpDiv, smt.OpIntDiv, smt.OpMod:
				return true
			}
		}
	}
	return false
}

func isUnaryMinus(n *Node) bool {
	return n != nil && n.Term.Kind() == smt.App && n.Term.Func() == nil && n.Term.Op() == smt.OpNeg && n.Term.NumArgs() == 1
}

// formulaLike is the formula of root (a mutant of s), keeping s's split
// into assertions; its tree is built when it is first mutated.
func (m *mutator) formulaLike(s *Seed, root *smt.Term) (*Formula, error) {
	if s.Formula.Virtual {
		return lazyFormula(m.st, root.Args(), m.opt.MaxNodes, s.memo.sizes)
	}
	return lazyFormula(m.st, []*smt.Term{root}, m.opt.MaxNodes, s.memo.sizes)
}
