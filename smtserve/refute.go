package smtserve

import (
	"fmt"
	"math/bits"
	"slices"

	"tandem/fuzzysat"
	"tandem/smt"
)

// The in-process refuter: a cheap, sound and incomplete proof of unsat for
// a conjunction of Boolean terms, tried before a query goes to the
// fallback. Every step only removes values no model can take, so an
// empty set of values (or a contradiction below) is a proof:
//
//   - syntactic: a conjunct and its negation (after flattening and, not or,
//     not implies, double negation), or false;
//   - order: the comparisons between two terms (bvule, bvult, =, distinct,
//     their negations; signed ones apart) form a graph whose strongly
//     connected components are sets of equal values, so a strict edge or a
//     disequality inside one is a contradiction (a < b ≤ a; a ≤ b ≤ a ≠ b);
//   - intervals: every bit-vector term of at most 64 bits gets a set of
//     possible values (wrapped intervals, exact under adding a constant and
//     under disequalities), narrowed by the comparisons with constants and
//     between terms and propagated through the terms — forward, from the
//     arguments' sets to the application's, and backward, from an
//     application's set to its arguments' — until nothing changes or
//     refuteRounds rounds; an empty set proves unsat.
//
// Operators it has no rule for keep every value (forward) and teach their
// arguments nothing (backward), which is sound.

// refuteRounds bounds the propagation rounds (the proofs on the 10,000
// SAGE queries of bench/smtserve need at most 4); refuteMaxTerms the terms
// a query may have for the interval analysis to run (the syntactic and
// order checks always run); refuteKeepRoom the most terms whose room the
// reused maps keep.
const (
	refuteRounds   = 8
	refuteMaxTerms = 50000
	refuteKeepRoom = 4096
)

// relOp is a comparison between two bit-vector terms, after polarity.
type relOp uint8

const (
	relULE relOp = iota
	relULT
	relSLE
	relSLT
	relEq
	relNe
)

type rel struct {
	op   relOp
	a, b *smt.Term
}

// refuter is the state of one refutation. A session keeps one and reuses
// its maps and slices (cleared, with their room) for every query.
type refuter struct {
	lits  map[*smt.Term]bool // atoms and their polarity
	rels  []rel
	dom   map[*smt.Term]fuzzysat.IntervalSet
	order []*smt.Term // bit-vector subterms, arguments before applications
	seen  map[*smt.Term]bool
	why   string
	big   bool // too many terms for the interval analysis
	graph orderGraph
}

// refute says whether the conjunction of conj is unsat by the rules above,
// and why.
func refute(conj []*smt.Term) (string, bool) { return new(refuter).refute(conj) }

// refute is [refute] with r's room.
func (r *refuter) refute(conj []*smt.Term) (string, bool) {
	if r.lits == nil || max(len(r.lits), len(r.dom), len(r.seen)) > refuteKeepRoom {
		// clearing a map costs its room: a huge query's is not kept
		r.lits, r.dom, r.seen = map[*smt.Term]bool{}, map[*smt.Term]fuzzysat.IntervalSet{}, map[*smt.Term]bool{}
		r.graph = orderGraph{}
	}
	clear(r.lits)
	clear(r.dom)
	clear(r.seen)
	r.rels, r.order, r.why, r.big = r.rels[:0], r.order[:0], "", false
	for _, t := range conj {
		if r.add(t, true) {
			return r.why, true
		}
	}
	if r.orderConflict() {
		return r.why, true
	}
	if r.big {
		return "", false
	}
	for _, x := range r.rels {
		r.visit(x.a)
		r.visit(x.b)
		if r.big {
			return "", false
		}
	}
	for range refuteRounds {
		changed, empty := r.round()
		if empty {
			return r.why, true
		}
		if !changed {
			break
		}
	}
	return "", false
}

