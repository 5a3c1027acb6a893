package diver

import (
	"math"
	"math/big"
	"math/bits"
	"slices"

	"tandem/smt"
)

// RangeKind is the shape of a SatPreservingRange.
type RangeKind uint8

// The shapes of ranges (paper §IV-A, abstract domains B̂, intervals, Ŝ).
const (
	// RangeTop is ⊤: any value keeps the formula true (Bool ⊤, [−∞,+∞], Σ*).
	RangeTop RangeKind = iota
	// RangeTrue and RangeFalse are truê and falsê.
	RangeTrue
	RangeFalse
	// RangeInterval is [Lo, Hi] over Int, Real or a bit-vector's unsigned
	// (or, with Signed, two's-complement) value; a nil bound is infinite.
	RangeInterval
	// RangePrefix is the language Prefix·Σ*.
	RangePrefix
	// RangeFirst is the language X·Σ* where X is the set of characters
	// strictly between First and Last (either may be -1: unbounded).
	RangeFirst
	// RangeRegex is the language of the RegLan term Regex.
	RangeRegex
	// RangePoint pins the subterm to Value (Table II's fallback for sorts
	// without an interval domain; Int and Real points are intervals).
	RangePoint
)

// SatPreservingRange is C(l) of the pre-analysis (Alg. 2): any term q put at
// label l whose value under M lies in the range keeps M ⊨ φ[q/p], provided
// that nothing else changes (Proposition 1). DIVER uses it only to weight
// the choice of target and inside Complicate; acceptance of a mutant always
// comes from evaluating the whole mutant.
type SatPreservingRange struct {
	Kind   RangeKind
	Lo, Hi *big.Rat
	Signed bool
	Prefix []rune
	First  rune
	Last   rune
	Regex  *smt.Term
	Value  smt.Value
}

func top() SatPreservingRange { return SatPreservingRange{Kind: RangeTop} }
func boolRange(b bool) SatPreservingRange {
	if b {
		return SatPreservingRange{Kind: RangeTrue}
	}
	return SatPreservingRange{Kind: RangeFalse}
}
func interval(lo, hi *big.Rat) SatPreservingRange {
	if lo == nil && hi == nil {
		return top()
	}
	return SatPreservingRange{Kind: RangeInterval, Lo: lo, Hi: hi}
}

// pin is Table II's fallback: the subterm keeps its current value.
func pin(v smt.Value) SatPreservingRange {
	if v == nil {
		return SatPreservingRange{Kind: RangePoint}
	}
	switch x := v.(type) {
	case smt.BoolValue:
		return boolRange(bool(x))
	case smt.IntValue, smt.RealValue:
		r := numRat(v)
		return interval(r, r)
	case smt.BVValue:
		r := new(big.Rat).SetInt(x.V)
		return interval(r, r)
	}
	return SatPreservingRange{Kind: RangePoint, Value: v}
}

// Contains reports whether the value v lies in the range (α(v) ⊑ C(l)).
func (c SatPreservingRange) Contains(v smt.Value) bool {
	switch c.Kind {
	case RangeTop:
		return true
	case RangeTrue, RangeFalse:
		b, ok := v.(smt.BoolValue)
		return ok && bool(b) == (c.Kind == RangeTrue)
	case RangeInterval:
		var r *big.Rat
		switch x := v.(type) {
		case smt.IntValue, smt.RealValue:
			r = numRat(v)
		case smt.BVValue:
			r = new(big.Rat).SetInt(x.V)
			if c.Signed {
				r = new(big.Rat).SetInt(signedBV(x))
			}
		default:
			return false
		}
		return (c.Lo == nil || c.Lo.Cmp(r) <= 0) && (c.Hi == nil || r.Cmp(c.Hi) <= 0)
	case RangePrefix:
		s, ok := v.(smt.StringValue)
		if !ok || len(s.Runes) < len(c.Prefix) {
			return false
		}
		for i, r := range c.Prefix {
			if s.Runes[i] != r {
				return false
			}
		}
		return true
	case RangeFirst:
		s, ok := v.(smt.StringValue)
		if !ok || len(s.Runes) == 0 {
			return false
		}
		r := s.Runes[0]
		return (c.First < 0 || r > c.First) && (c.Last < 0 || r < c.Last)
	case RangePoint:
		return c.Value != nil && smt.ValueEqual(c.Value, v)
	}
	return false // RangeRegex: not decided here (the evaluator decides)
}

