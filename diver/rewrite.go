package diver

import (
	"math/big"
	"math/rand/v2"

	"tandem/smt"
)

// The unsat side of DIVER (unsat.go) mutates an unsatisfiable seed so that
// every mutant stays unsatisfiable: it adds conjuncts (φ ∧ ψ is unsat when
// φ is, whatever ψ) or replaces a subterm by one equal to it under every
// interpretation (this file). The rewrites hold in SMT-LIB's semantics,
// where every function is total (x/0, (str.at s 99), … have some value in
// each interpretation), so they need no model. Operators whose identities
// need care are left out: division and the partial arithmetic functions,
// fp.add with ±0 (−0 + +0 is +0), fp.min and fp.max (unspecified on ±0),
// regular expressions and rounding modes. FuzzRewrite and
// TestRewritesPreserveValues check every rule against tandem's evaluator.

// rewriter makes equivalence-preserving rewrites in one logic.
type rewriter struct {
	st  *smt.Store
	th  theories
	gen *Generator // the other branch of (ite true t u); nil: t itself
}

func newRewriter(st *smt.Store, gen *Generator) *rewriter {
	return &rewriter{st: st, th: gen.th, gen: gen}
}

// RewriteStop is the probability that the random walk choosing a
// rewrite's position stops at the node it is at (else it goes into a
// random argument): positions at depth d are reached with probability
// about (1−RewriteStop)^d.
const RewriteStop = 0.3

// rewriteAssertion rewrites one random position of a (see RewriteStop):
// the result equals a under every interpretation. nil when no rule
// applies at the position drawn.
func (w *rewriter) rewriteAssertion(r *rand.Rand, a *smt.Term) *smt.Term {
	type step struct {
		t *smt.Term
		i int
	}
	var path []step
	t := a
	for t.NumArgs() > 0 && !w.opaque(t) && r.Float64() >= RewriteStop {
		i := r.IntN(t.NumArgs())
		path = append(path, step{t, i})
		t = t.Args()[i]
	}
	q := w.equivalent(r, t)
	if q == nil || q == t {
		return nil
	}
	for k := len(path) - 1; k >= 0; k-- {
		var err error
		if q, err = rebuild(w.st, path[k].t, path[k].i, q); err != nil {
			return nil
		}
	}
	return q
}

// opaque says the walk does not go into t's arguments: in a linear logic
// a factor of * and a divisor must stay numerals (see groundOnly); the
// arguments of an fp triple are literals the solvers expect as such;
// regular expressions are left alone (cvc5 1.0.3 takes only literals in
// re.range).
func (w *rewriter) opaque(t *smt.Term) bool {
	if t.Kind() != smt.App || t.Func() != nil {
		return t.Kind() != smt.App
	}
	switch t.Sort().Kind {
	case smt.KindRegLan, smt.KindRoundingMode:
		return true
	}
	switch t.Op() {
	case smt.OpFP:
		return true
	case smt.OpMul, smt.OpDiv, smt.OpIntDiv, smt.OpMod:
		return w.th.linear
	}
	return false
}

// equivalent is a term equal to t under every interpretation, by one rule
// drawn among those that apply (nil: none does).
func (w *rewriter) equivalent(r *rand.Rand, t *smt.Term) *smt.Term {
	rules := w.rules(t)
	for len(rules) > 0 {
		i := r.IntN(len(rules))
		if q := rules[i](r); q != nil && q.Sort() == t.Sort() {
			return q
		}
		rules = append(rules[:i], rules[i+1:]...)
	}
	return nil
}

type rule func(r *rand.Rand) *smt.Term

// app builds an application (nil when the store refuses it).
func (w *rewriter) app(op smt.Op, args ...*smt.Term) *smt.Term {
	return tryApply(w.st, op, nil, args...)
}