// add records t (or its negation when pos is false) as a conjunct; it
// reports a contradiction.
func (r *refuter) add(t *smt.Term, pos bool) bool {
	for t.Kind() == smt.App && t.Op() == smt.OpNot {
		t, pos = t.Arg(0), !pos
	}
	if t.Kind() == smt.App {
		switch {
		case t.Op() == smt.OpTrue || t.Op() == smt.OpFalse:
			if (t.Op() == smt.OpTrue) != pos {
				r.why = "a conjunct is false"
				return true
			}
			return false
		case t.Op() == smt.OpAnd && pos, t.Op() == smt.OpOr && !pos:
			for _, a := range t.Args() {
				if r.add(a, pos) {
					return true
				}
			}
			return false
		case t.Op() == smt.OpImplies && !pos && t.NumArgs() == 2:
			return r.add(t.Arg(0), true) || r.add(t.Arg(1), false)
		}
	}
	if p, ok := r.lits[t]; ok {
		if p != pos {
			r.why = "a conjunct and its negation"
			return true
		}
		return false
	}
	r.lits[t] = pos
	r.atom(t, pos)
	return false
}

// atom records a comparison between two bit-vectors of at most 64 bits.
func (r *refuter) atom(t *smt.Term, pos bool) {
	if t.Kind() != smt.App || t.NumArgs() != 2 {
		return
	}
	a, b := t.Arg(0), t.Arg(1)
	if a.Sort().Kind != smt.KindBitVec || a.Sort().Width > 64 {
		return
	}
	var x rel
	switch t.Op() {
	case smt.OpEq, smt.OpDistinct:
		x = rel{relEq, a, b}
		if pos == (t.Op() == smt.OpDistinct) {
			x.op = relNe
		}
	case smt.OpBVUle, smt.OpBVUge, smt.OpBVUlt, smt.OpBVUgt, smt.OpBVSle, smt.OpBVSge, smt.OpBVSlt, smt.OpBVSgt:
		op := t.Op()
		if op == smt.OpBVUge || op == smt.OpBVUgt || op == smt.OpBVSge || op == smt.OpBVSgt {
			a, b = b, a // a ≥ b is b ≤ a
		}
		strict := op == smt.OpBVUlt || op == smt.OpBVUgt || op == smt.OpBVSlt || op == smt.OpBVSgt
		signed := op == smt.OpBVSle || op == smt.OpBVSge || op == smt.OpBVSlt || op == smt.OpBVSgt
		if !pos { // ¬(a ≤ b) is b < a; ¬(a < b) is b ≤ a
			a, b, strict = b, a, !strict
		}
		x = rel{relULE, a, b}
		switch {
		case signed && strict:
			x.op = relSLT
		case signed:
			x.op = relSLE
		case strict:
			x.op = relULT
		}
	default:
		return
	}
	r.rels = append(r.rels, x)
}

// orderConflict looks for a strict comparison or a disequality between two
// terms that the comparisons force equal: both in one strongly connected
// component of the ≤ graph (unsigned and signed apart; = counts in both).
func (r *refuter) orderConflict() bool {
	for _, signed := range []bool{false, true} {
		g := &r.graph
		g.reset()
		for _, x := range r.rels {
			switch {
			case x.op == relEq:
				g.edge(x.a, x.b)
				g.edge(x.b, x.a)
			case (x.op == relULE || x.op == relULT) && !signed, (x.op == relSLE || x.op == relSLT) && signed:
				g.edge(x.a, x.b)
			}
		}
		comp := g.components()
		for _, x := range r.rels {
			ca, oka := comp[x.a]
			cb, okb := comp[x.b]
			if !oka || !okb || ca != cb {
				continue
			}
			switch {
			case x.op == relNe:
				r.why = "a disequality between terms that comparisons force equal"
				return true
			case x.op == relULT && !signed, x.op == relSLT && signed:
				r.why = "a cycle of comparisons with a strict one"
				return true
			}
		}
		if g.nodes > refuteMaxTerms {
			r.big = true
		}
	}
	return false
}

// orderGraph is a directed graph on terms; components are Tarjan's.
type orderGraph struct {
	id    map[*smt.Term]int
	out   [][]int
	nodes int
}