func numRat(v smt.Value) *big.Rat {
	switch x := v.(type) {
	case smt.IntValue:
		return new(big.Rat).SetInt(x.V)
	case smt.RealValue:
		return x.V
	}
	return nil
}

func signedBV(v smt.BVValue) *big.Int {
	if v.V.Bit(v.W-1) == 0 {
		return v.V
	}
	return new(big.Int).Sub(v.V, new(big.Int).Lsh(big.NewInt(1), uint(v.W)))
}

// Valuer gives the value under M of a subterm of the formula.
type Valuer func(t *smt.Term) smt.Value

// PreAnalysis computes C for every label of f under the model given by val
// (Alg. 2): C(root) = truê, and each node's range follows from its parent's
// by the rules of Tables I and II (the ones the paper leaves out derived on
// the same principle: {v : op(v, M(siblings)) ∈ C(parent)}). The result is
// indexed by Label. A virtual root (the conjunction of several assertions)
// gets truê like a real one.
func PreAnalysis(st *smt.Store, f *Formula, val Valuer) []SatPreservingRange {
	return preAnalysis(st, f, val, nil)
}

// rangeMemo holds the ranges of analysed subtrees (in preorder) by their
// term and the range of their root, for subtrees whose root range has no
// payload (⊤, truê, falsê): the ranges below a node are a function of its
// term, its range and M, and M only grows by fresh constants, which no
// memoized term mentions. A mutant shares all but the path to its
// target with its parent, so its pre-analysis recomputes that path and
// copies the rest. Bounded: subtrees up to memoMaxSubtree nodes, at most
// memoMaxRanges ranges in all (then nothing more is added).
type rangeMemo struct {
	m     map[memoKey][]SatPreservingRange
	total int
	// sizes are the tree sizes of the lineage's terms (lazyFormula)
	sizes map[*smt.Term]int
}

type memoKey struct {
	t    *smt.Term
	kind RangeKind
}

const (
	memoMaxSubtree = 4096
	memoMaxRanges  = 1 << 18
)

func newRangeMemo() *rangeMemo {
	return &rangeMemo{m: map[memoKey][]SatPreservingRange{}, sizes: map[*smt.Term]int{}}
}

// preAnalysis is PreAnalysis with a memo (nil: none).
func preAnalysis(st *smt.Store, f *Formula, val Valuer, memo *rangeMemo) []SatPreservingRange {
	c := make([]SatPreservingRange, len(f.Nodes))
	c[0] = boolRange(true)
	var walk func(n *Node)
	walk = func(n *Node) {
		if len(n.Args) == 0 {
			return
		}
		cp := c[n.Label]
		var key memoKey
		end := 0
		if memo != nil && (cp.Kind == RangeTop || cp.Kind == RangeTrue || cp.Kind == RangeFalse) {
			key = memoKey{n.Term, cp.Kind}
			if sub, ok := memo.m[key]; ok {
				copy(c[n.Label:], sub)
				return
			}
			last := n
			for len(last.Args) > 0 {
				last = last.Args[len(last.Args)-1]
			}
			end = last.Label + 1
		}
		ranges := childRanges(st, n, cp, val)
		for i, a := range n.Args {
			c[a.Label] = ranges[i]
			walk(a)
		}
		// not the root, nor subtrees as large as half the formula: the next
		// mutant changes its root and the top of the path, so those would
		// only fill the memo
		if size := end - n.Label; end > 0 && n.Label > 0 && size <= min(memoMaxSubtree, len(c)/2) && memo.total+size <= memoMaxRanges {
			memo.m[key] = append([]SatPreservingRange(nil), c[n.Label:end]...)
			memo.total += size
		}
	}
	walk(f.Root)
	return c
}

