package fuzzysat

import "tandem/smt"

// Shapes no fuzzing phase can win (decision 19): a branch condition that
// is false for every input, such as SAGE's
// `(= ((_ zero_extend 24) (ite (= x c1) #x01 (ite … #x00))) k)` with k
// none of the chain's values. Every phase mutates inputs, so none can
// make it true. The check runs when the phases that can prove unsat
// (simple-math, range-bf, range-bf-opt, byte-bf: a few hundred
// evaluations, far cheaper than a solver call) have had their turn, and
// skips the rest: gradient descent, AFL, havoc and multi-goal (about a
// thousand evaluations), so the fallback, when there is one, starts at
// once. Giving up is not a proof: the answer stays unknown unless the
// fallback decides. (Checked before the analysis instead, it sent 47
// more of the 1,117 -small queries to z3 that byte-bf and simple-math
// prove unsat in microseconds.)

// giveUpNeverTrue reports whether a conjunct of the goal is never true
// (neverTrue), counting it in Stats.NeverTrue; Options.NoGiveUp turns it
// off.
func (r *run) giveUpNeverTrue() bool {
	if r.opts.NoGiveUp {
		return false
	}
	for _, i := range r.goal {
		if neverTrue(r.s.roots[i]) {
			r.st.NeverTrue++
			return true
		}
	}
	return false
}

// maxValueSet bounds the value sets neverTrue computes.
const maxValueSet = 32

// neverTrue reports whether the Bool term t is false for every
// assignment of its inputs, as far as a cheap over-approximation shows:
// each bit-vector subterm built from literals by ite, extensions,
// extract, concat and bit-wise or additive operations has a small set of
// possible values (the values of both ite branches, every pair of operand
// values; correlations are ignored, so the set can only be too large),
// and t's comparisons are decided on those sets.
// It visits at most maxShapeNodes nodes (a DAG shared many times over
// would otherwise cost exponential time), and says false past that.
func neverTrue(t *smt.Term) bool {
	budget := maxShapeNodes
	_, canTrue := truths(t, &budget)
	return !canTrue
}

// maxShapeNodes bounds the nodes neverTrue visits.
const maxShapeNodes = 512

// truths over-approximates the truth values t can take.
func truths(t *smt.Term, budget *int) (canFalse, canTrue bool) {
	if *budget--; *budget < 0 || t.Sort().Kind != smt.KindBool {
		return true, true
	}
	if t.Kind() != smt.App || t.Func() != nil {
		return true, true
	}
	args := t.Args()
	switch t.Op() {
	case smt.OpTrue:
		return false, true
	case smt.OpFalse:
		return true, false
	case smt.OpNot:
		f, tr := truths(args[0], budget)
		return tr, f
	case smt.OpAnd:
		canTrue = true
		for _, a := range args {
			f, tr := truths(a, budget)
			canFalse = canFalse || f
			canTrue = canTrue && tr
		}
		return canFalse, canTrue
	case smt.OpOr:
		canFalse = true
		for _, a := range args {
			f, tr := truths(a, budget)
			canFalse = canFalse && f
			canTrue = canTrue || tr
		}
		return canFalse, canTrue
	case smt.OpEq, smt.OpDistinct, smt.OpBVUlt, smt.OpBVUle, smt.OpBVUgt, smt.OpBVUge,
		smt.OpBVSlt, smt.OpBVSle, smt.OpBVSgt, smt.OpBVSge:
		if len(args) != 2 || args[0].Sort().Kind != smt.KindBitVec {
			return true, true
		}
		w := args[0].Sort().Width
		xs, ok1 := values(args[0], budget)
		ys, ok2 := values(args[1], budget)
		if !ok1 || !ok2 {
			return true, true
		}
		for _, x := range xs {
			for _, y := range ys {
				if compare(t.Op(), x, y, w) {
					canTrue = true
				} else {
					canFalse = true
				}
				if canTrue && canFalse {
					return true, true
				}
			}
		}
		return canFalse, canTrue
	}
	return true, true
}