// rules are the rewrites of t that apply: by t's sort, and by t's operator.
func (w *rewriter) rules(t *smt.Term) []rule {
	s := t.Sort()
	var rs []rule
	switch s.Kind {
	case smt.KindRegLan, smt.KindRoundingMode:
		return nil
	case smt.KindInt:
		if !w.th.ints {
			return nil // a numeral in a Real-only logic (see theories.ints)
		}
		if w.th.arith {
			rs = append(rs, w.numIdentities(t, w.st.Int(0), w.st.Int(1))...)
		}
	case smt.KindReal:
		if !w.th.reals || !w.th.arith {
			return nil
		}
		rs = append(rs, w.numIdentities(t, w.st.Decimal(new(big.Rat)), w.st.Decimal(big.NewRat(1, 1)))...)
	case smt.KindBool:
		rs = append(rs,
			func(*rand.Rand) *smt.Term { return w.app(smt.OpNot, w.app(smt.OpNot, t)) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpAnd, swap(r, t, w.st.True())...) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpOr, swap(r, t, w.st.False())...) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpEq, swap(r, t, w.st.True())...) })
	case smt.KindString:
		empty, err := w.st.String(nil)
		if err == nil {
			rs = append(rs, func(r *rand.Rand) *smt.Term { return w.app(smt.OpStrConcat, swap(r, t, empty)...) })
		}
	case smt.KindBitVec:
		if !w.th.bv {
			return nil
		}
		zero, one := w.st.BVUint64(0, s.Width), w.st.BVUint64(1, s.Width)
		ones := w.app(smt.OpBVNot, zero)
		rs = append(rs,
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpBVAdd, swap(r, t, zero)...) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpBVOr, swap(r, t, zero)...) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpBVXor, swap(r, t, zero)...) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpBVAnd, swap(r, t, ones)...) },
			func(r *rand.Rand) *smt.Term { return w.app(smt.OpBVMul, swap(r, t, one)...) },
			func(*rand.Rand) *smt.Term { return w.app(smt.OpBVSub, t, zero) },
			func(*rand.Rand) *smt.Term { return w.app(smt.OpBVNot, w.app(smt.OpBVNot, t)) },
			func(*rand.Rand) *smt.Term { return w.app(smt.OpBVNeg, w.app(smt.OpBVNeg, t)) })
	case smt.KindFloat:
		rs = append(rs, func(*rand.Rand) *smt.Term { return w.app(smt.OpFPNeg, w.app(smt.OpFPNeg, t)) })
	}
	// any sort: the taken branch of an ite
	rs = append(rs,
		func(r *rand.Rand) *smt.Term { return w.app(smt.OpIte, w.st.True(), t, w.other(r, t)) },
		func(r *rand.Rand) *smt.Term { return w.app(smt.OpIte, w.st.False(), w.other(r, t), t) })
	if t.Kind() == smt.App && t.Func() == nil {
		rs = append(rs, w.opRules(t)...)
	}
	return rs
}

// numIdentities are t + 0, 0 + t, t × 1, −(−t) and t − 0 for Int or Real t.
func (w *rewriter) numIdentities(t, zero, one *smt.Term) []rule {
	return []rule{
		func(r *rand.Rand) *smt.Term { return w.app(smt.OpAdd, swap(r, t, zero)...) },
		func(r *rand.Rand) *smt.Term { return w.app(smt.OpMul, swap(r, t, one)...) },
		func(*rand.Rand) *smt.Term { return w.app(smt.OpNeg, w.app(smt.OpNeg, t)) },
		func(*rand.Rand) *smt.Term { return w.app(smt.OpSub, t, zero) },
	}
}

// other is a term of t's sort for the branch of an ite never taken: a
// random one from the generator, or t.
func (w *rewriter) other(r *rand.Rand, t *smt.Term) *smt.Term {
	if w.gen != nil {
		if u := w.gen.Term(r, t.Sort()); u != nil && u.Sort() == t.Sort() {
			return u
		}
	}
	return t
}

// swap is [a b] or [b a], at random.
func swap(r *rand.Rand, a, b *smt.Term) []*smt.Term {
	if r.IntN(2) == 0 {
		return []*smt.Term{a, b}
	}
	return []*smt.Term{b, a}
}