func (g *orderGraph) reset() {
	if g.id == nil {
		g.id = map[*smt.Term]int{}
	}
	clear(g.id)
	for i := range g.out {
		g.out[i] = g.out[i][:0]
	}
	g.out, g.nodes = g.out[:0], 0
}

func (g *orderGraph) node(t *smt.Term) int {
	if i, ok := g.id[t]; ok {
		return i
	}
	g.id[t] = g.nodes
	g.nodes++
	if len(g.out) < cap(g.out) {
		g.out = g.out[:len(g.out)+1] // keeps the old edge list's room, emptied by reset
	} else {
		g.out = append(g.out, nil)
	}
	return g.nodes - 1
}

func (g *orderGraph) edge(a, b *smt.Term) {
	i, j := g.node(a), g.node(b)
	g.out[i] = append(g.out[i], j)
}

// components maps each term to its strongly connected component (an
// iterative Tarjan: no recursion, whatever the graph's depth).
func (g *orderGraph) components() map[*smt.Term]int {
	n := g.nodes
	index, low, comp := make([]int, n), make([]int, n), make([]int, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	onStack := make([]bool, n)
	var stack []int
	type frame struct{ v, next int }
	next, ncomp := 0, 0
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		call := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.next < len(g.out[f.v]) {
				w := g.out[f.v][f.next]
				f.next++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				case onStack[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
		}
	}
	out := make(map[*smt.Term]int, n)
	for t, i := range g.id {
		out[t] = comp[i]
	}
	return out
}

// visit adds t and its bit-vector subterms to the analysis, arguments
// first (iteratively: terms may be deep).
func (r *refuter) visit(root *smt.Term) {
	type frame struct {
		t    *smt.Term
		next int
	}
	if r.seen[root] {
		return
	}
	r.seen[root] = true
	stack := []frame{{root, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.t.Kind() == smt.App && f.next < f.t.NumArgs() {
			a := f.t.Arg(f.next)
			f.next++
			if a.Sort().Kind == smt.KindBitVec && a.Sort().Width <= 64 && !r.seen[a] {
				r.seen[a] = true
				stack = append(stack, frame{a, 0})
			}
			continue
		}
		r.order = append(r.order, f.t)
		stack = stack[:len(stack)-1]
		if len(r.order) > refuteMaxTerms {
			r.big = true
			return
		}
	}
}

// round is one round of propagation: forward through the terms, the
// comparisons, backward through the terms. It reports whether a set
// changed and whether one became empty.
func (r *refuter) round() (changed, empty bool) {
	meet := func(t *smt.Term, s fuzzysat.IntervalSet) bool {
		old := r.get(t)
		if len(s.Ivs) == 1 && s.Ivs[0].Lo == 0 && s.Ivs[0].Hi == maxW(s.W) || subset(old, s) {
			return false
		}
		n := old.Intersect(s)
		if n.Empty() {
			r.why = fmt.Sprintf("no value of a %d-bit term satisfies the comparisons", t.Sort().Width)
			empty = true
			return true
		}
		if !slices.Equal(n.Ivs, old.Ivs) {
			r.dom[t] = n
			changed = true
		}
		return false
	}
	for _, t := range r.order {
		if meet(t, r.forward(t)) {
			return
		}
	}
	for _, x := range r.rels {
		sa, sb := r.relate(x)
		if meet(x.a, sa) || meet(x.b, sb) {
			return
		}
	}
	for i := len(r.order) - 1; i >= 0; i-- {
		t := r.order[i]
		if t.Kind() != smt.App {
			continue
		}
		for j, s := range r.backward(t) {
			if s != nil && meet(t.Arg(j), *s) {
				return
			}
		}
	}
	return
}

// get is the set of values of t (a literal's own value).
func (r *refuter) get(t *smt.Term) fuzzysat.IntervalSet {
	if s, ok := r.dom[t]; ok {
		return s
	}
	w := t.Sort().Width
	if t.Kind() == smt.Literal {
		if v := t.BigInt(); v != nil && v.IsUint64() {
			s := fuzzysat.IntervalSet{W: w, Ivs: []fuzzysat.Interval{{Lo: v.Uint64(), Hi: v.Uint64()}}}
			r.dom[t] = s
			return s
		}
	}
	return full(w)
}

// fullIvs are the one-interval lists of every value, per width, shared
// (interval sets are never changed in place): full allocates nothing.
var fullIvs = func() (out [65][]fuzzysat.Interval) {
	for w := range out {
		out[w] = []fuzzysat.Interval{{Lo: 0, Hi: maxW(w)}}
	}
	return out
}()

func full(w int) fuzzysat.IntervalSet { return fuzzysat.IntervalSet{W: w, Ivs: fullIvs[w]} }

// subset says whether every value of a is in b (without allocating: most
// narrowings change nothing).
func subset(a, b fuzzysat.IntervalSet) bool {
	j := 0
	for _, iv := range a.Ivs {
		for j < len(b.Ivs) && b.Ivs[j].Hi < iv.Lo {
			j++
		}
		if j == len(b.Ivs) || b.Ivs[j].Lo > iv.Lo || b.Ivs[j].Hi < iv.Hi {
			return false
		}
	}
	return true
}

func maxW(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func span(w int, lo, hi uint64) fuzzysat.IntervalSet {
	if lo > hi {
		return fuzzysat.IntervalSet{W: w}
	}
	return fuzzysat.IntervalSet{W: w, Ivs: []fuzzysat.Interval{{Lo: lo, Hi: hi}}}
}

func single(s fuzzysat.IntervalSet) (uint64, bool) {
	if len(s.Ivs) == 1 && s.Ivs[0].Lo == s.Ivs[0].Hi {
		return s.Ivs[0].Lo, true
	}
	return 0, false
}

// addSets is {a + b mod 2^w}: exact when one is a single value, else the
// wrapped sum of the hulls when it does not cover every value.
func addSets(a, b fuzzysat.IntervalSet) fuzzysat.IntervalSet {
	w := a.W
	if a.Empty() || b.Empty() {
		return fuzzysat.IntervalSet{W: w}
	}
	if c, ok := single(b); ok {
		return a.Shift(c)
	}
	if c, ok := single(a); ok {
		return b.Shift(c)
	}
	m := maxW(w)
	sa, sb := a.Max()-a.Min(), b.Max()-b.Min()
	if s, carry := bits.Add64(sa, sb, 0); carry != 0 || s >= m {
		return full(w)
	}
	return fuzzysat.Wrapped(w, (a.Min()+b.Min())&m, (a.Max()+b.Max())&m)
}

func union(a, b fuzzysat.IntervalSet) fuzzysat.IntervalSet {
	return a.Complement().Intersect(b.Complement()).Complement()
}

// forward is the set of values of application t from its arguments'.
func (r *refuter) forward(t *smt.Term) fuzzysat.IntervalSet {
	w := t.Sort().Width
	all := full(w)
	if t.Kind() == smt.Literal {
		return r.get(t)
	}
	if t.Kind() != smt.App || t.Func() != nil {
		return all
	}
	args := t.Args()
	for _, a := range args {
		if a.Sort().Kind != smt.KindBitVec || a.Sort().Width > 64 {
			if t.Op() != smt.OpIte || a != args[0] {
				return all
			}
		}
	}
	arg := func(i int) fuzzysat.IntervalSet { return r.get(args[i]) }
	switch t.Op() {
	case smt.OpZeroExtend:
		x := arg(0)
		return fuzzysat.IntervalSet{W: w, Ivs: slices.Clone(x.Ivs)}
	case smt.OpSignExtend:
		x := arg(0)
		if x.Max() < uint64(1)<<uint(args[0].Sort().Width-1) {
			return fuzzysat.IntervalSet{W: w, Ivs: slices.Clone(x.Ivs)}
		}
	case smt.OpConcat:
		if len(args) == 2 {
			a, b := arg(0), arg(1)
			wb := uint(args[1].Sort().Width)
			return span(w, a.Min()<<wb|b.Min(), a.Max()<<wb|b.Max())
		}
	case smt.OpExtract:
		x, idx := arg(0), t.Indices()
		hi, lo := uint(idx[0]), uint(idx[1])
		if hi+1 >= 64 || x.Min()>>(hi+1) == x.Max()>>(hi+1) {
			m := maxW(w)
			return span(w, (x.Min()>>lo)&m, (x.Max()>>lo)&m)
		}
	case smt.OpBVAdd:
		s := arg(0)
		for i := 1; i < len(args); i++ {
			s = addSets(s, arg(i))
		}
		return s
	case smt.OpBVSub:
		if len(args) == 2 {
			return addSets(arg(0), arg(1).Negate())
		}
	case smt.OpBVNeg:
		return arg(0).Negate()
	case smt.OpBVAnd:
		hi := maxW(w)
		for i := range args {
			hi = min(hi, arg(i).Max())
		}
		return span(w, 0, hi)
	case smt.OpBVOr:
		var lo, or uint64
		for i := range args {
			lo, or = max(lo, arg(i).Min()), or|arg(i).Max()
		}
		return span(w, lo, smear(or))
	case smt.OpBVShl, smt.OpBVLshr, smt.OpBVUdiv, smt.OpBVUrem:
		c, ok := single(arg(1))
		if !ok {
			break
		}
		x := arg(0)
		switch t.Op() {
		case smt.OpBVShl:
			if c >= uint64(w) {
				return span(w, 0, 0)
			}
			if x.Max() <= maxW(w)>>c {
				return span(w, x.Min()<<c, x.Max()<<c)
			}
		case smt.OpBVLshr:
			if c >= uint64(w) {
				return span(w, 0, 0)
			}
			return span(w, x.Min()>>c, x.Max()>>c)
		case smt.OpBVUdiv:
			if c > 0 {
				return span(w, x.Min()/c, x.Max()/c)
			}
		case smt.OpBVUrem:
			if c > 0 {
				return span(w, 0, min(c-1, x.Max()))
			}
		}
	case smt.OpIte:
		if p, ok := r.decide(args[0]); ok {
			if p {
				return arg(1)
			}
			return arg(2)
		}
		return union(arg(1), arg(2))
	}
	return all
}

// decide says whether condition c holds in every model (true), in none
// (false), or neither (ok false): an asserted atom, its negation, or a
// comparison between bit-vectors whose sets decide it (x <u 0 never holds).
func (r *refuter) decide(c *smt.Term) (value, ok bool) {
	neg := false
	for c.Kind() == smt.App && c.Op() == smt.OpNot {
		c, neg = c.Arg(0), !neg
	}
	if p, found := r.lits[c]; found {
		return p != neg, true
	}
	if c.Kind() != smt.App || c.NumArgs() != 2 || c.Arg(0).Sort().Kind != smt.KindBitVec || c.Arg(0).Sort().Width > 64 {
		return false, false
	}
	a, b := r.get(c.Arg(0)), r.get(c.Arg(1))
	op := c.Op()
	if op == smt.OpBVUgt || op == smt.OpBVUge || op == smt.OpBVSgt || op == smt.OpBVSge {
		a, b = b, a
	}
	switch op {
	case smt.OpBVSlt, smt.OpBVSle, smt.OpBVSgt, smt.OpBVSge:
		sb := uint64(1) << uint(a.W-1)
		a, b = a.Shift(sb), b.Shift(sb)
	}
	switch op {
	case smt.OpBVUlt, smt.OpBVUgt, smt.OpBVSlt, smt.OpBVSgt:
		value, ok = a.Max() < b.Min(), a.Max() < b.Min() || a.Min() >= b.Max()
	case smt.OpBVUle, smt.OpBVUge, smt.OpBVSle, smt.OpBVSge:
		value, ok = a.Max() <= b.Min(), a.Max() <= b.Min() || a.Min() > b.Max()
	case smt.OpEq:
		x, sa := single(a)
		y, sb := single(b)
		value, ok = sa && sb && x == y, sa && sb && x == y || a.Intersect(b).Empty()
	default:
		return false, false
	}
	return value != neg, ok
}

// smear sets every bit below the highest set bit of x.
func smear(x uint64) uint64 {
	if x == 0 {
		return 0
	}
	return ^uint64(0) >> uint(bits.LeadingZeros64(x))
}

// backward narrows the arguments of t from t's set: nil where it learns
// nothing.
func (r *refuter) backward(t *smt.Term) []*fuzzysat.IntervalSet {
	if t.Func() != nil || t.Sort().Kind != smt.KindBitVec {
		return nil
	}
	args := t.Args()
	for _, a := range args {
		if a.Sort().Kind != smt.KindBitVec || a.Sort().Width > 64 {
			return nil
		}
	}
	v := r.get(t)
	out := make([]*fuzzysat.IntervalSet, len(args))
	set := func(i int, s fuzzysat.IntervalSet) { out[i] = &s }
	switch t.Op() {
	case smt.OpZeroExtend:
		set(0, v.Narrow(args[0].Sort().Width))
	case smt.OpConcat:
		if len(args) == 2 {
			wb := uint(args[1].Sort().Width)
			set(0, span(args[0].Sort().Width, v.Min()>>wb, v.Max()>>wb))
			if c, ok := single(v); ok {
				set(1, span(int(wb), c&maxW(int(wb)), c&maxW(int(wb))))
			}
		}
	case smt.OpBVAdd:
		if len(args) == 2 {
			set(0, addSets(v, r.get(args[1]).Negate()))
			set(1, addSets(v, r.get(args[0]).Negate()))
		}
	case smt.OpBVSub:
		if len(args) == 2 { // t = a − b: a = t + b, b = a − t
			set(0, addSets(v, r.get(args[1])))
			set(1, addSets(r.get(args[0]), v.Negate()))
		}
	case smt.OpBVNeg:
		set(0, v.Negate())
	case smt.OpBVOr: // each argument is at most the result
		for i := range args {
			set(i, span(t.Sort().Width, 0, v.Max()))
		}
	case smt.OpBVAnd: // each argument is at least the result
		for i := range args {
			set(i, span(t.Sort().Width, v.Min(), maxW(t.Sort().Width)))
		}
	case smt.OpBVLshr:
		if c, ok := single(r.get(args[1])); ok && c < uint64(t.Sort().Width) {
			w := t.Sort().Width
			if v.Max() <= maxW(w)>>c {
				set(0, span(w, v.Min()<<c, v.Max()<<c|(uint64(1)<<c-1)))
			}
		}
	}
	return out
}

// relate narrows both sides of a comparison: the sets of a and b it
// allows.
func (r *refuter) relate(x rel) (fuzzysat.IntervalSet, fuzzysat.IntervalSet) {
	a, b := r.get(x.a), r.get(x.b)
	w := a.W
	switch x.op {
	case relEq:
		s := a.Intersect(b)
		return s, s
	case relNe:
		if c, ok := single(b); ok {
			a = a.Intersect(span(w, c, c).Complement())
		}
		if c, ok := single(a); ok {
			b = b.Intersect(span(w, c, c).Complement())
		}
		return a, b
	case relULE, relULT:
		return ule(a, b, x.op == relULT)
	default: // signed: flipping the sign bit (adding 2^(w−1)) makes them unsigned
		sb := uint64(1) << uint(w-1)
		fa, fb := ule(a.Shift(sb), b.Shift(sb), x.op == relSLT)
		return fa.Shift(sb), fb.Shift(sb)
	}
}

// ule narrows a ≤ b (a < b when strict), unsigned.
func ule(a, b fuzzysat.IntervalSet, strict bool) (fuzzysat.IntervalSet, fuzzysat.IntervalSet) {
	w := a.W
	hi, lo := b.Max(), a.Min()
	if strict {
		if hi == 0 || lo == maxW(w) {
			return fuzzysat.IntervalSet{W: w}, fuzzysat.IntervalSet{W: w}
		}
		hi, lo = hi-1, lo+1
	}
	return a.Intersect(span(w, 0, hi)), b.Intersect(span(w, lo, maxW(w)))
}