// pathRange is C at the end of a path from root (argument indices, one
// per level): the rules applied along the path only, which is what
// PreAnalysis gives that label, without analysing the rest of the
// formula. ⊤ when the path does not fit the term.
func pathRange(st *smt.Store, root *smt.Term, path []int, val Valuer) SatPreservingRange {
	cp, t := boolRange(true), root
	for _, i := range path {
		if i < 0 || i >= t.NumArgs() {
			return top()
		}
		cp = childRanges(st, &Node{Term: t}, cp, val)[i]
		t = t.Args()[i]
	}
	return cp
}

// pathTo is the argument indices from the root of n's formula to n.
func pathTo(n *Node) []int {
	var path []int
	for ; n.Parent != nil; n = n.Parent {
		path = append(path, n.Index)
	}
	slices.Reverse(path)
	return path
}

// childRanges applies the rule of n's operator: the ranges of its
// arguments given the range cp of n.
func childRanges(st *smt.Store, n *Node, cp SatPreservingRange, val Valuer) []SatPreservingRange {
	args := n.Term.Args()
	out := make([]SatPreservingRange, len(args))
	if cp.Kind == RangeTop {
		for i := range out {
			out[i] = top()
		}
		return out
	}
	pinAll := func() []SatPreservingRange {
		for i, a := range args {
			out[i] = pin(val(a))
		}
		return out
	}
	if n.Term.Func() != nil {
		return pinAll()
	}
	vals := make([]smt.Value, len(args))
	for i, a := range args {
		vals[i] = val(a)
		if _, undef := vals[i].(smt.Undefined); undef || vals[i] == nil {
			return pinAll()
		}
	}
	bools := func() ([]bool, bool) {
		bs := make([]bool, len(vals))
		for i, v := range vals {
			b, ok := v.(smt.BoolValue)
			if !ok {
				return nil, false
			}
			bs[i] = bool(b)
		}
		return bs, true
	}
	isTrue := cp.Kind == RangeTrue
	isBoolParent := cp.Kind == RangeTrue || cp.Kind == RangeFalse
	switch op := n.Term.Op(); op {
	case smt.OpNot:
		if isBoolParent {
			out[0] = boolRange(!isTrue)
			return out
		}
	case smt.OpAnd, smt.OpOr:
		bs, ok := bools()
		if !ok || !isBoolParent {
			break
		}
		// and under truê / or under falsê: every argument keeps its value.
		neutral := op == smt.OpAnd // the value every argument has when the parent is "all"
		if isTrue == neutral {
			for i := range out {
				out[i] = boolRange(neutral)
			}
			return out
		}
		// and under falsê / or under truê: the deciding arguments.
		var deciding []int
		for i, b := range bs {
			if b != neutral {
				deciding = append(deciding, i)
			}
		}
		for i := range out {
			out[i] = top()
		}
		if len(deciding) == 1 { // only that one must keep its value
			out[deciding[0]] = boolRange(!neutral)
		}
		return out // two or more deciding: changing one site keeps another
	case smt.OpImplies:
		bs, ok := bools()
		if !ok || !isBoolParent || len(bs) != 2 {
			break
		}
		if !isTrue { // a => b false: a true, b false
			out[0], out[1] = boolRange(true), boolRange(false)
			return out
		}
		// (or (not a) b): deciding disjuncts are ¬a (a false) and b (b true).
		dA, dB := !bs[0], bs[1]
		out[0], out[1] = top(), top()
		switch {
		case dA && !dB:
			out[0] = boolRange(false)
		case dB && !dA:
			out[1] = boolRange(true)
		}
		return out
	case smt.OpXor:
		// Every argument flips the result: pin them.
	case smt.OpEq:
		if !isBoolParent {
			break
		}
		if isTrue {
			for i := range out {
				out[i] = pin(vals[0])
			}
			return out
		}
		if len(args) == 2 {
			if b, ok := vals[1].(smt.BoolValue); ok {
				out[0] = boolRange(!bool(b))
				out[1] = boolRange(!bool(vals[0].(smt.BoolValue)))
				return out
			}
		}
	case smt.OpIte:
		c, ok := vals[0].(smt.BoolValue)
		if !ok {
			break
		}
		out[0] = boolRange(bool(c))
		if c {
			out[1], out[2] = cp, top()
		} else {
			out[1], out[2] = top(), cp
		}
		return out
	case smt.OpLe, smt.OpLt, smt.OpGe, smt.OpGt:
		if isBoolParent && chainRanges(out, args, vals, op, isTrue) {
			return out
		}
	case smt.OpBVUle, smt.OpBVUlt, smt.OpBVUge, smt.OpBVUgt, smt.OpBVSle, smt.OpBVSlt, smt.OpBVSge, smt.OpBVSgt:
		if isBoolParent && bvCompareRanges(out, args, vals, op, isTrue) {
			return out
		}
	case smt.OpAdd, smt.OpSub, smt.OpNeg:
		if cp.Kind == RangeInterval && arithRanges(out, vals, op, cp) {
			return out
		}
	case smt.OpToReal:
		if cp.Kind == RangeInterval {
			out[0] = cp
			return out
		}
	case smt.OpStrLt, smt.OpStrLe:
		if isBoolParent && len(args) == 2 {
			strLessRanges(out, vals, op == smt.OpStrLe, isTrue)
			return out
		}
	case smt.OpStrPrefixOf:
		if isTrue {
			a := vals[0].(smt.StringValue)
			out[0] = pin(vals[0])
			out[1] = SatPreservingRange{Kind: RangePrefix, Prefix: a.Runes}
			return out
		}
	case smt.OpStrInRe:
		if isBoolParent {
			re := args[1]
			if !isTrue {
				if t, err := st.Apply(smt.OpReComp, nil, re); err == nil {
					re = t
				} else {
					break
				}
			}
			out[0] = SatPreservingRange{Kind: RangeRegex, Regex: re}
			out[1] = pin(vals[1])
			return out
		}
	}
	return pinAll()
}

