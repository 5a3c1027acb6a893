package diver

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"tandem/smt"
)

// Complicate (paper §IV-C) takes an accepted replacement q at node p and
// replaces 1 to min(MaxFresh, #occurrences) occurrences of Int or Real
// variables and constants m inside q by fresh variables n, then conjoins
// convert(C'(k)) for each, where C' is the pre-analysis of φ[q[n/m]/p]
// under M extended with n ↦ M(m). When C'(k) is unbounded on both sides
// (or not an interval) the artifact's random bound [min(r,M(m)),
// max(r,M(m))] with r uniform in [−FreshRange, FreshRange+1] is used, so
// every fresh variable is constrained. The result is checked with the
// evaluator like any mutant; nil means Complicate did not apply.
func (m *mutator) Complicate(r *rand.Rand, s *Seed, p *Node, q *smt.Term) (*Mutant, error) {
	qf, err := NewFormula(m.st, []*smt.Term{q}, m.opt.MaxNodes)
	if err != nil {
		return nil, nil
	}
	th := m.theories()
	var cands []*Node
	for _, n := range qf.Nodes {
		// Only sorts the logic can declare (no Int in QF_LRA or QF_S), and
		// in a linear logic no occurrence in a factor or divisor.
		switch k := n.Term.Sort().Kind; {
		case k == smt.KindInt && !th.ints, k == smt.KindReal && !th.reals, !n.Term.Sort().IsNumeric():
			continue
		}
		if th.linear && m.groundOnly(n) {
			continue
		}
		if n.Term.Kind() == smt.Literal || n.Term.IsConst() {
			cands = append(cands, n)
		}
	}
	if len(cands) == 0 {
		return nil, nil
	}
	k := 1 + r.IntN(min(m.opt.MaxFresh, len(cands)))
	r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	cands = cands[:k]
	model := make(map[*smt.Func]smt.Value, len(s.Model)+k)
	for f, v := range s.Model {
		model[f] = v
	}
	fresh := append([]*smt.Func(nil), s.Fresh...)
	repl := map[int]*smt.Term{}
	var news []*smt.Func
	for _, c := range cands {
		v := s.value(c.Term)
		if v == nil || isUndefined(v) {
			return nil, nil
		}
		f := m.st.NewFunc(m.freshName(), smt.FuncDeclared, nil, c.Term.Sort())
		if iv, ok := v.(smt.IntValue); ok && c.Term.Sort().Kind == smt.KindReal {
			v = smt.RealValue{V: new(big.Rat).SetInt(iv.V)}
		}
		model[f] = v
		if err := s.ev.Model().SetConst(f, v); err != nil {
			return nil, fmt.Errorf("diver: complicate: %w", err)
		}
		fresh = append(fresh, f)
		news = append(news, f)
		repl[c.Label] = m.st.Const(f)
	}
	q2, err := substLabels(m.st, qf.Root, repl)
	if err != nil {
		return nil, fmt.Errorf("diver: complicate: %w", err)
	}
	root, err := s.Formula.Replace(m.st, p, q2)
	if err != nil {
		return nil, fmt.Errorf("diver: complicate: %w", err)
	}
	// C at each fresh variable in φ1 = φ[q2/p]: the rules along its path
	// (to p in φ, then inside q2), not a pre-analysis of all of φ1.
	toP := pathTo(p)
	val := func(t *smt.Term) smt.Value { return s.value(t) }
	var asserts []*smt.Term
	if s.Formula.Virtual {
		asserts = append(asserts, root.Args()...)
	} else {
		asserts = append(asserts, root)
	}
	for i, f := range news {
		path := append(slices.Clone(toP), pathTo(cands[i])...)
		b, err := m.bound(r, f, model[f], pathRange(m.st, root, path, val))
		if err != nil {
			return nil, fmt.Errorf("diver: complicate bound: %w", err)
		}
		asserts = append(asserts, b)
	}
	f2, err := lazyFormula(m.st, asserts, m.opt.MaxNodes, s.memo.sizes)
	if err != nil {
		return nil, nil
	}
	s2, err := newSeed(m.st, f2, model, fresh, m.opt.Mode != ModeNoWeight, s)
	if err != nil {
		return nil, err
	}
	if Check(s2.ev, f2.Root.Term, nil) != VerdictTrue {
		m.stats.ComplicateRejected++
		return nil, nil
	}
	return &Mutant{Seed: s2, Complicated: true, edit: newEdit(s.Formula, p, q2, root)}, nil
}

// theories are the generator's (every arithmetic symbol without one).
func (m *mutator) theories() theories {
	if m.gen != nil {
		return m.gen.th
	}
	return theories{ints: true, reals: true, arith: true, nonlinear: true}
}

func (m *mutator) freshName() string {
	for {
		*m.fresh++
		name := fmt.Sprintf("diver_n%d", *m.fresh)
		if !m.names[name] {
			m.names[name] = true
			return name
		}
	}
}

// bound is convert(C'(k)) for the fresh constant f with value v.
func (m *mutator) bound(r *rand.Rand, f *smt.Func, v smt.Value, c SatPreservingRange) (*smt.Term, error) {
	n := m.st.Const(f)
	isInt := f.Result.Kind == smt.KindInt
	cur := numRat(v)
	lo, hi := c.Lo, c.Hi
	if c.Kind != RangeInterval || (lo == nil && hi == nil) {
		rr := big.NewRat(r.Int64N(2*m.opt.FreshRange+2)-m.opt.FreshRange, 1)
		lo, hi = rr, cur
		if lo.Cmp(hi) > 0 {
			lo, hi = hi, lo
		}
	}
	lit := func(x *big.Rat, up bool) *smt.Term {
		if isInt {
			z := new(big.Int).Quo(x.Num(), x.Denom()) // truncation toward zero
			if !x.IsInt() {
				if up && x.Sign() > 0 {
					z.Add(z, big.NewInt(1))
				} else if !up && x.Sign() < 0 {
					z.Sub(z, big.NewInt(1))
				}
			}
			return m.st.Numeral(z)
		}
		return m.st.Decimal(x)
	}
	var parts []*smt.Term
	if lo != nil {
		t, err := m.st.Apply(smt.OpLe, nil, lit(lo, true), n)
		if err != nil {
			return nil, err
		}
		parts = append(parts, t)
	}
	if hi != nil {
		t, err := m.st.Apply(smt.OpLe, nil, n, lit(hi, false))
		if err != nil {
			return nil, err
		}
		parts = append(parts, t)
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	return m.st.Apply(smt.OpAnd, nil, parts...)
}

// substLabels rebuilds the tree under n with the nodes whose labels are in
// repl replaced.
func substLabels(st *smt.Store, n *Node, repl map[int]*smt.Term) (*smt.Term, error) {
	if t, ok := repl[n.Label]; ok {
		return t, nil
	}
	if len(n.Args) == 0 {
		return n.Term, nil
	}
	args := make([]*smt.Term, len(n.Args))
	changed := false
	for i, a := range n.Args {
		t, err := substLabels(st, a, repl)
		if err != nil {
			return nil, err
		}
		args[i] = t
		changed = changed || t != a.Term
	}
	if !changed {
		return n.Term, nil
	}
	// Rebuild, not Apply: constant arrays, constructors with their sort
	// (Apply refused (const …): a campaign error on QF_ABV seeds)
	return st.Rebuild(n.Term, args)
}