// opRules are the rewrites by t's operator: commuting the arguments of a
// commutative (and associative) operator, De Morgan, the converse of an
// order, the negation of a total order's complement, => and xor by the
// other connectives, and ite's negated condition.
func (w *rewriter) opRules(t *smt.Term) []rule {
	args := t.Args()
	n := len(args)
	var rs []rule
	permute := func(r *rand.Rand) *smt.Term {
		p := append([]*smt.Term(nil), args...)
		r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		q, err := w.st.Rebuild(t, p)
		if err != nil {
			return nil
		}
		return q
	}
	converse := func(op smt.Op) rule {
		return func(*rand.Rand) *smt.Term { return w.app(op, args[1], args[0]) }
	}
	nots := func() []*smt.Term {
		out := make([]*smt.Term, n)
		for i, a := range args {
			out[i] = w.app(smt.OpNot, a)
		}
		return out
	}
	switch op := t.Op(); op {
	case smt.OpAnd, smt.OpOr:
		if n >= 2 {
			rs = append(rs, permute)
			dual := smt.OpOr
			if op == smt.OpOr {
				dual = smt.OpAnd
			}
			rs = append(rs, func(*rand.Rand) *smt.Term { return w.app(smt.OpNot, w.app(dual, nots()...)) })
		}
	case smt.OpEq, smt.OpDistinct:
		if n >= 2 && args[0].Sort().Kind != smt.KindRegLan {
			rs = append(rs, permute)
		}
	case smt.OpXor:
		if n == 2 {
			rs = append(rs, permute, func(*rand.Rand) *smt.Term { return w.app(smt.OpNot, w.app(smt.OpEq, args[0], args[1])) })
		}
	case smt.OpImplies:
		if n == 2 {
			rs = append(rs, func(*rand.Rand) *smt.Term { return w.app(smt.OpOr, w.app(smt.OpNot, args[0]), args[1]) })
		}
	case smt.OpIte:
		rs = append(rs, func(*rand.Rand) *smt.Term { return w.app(smt.OpIte, w.app(smt.OpNot, args[0]), args[2], args[1]) })
	case smt.OpAdd, smt.OpMul:
		if w.th.arith && n >= 2 {
			rs = append(rs, permute)
		}
	case smt.OpLt, smt.OpLe, smt.OpGt, smt.OpGe:
		if n == 2 && w.th.arith {
			conv := map[smt.Op]smt.Op{smt.OpLt: smt.OpGt, smt.OpGt: smt.OpLt, smt.OpLe: smt.OpGe, smt.OpGe: smt.OpLe}[op]
			compl := map[smt.Op]smt.Op{smt.OpLt: smt.OpGe, smt.OpGe: smt.OpLt, smt.OpLe: smt.OpGt, smt.OpGt: smt.OpLe}[op]
			rs = append(rs, converse(conv), func(*rand.Rand) *smt.Term { return w.app(smt.OpNot, w.app(compl, args[0], args[1])) })
		}
	case smt.OpBVAdd, smt.OpBVMul, smt.OpBVAnd, smt.OpBVOr, smt.OpBVXor:
		if w.th.bv && n >= 2 {
			rs = append(rs, permute)
		}
	case smt.OpBVUlt, smt.OpBVUgt, smt.OpBVUle, smt.OpBVUge, smt.OpBVSlt, smt.OpBVSgt, smt.OpBVSle, smt.OpBVSge:
		if w.th.bv && n == 2 {
			rs = append(rs, converse(map[smt.Op]smt.Op{smt.OpBVUlt: smt.OpBVUgt, smt.OpBVUgt: smt.OpBVUlt, smt.OpBVUle: smt.OpBVUge,
				smt.OpBVUge: smt.OpBVUle, smt.OpBVSlt: smt.OpBVSgt, smt.OpBVSgt: smt.OpBVSlt, smt.OpBVSle: smt.OpBVSge, smt.OpBVSge: smt.OpBVSle}[op]))
		}
	case smt.OpFPLt, smt.OpFPGt, smt.OpFPLeq, smt.OpFPGeq:
		if n == 2 {
			rs = append(rs, converse(map[smt.Op]smt.Op{smt.OpFPLt: smt.OpFPGt, smt.OpFPGt: smt.OpFPLt, smt.OpFPLeq: smt.OpFPGeq, smt.OpFPGeq: smt.OpFPLeq}[op]))
		}
	case smt.OpFPEq:
		if n == 2 {
			rs = append(rs, converse(smt.OpFPEq))
		}
	case smt.OpFPAdd, smt.OpFPMul: // (rm a b): IEEE + and × commute (one NaN in SMT-LIB)
		if n == 3 {
			rs = append(rs, func(*rand.Rand) *smt.Term { return w.app(op, args[0], args[2], args[1]) })
		}
	}
	return rs
}