// chainRanges handles <, <=, >, >= over Int and Real, chains included:
// with the parent truê, each argument lies between its neighbours' values;
// with falsê (two arguments), the comparison's negation (Table I's ≥ rule,
// n = 1 for Int and 10⁻⁶ for Real).
func chainRanges(out []SatPreservingRange, args []*smt.Term, vals []smt.Value, op smt.Op, isTrue bool) bool {
	n := len(args)
	gap := big.NewRat(1, 1)
	for _, a := range args {
		if a.Sort().Kind == smt.KindReal {
			gap, _ = new(big.Rat).SetString(RealStrictGap)
		}
	}
	strict := op == smt.OpLt || op == smt.OpGt
	// pos(i) is the position of argument i in ascending order.
	asc := op == smt.OpLe || op == smt.OpLt
	at := func(k int) int { // argument at ascending position k
		if asc {
			return k
		}
		return n - 1 - k
	}
	rats := make([]*big.Rat, n)
	for i, v := range vals {
		rats[i] = numRat(v)
		if rats[i] == nil {
			return false
		}
	}
	if isTrue {
		for k := 0; k < n; k++ {
			i := at(k)
			var lo, hi *big.Rat
			if k > 0 {
				lo = new(big.Rat).Set(rats[at(k-1)])
				if strict {
					lo.Add(lo, gap)
				}
			}
			if k < n-1 {
				hi = new(big.Rat).Set(rats[at(k+1)])
				if strict {
					hi.Sub(hi, gap)
				}
			}
			out[i] = interval(lo, hi)
		}
		return true
	}
	if n != 2 {
		return false
	}
	// ¬(low R high): low > high (R is ≤) or low ≥ high (R is <).
	low, high := at(0), at(1)
	lo := new(big.Rat).Set(rats[high])
	hi := new(big.Rat).Set(rats[low])
	if !strict {
		lo.Add(lo, gap)
		hi.Sub(hi, gap)
	}
	out[low] = interval(lo, nil)
	out[high] = interval(nil, hi)
	return true
}