// compare is the comparison op on w-bit values x and y.
func compare(op smt.Op, x, y uint64, w int) bool {
	sx, sy := signed(x, w), signed(y, w)
	switch op {
	case smt.OpEq:
		return x == y
	case smt.OpDistinct:
		return x != y
	case smt.OpBVUlt:
		return x < y
	case smt.OpBVUle:
		return x <= y
	case smt.OpBVUgt:
		return x > y
	case smt.OpBVUge:
		return x >= y
	case smt.OpBVSlt:
		return sx < sy
	case smt.OpBVSle:
		return sx <= sy
	case smt.OpBVSgt:
		return sx > sy
	default: // smt.OpBVSge
		return sx >= sy
	}
}

func signed(x uint64, w int) int64 {
	if w >= 64 {
		return int64(x)
	}
	if x&(1<<(w-1)) != 0 {
		return int64(x | ^uint64(0)<<w)
	}
	return int64(x)
}

// values is a set of at most maxValueSet values containing every value
// the bit-vector term t (of at most 64 bits) can take, or false.
func values(t *smt.Term, budget *int) ([]uint64, bool) {
	s := t.Sort()
	if *budget--; *budget < 0 || s.Kind != smt.KindBitVec || s.Width > 64 {
		return nil, false
	}
	w := s.Width
	if v, ok := litU64(t); ok {
		return []uint64{v}, true
	}
	if t.Kind() != smt.App || t.Func() != nil {
		return nil, false
	}
	args := t.Args()
	one := func(f func(uint64) uint64) ([]uint64, bool) {
		xs, ok := values(args[0], budget)
		if !ok {
			return nil, false
		}
		out := make([]uint64, 0, len(xs))
		for _, x := range xs {
			out = addValue(out, f(x)&maskW(w))
		}
		return out, true
	}
	two := func(f func(x, y uint64) uint64) ([]uint64, bool) {
		if len(args) != 2 {
			return nil, false
		}
		xs, ok1 := values(args[0], budget)
		ys, ok2 := values(args[1], budget)
		if !ok1 || !ok2 || len(xs)*len(ys) > 4*maxValueSet {
			return nil, false
		}
		var out []uint64
		for _, x := range xs {
			for _, y := range ys {
				if out = addValue(out, f(x, y)&maskW(w)); len(out) > maxValueSet {
					return nil, false
				}
			}
		}
		return out, true
	}
	switch t.Op() {
	case smt.OpIte:
		a, ok1 := values(args[1], budget)
		b, ok2 := values(args[2], budget)
		if !ok1 || !ok2 {
			return nil, false
		}
		out := append([]uint64(nil), a...)
		for _, v := range b {
			out = addValue(out, v)
		}
		return out, len(out) <= maxValueSet
	case smt.OpZeroExtend:
		return one(func(x uint64) uint64 { return x })
	case smt.OpSignExtend:
		aw := args[0].Sort().Width
		return one(func(x uint64) uint64 { return uint64(signed(x, aw)) })
	case smt.OpExtract:
		lo := t.Indices()[1]
		return one(func(x uint64) uint64 { return x >> uint(lo) })
	case smt.OpBVNot:
		return one(func(x uint64) uint64 { return ^x })
	case smt.OpBVNeg:
		return one(func(x uint64) uint64 { return -x })
	case smt.OpConcat:
		if len(args) != 2 {
			return nil, false
		}
		bw := args[1].Sort().Width
		return two(func(x, y uint64) uint64 { return x<<uint(bw) | y })
	case smt.OpBVAdd:
		return two(func(x, y uint64) uint64 { return x + y })
	case smt.OpBVSub:
		return two(func(x, y uint64) uint64 { return x - y })
	case smt.OpBVAnd:
		return two(func(x, y uint64) uint64 { return x & y })
	case smt.OpBVOr:
		return two(func(x, y uint64) uint64 { return x | y })
	case smt.OpBVXor:
		return two(func(x, y uint64) uint64 { return x ^ y })
	}
	return nil, false
}

func addValue(s []uint64, v uint64) []uint64 {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

func maskW(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}