// bvCompareRanges is chainRanges for the bit-vector comparisons on the
// unsigned (bvu*) or two's-complement (bvs*) value, clipped to the width's
// range (the paper's BV sketch: bvuge truê gives [M(y), 2ⁿ−1] and [0, M(x)]).
func bvCompareRanges(out []SatPreservingRange, args []*smt.Term, vals []smt.Value, op smt.Op, isTrue bool) bool {
	signed := op == smt.OpBVSle || op == smt.OpBVSlt || op == smt.OpBVSge || op == smt.OpBVSgt
	var x, y *big.Rat
	for i, v := range vals {
		b, ok := v.(smt.BVValue)
		if !ok {
			return false
		}
		iv := b.V
		if signed {
			iv = signedBV(b)
		}
		if i == 0 {
			x = new(big.Rat).SetInt(iv)
		} else {
			y = new(big.Rat).SetInt(iv)
		}
	}
	w := args[0].Sort().Width
	var min, max *big.Rat
	if signed {
		h := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
		min = new(big.Rat).SetInt(new(big.Int).Neg(h))
		max = new(big.Rat).SetInt(new(big.Int).Sub(h, big.NewInt(1)))
	} else {
		min = new(big.Rat)
		max = new(big.Rat).SetInt(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1)))
	}
	num := []smt.Value{smt.IntValue{V: ratInt(x)}, smt.IntValue{V: ratInt(y)}}
	var cop smt.Op
	switch op {
	case smt.OpBVUle, smt.OpBVSle:
		cop = smt.OpLe
	case smt.OpBVUlt, smt.OpBVSlt:
		cop = smt.OpLt
	case smt.OpBVUge, smt.OpBVSge:
		cop = smt.OpGe
	default:
		cop = smt.OpGt
	}
	if !chainRanges(out, args, num, cop, isTrue) {
		return false
	}
	for i := range out {
		r := out[i]
		lo, hi := r.Lo, r.Hi
		if lo == nil || lo.Cmp(min) < 0 {
			lo = min
		}
		if hi == nil || hi.Cmp(max) > 0 {
			hi = max
		}
		out[i] = SatPreservingRange{Kind: RangeInterval, Lo: lo, Hi: hi, Signed: signed}
	}
	return true
}

func ratInt(r *big.Rat) *big.Int { return new(big.Int).Set(r.Num()) }

// arithRanges is Table I's + rule (C(l3) −̂ [M(y),M(y)]) and its
// derivations for − and unary −.
func arithRanges(out []SatPreservingRange, vals []smt.Value, op smt.Op, cp SatPreservingRange) bool {
	if smallArithRanges(out, vals, op, cp) {
		return true
	}
	return ratArithRanges(out, vals, op, cp)
}

// ratArithRanges is arithRanges in big.Rat arithmetic.
func ratArithRanges(out []SatPreservingRange, vals []smt.Value, op smt.Op, cp SatPreservingRange) bool {
	rats := make([]*big.Rat, len(vals))
	for i, v := range vals {
		rats[i] = numRat(v)
		if rats[i] == nil {
			return false
		}
	}
	shift := func(lo, hi *big.Rat, d *big.Rat, neg bool) SatPreservingRange {
		// neg: d − [lo,hi] = [d−hi, d−lo]; otherwise [lo,hi] + d.
		var nlo, nhi *big.Rat
		if neg {
			if hi != nil {
				nlo = new(big.Rat).Sub(d, hi)
			}
			if lo != nil {
				nhi = new(big.Rat).Sub(d, lo)
			}
		} else {
			if lo != nil {
				nlo = new(big.Rat).Add(lo, d)
			}
			if hi != nil {
				nhi = new(big.Rat).Add(hi, d)
			}
		}
		return interval(nlo, nhi)
	}
	switch {
	case op == smt.OpNeg || (op == smt.OpSub && len(vals) == 1):
		out[0] = shift(cp.Lo, cp.Hi, new(big.Rat), true)
	case op == smt.OpAdd:
		// xi + others ∈ C ⇔ xi ∈ C − others, with others = sum − xi: one
		// pass for the sum, not one per argument (sums of hundreds of
		// terms occur in QF_LIA seeds)
		sum := new(big.Rat)
		for _, r := range rats {
			sum.Add(sum, r)
		}
		for i := range vals {
			d := new(big.Rat).Sub(rats[i], sum) // −others
			out[i] = shift(cp.Lo, cp.Hi, d, false)
		}
	case op == smt.OpSub:
		rest := new(big.Rat)
		for _, r := range rats[1:] {
			rest.Add(rest, r)
		}
		out[0] = shift(cp.Lo, cp.Hi, rest, false) // x0 − rest ∈ C ⇔ x0 ∈ C + rest
		for i := 1; i < len(vals); i++ {
			d := new(big.Rat).Set(rats[0]) // x0 − others − xi ∈ C ⇔ xi ∈ (x0 − others) − C
			for j := 1; j < len(vals); j++ {
				if j != i {
					d.Sub(d, rats[j])
				}
			}
			out[i] = shift(cp.Lo, cp.Hi, d, true)
		}
	default:
		return false
	}
	return true
}

// smallArithRanges is arithRanges in int64 arithmetic, where it fits:
// every value and bound is scaled by the least common denominator den of
// them all (den < 2⁴⁸), each scaled one must stay below 2⁶² in magnitude
// and no sum or difference may overflow (checked at each step). The
// intervals are the big.Rat path's (big.Rat arithmetic allocates several
// times per argument, and sums of hundreds of terms occur in QF_LIA seeds;
// QF_LRA's values are fractions such as 62831853/20000000). It reports
// false, having written nothing, when it does not apply.
func smallArithRanges(out []SatPreservingRange, vals []smt.Value, op smt.Op, cp SatPreservingRange) bool {
	const maxDen, maxScaled = 1 << 48, 1 << 62
	if len(vals) == 0 {
		return false
	}
	den := int64(1)
	withDen := func(r *big.Rat) bool { // den becomes lcm(den, r's denominator)
		if r == nil || r.IsInt() {
			return true
		}
		d := r.Denom()
		if d.BitLen() > 48 {
			return false
		}
		dv := d.Int64()
		hi, l := bits.Mul64(uint64(den/gcd64(den, dv)), uint64(dv))
		if hi != 0 || l > maxDen {
			return false
		}
		den = int64(l)
		return true
	}
	for _, v := range vals {
		switch x := v.(type) {
		case smt.IntValue:
		case smt.RealValue:
			if !withDen(x.V) {
				return false
			}
		default:
			return false
		}
	}
	if !withDen(cp.Lo) || !withDen(cp.Hi) {
		return false
	}
	// scaled is num/d × den (d nil: 1) when it is below 2⁶² in magnitude
	scaled := func(num, d *big.Int) (int64, bool) {
		if num.BitLen() > 62 {
			return 0, false
		}
		m := den
		if d != nil {
			m /= d.Int64()
		}
		n := num.Int64()
		hi, p := bits.Mul64(uint64(max(n, -n)), uint64(m))
		if hi != 0 || p >= maxScaled {
			return 0, false
		}
		if n < 0 {
			return -int64(p), true
		}
		return int64(p), true
	}
	bound := func(r *big.Rat) (int64, bool) {
		if r == nil {
			return 0, true
		}
		return scaled(r.Num(), r.Denom())
	}
	lo, okLo := bound(cp.Lo)
	hi, okHi := bound(cp.Hi)
	if !okLo || !okHi {
		return false
	}
	ok := true
	add := func(a, b int64) int64 { // a + b, clearing ok on overflow
		s := a + b
		if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
			ok = false
		}
		return s
	}
	sub := func(a, b int64) int64 {
		if b == math.MinInt64 {
			ok = false
			return 0
		}
		return add(a, -b)
	}
	xs := make([]int64, len(vals))
	var sum int64
	for i, v := range vals {
		var n int64
		var fits bool
		switch x := v.(type) {
		case smt.IntValue:
			n, fits = scaled(x.V, nil)
		case smt.RealValue:
			n, fits = scaled(x.V.Num(), x.V.Denom())
		}
		if !fits {
			return false
		}
		xs[i], sum = n, add(sum, n)
	}
	// ends[i] is argument i's interval, scaled: [lo,hi] + d, or with neg
	// d − [lo,hi] = [d−hi, d−lo] (an end exists where C has the bound it
	// comes from)
	type ends struct {
		lo, hi       int64
		hasLo, hasHi bool
	}
	res := make([]ends, len(vals))
	shift := func(i int, d int64, neg bool) {
		if neg {
			res[i] = ends{sub(d, hi), sub(d, lo), cp.Hi != nil, cp.Lo != nil}
		} else {
			res[i] = ends{add(lo, d), add(hi, d), cp.Lo != nil, cp.Hi != nil}
		}
	}
	switch {
	case op == smt.OpNeg || (op == smt.OpSub && len(vals) == 1):
		shift(0, 0, true)
	case op == smt.OpAdd:
		for i, x := range xs {
			shift(i, sub(x, sum), false) // xi ∈ C − others
		}
	case op == smt.OpSub:
		rest := sub(sum, xs[0])
		shift(0, rest, false) // x0 ∈ C + rest
		for i := 1; i < len(xs); i++ {
			shift(i, sub(xs[0], sub(rest, xs[i])), true) // xi ∈ (x0 − others) − C
		}
	default:
		return false
	}
	if !ok {
		return false
	}
	rat := func(n int64) *big.Rat {
		if den == 1 {
			return new(big.Rat).SetInt64(n)
		}
		return new(big.Rat).SetFrac64(n, den)
	}
	for i, e := range res {
		var nlo, nhi *big.Rat
		if e.hasLo {
			nlo = rat(e.lo)
		}
		if e.hasHi {
			nhi = rat(e.hi)
		}
		out[i] = interval(nlo, nhi)
	}
	return true
}

// gcd64 is the greatest common divisor of two positive numbers.
func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// strLessRanges is Table I's str.< rule: with M(x) < M(y) kept by a first
// character below (x) or above (y) the other's first character. The paper
// anchors both on M(y)[0]; y's anchor is M(x)[0]. When the anchor string is
// empty the rule has no first character: the argument is pinned, except
// where any string works.
func strLessRanges(out []SatPreservingRange, vals []smt.Value, orEqual, isTrue bool) {
	x, _ := vals[0].(smt.StringValue)
	y, _ := vals[1].(smt.StringValue)
	below := func(s []rune) SatPreservingRange { // {c < s[0]}·Σ*
		if len(s) == 0 {
			return SatPreservingRange{}
		}
		return SatPreservingRange{Kind: RangeFirst, First: -1, Last: s[0]}
	}
	above := func(s []rune) SatPreservingRange { // {c > s[0]}·Σ*
		if len(s) == 0 {
			return SatPreservingRange{Kind: RangeFirst, First: -1, Last: -1} // any nonempty string
		}
		return SatPreservingRange{Kind: RangeFirst, First: s[0], Last: -1}
	}
	pinOr := func(r SatPreservingRange, v smt.Value) SatPreservingRange {
		if r.Kind == RangeTop && r.First == 0 && r.Last == 0 && r.Lo == nil {
			return pin(v)
		}
		return r
	}
	if isTrue { // x < y (or ≤)
		out[0] = pinOr(below(y.Runes), vals[0])
		out[1] = above(x.Runes)
		if len(x.Runes) == 0 && orEqual {
			out[1] = top() // "" ≤ anything
		}
		return
	}
	// x ≥ y (or x > y for ≤)
	out[0] = above(y.Runes)
	if len(y.Runes) == 0 && !orEqual {
		out[0] = top() // anything ≥ ""
	}
	out[1] = pinOr(below(x.Runes), vals[1])
}
