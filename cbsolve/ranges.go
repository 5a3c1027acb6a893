package cbsolve

import (
	"context"
	"math/big"
	"time"

	"tandem/smt"
)

// Range tabulation (issue 25 §1). A box whose domain is 2^24 or 2^64 is past
// tabulation, but a formula often lets an application of it take only a few
// argument tuples: `(bvule (bvsub x c) k)` restricts x to k+1 points, and a
// box applied to another box's result takes only the inner box's image on
// its own points (a chain f(g(x))). When the tuples an application can take
// are at most TabulateMax, the box is run on each of them and the
// application is defined by its table over them:
//
//	(= t (ite (= u a1) v1 (ite (= u a2) v2 … (f u))))
//
// Every leaf is a value the box returned on that tuple, or the box's own
// application, so the assertion holds whatever u is: it is sound even where
// the range analysis below is not (it only picks the tuples), and an unsat
// over it is a proof by exhaustion. Without it the SMT engine needs a learned
// fact per point, one model at a time (bench/cb's generated table_unsat
// instances: 512 to 1024 points, which active learning proves in 5-28 s).

// interval is the values lo, lo+1, …, lo+n-1 modulo 2^w.
type interval struct {
	lo, n uint64
	w     int
}

func (iv interval) values() []smt.Value {
	out := make([]smt.Value, iv.n)
	for i := range out {
		out[i] = smt.BVValue{W: iv.w, V: new(big.Int).SetUint64((iv.lo + uint64(i)) & bvMask(iv.w))}
	}
	return out
}

func bvMask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// bounds collects what the assertions say about one bit-vector constant:
// unsigned bounds, signed bounds (biased by 2^(w-1), so that they compare
// as unsigned), and the smallest interval read directly (an equality, or an
// upper bound on x - c).
type bounds struct {
	w        int
	lo, hi   [2]uint64 // [0] unsigned, [1] signed biased
	has      [2][2]bool
	best     interval
	haveBest bool
}

func (b *bounds) offer(iv interval) {
	if iv.n > 0 && (!b.haveBest || iv.n < b.best.n) {
		b.best, b.haveBest = iv, true
	}
}

// smallest is the smallest interval the bounds give (n == 0: none below
// 2^64).
func (b *bounds) smallest() interval {
	for k := 0; k < 2; k++ {
		if !b.has[k][0] && !b.has[k][1] {
			continue
		}
		lo, hi := uint64(0), bvMask(b.w)
		if b.has[k][0] {
			lo = b.lo[k]
		}
		if b.has[k][1] {
			hi = b.hi[k]
		}
		if hi < lo || hi-lo == ^uint64(0) {
			continue // empty (the formula is unsat anyway) or 2^64 points
		}
		n := hi - lo + 1
		if k == 1 {
			lo ^= 1 << (b.w - 1) // back from the biased order
		}
		b.offer(interval{lo: lo, n: n, w: b.w})
	}
	if !b.haveBest {
		return interval{}
	}
	return b.best
}

// argRanges reads intervals of bit-vector constants (at most 64 bits) from
// the top-level conjuncts of the purified assertions.
func argRanges(p *problem) map[*smt.Func]interval {
	bs := map[*smt.Func]*bounds{}
	of := func(x *smt.Func) *bounds {
		if bs[x] == nil {
			bs[x] = &bounds{w: x.Result.Width}
		}
		return bs[x]
	}
	var walk func(t *smt.Term, neg bool)
	walk = func(t *smt.Term, neg bool) {
		if t.Kind() != smt.App || t.Func() != nil {
			return
		}
		switch t.Op() {
		case smt.OpAnd:
			if !neg {
				for _, a := range t.Args() {
					walk(a, false)
				}
			}
			return
		case smt.OpNot:
			walk(t.Arg(0), !neg)
			return
		case smt.OpEq:
			if !neg && t.NumArgs() == 2 {
				for i := 0; i < 2; i++ {
					x, okx := bvConst(t.Arg(i))
					c, okc := litU64(t.Arg(1 - i))
					if okx && okc {
						of(x).offer(interval{lo: c, n: 1, w: x.Result.Width})
					}
				}
			}
			return
		}
		e, signed, upper, c, ok := comparison(t, neg)
		if !ok {
			return
		}
		if x, ok := bvConst(e); ok {
			b := of(x)
			k, side := 0, 0
			if signed {
				k = 1
			}
			if upper {
				side = 1
			}
			switch {
			case !b.has[k][side]:
				b.has[k][side] = true
				if upper {
					b.hi[k] = c
				} else {
					b.lo[k] = c
				}
			case upper:
				b.hi[k] = min(b.hi[k], c)
			default:
				b.lo[k] = max(b.lo[k], c)
			}
			return
		}
		// x - k ≤u c, or x + k ≤u c: x in [k, k+c] (or [-k, -k+c]),
		// wrapping around as bvsub does.
		if signed || !upper || e.Kind() != smt.App || e.Func() != nil || e.NumArgs() != 2 || c == ^uint64(0) {
			return
		}
		for i := 0; i < 2; i++ {
			x, okx := bvConst(e.Arg(i))
			k, okk := litU64(e.Arg(1 - i))
			if !okx || !okk {
				continue
			}
			switch {
			case e.Op() == smt.OpBVSub && i == 0:
			case e.Op() == smt.OpBVAdd:
				k = -k & bvMask(x.Result.Width)
			default:
				continue
			}
			of(x).offer(interval{lo: k, n: c + 1, w: x.Result.Width})
		}
	}
	for _, t := range p.pure {
		walk(t, false)
	}
	out := map[*smt.Func]interval{}
	for x, b := range bs {
		if iv := b.smallest(); iv.n > 0 {
			out[x] = iv
		}
	}
	return out
}

// comparison reads t (negated when neg) as e ≤ c (upper) or e ≥ c, unsigned
// or signed (c then biased by 2^(w-1)), with c a literal of at most 64 bits.
func comparison(t *smt.Term, neg bool) (e *smt.Term, signed, upper bool, c uint64, ok bool) {
	var strict bool
	switch t.Op() {
	case smt.OpBVUlt, smt.OpBVSlt:
		upper, strict = true, true
	case smt.OpBVUle, smt.OpBVSle:
		upper = true
	case smt.OpBVUgt, smt.OpBVSgt:
		strict = true
	case smt.OpBVUge, smt.OpBVSge:
	default:
		return nil, false, false, 0, false
	}
	switch t.Op() {
	case smt.OpBVSlt, smt.OpBVSle, smt.OpBVSgt, smt.OpBVSge:
		signed = true
	}
	if t.NumArgs() != 2 {
		return nil, false, false, 0, false
	}
	if neg { // ¬(e < c) is e ≥ c, ¬(e ≤ c) is e > c
		upper, strict = !upper, !strict
	}
	e = t.Arg(0)
	c, ok = litU64(t.Arg(1))
	if !ok {
		if c, ok = litU64(t.Arg(0)); !ok {
			return nil, false, false, 0, false
		}
		e, upper = t.Arg(1), !upper // c < e is e > c
	}
	w := e.Sort().Width
	if w <= 0 || w > 64 {
		return nil, false, false, 0, false
	}
	if signed {
		c ^= 1 << (w - 1)
	}
	if strict {
		if upper {
			if c == 0 {
				return nil, false, false, 0, false
			}
			c--
		} else {
			if c == bvMask(w) {
				return nil, false, false, 0, false
			}
			c++
		}
	}
	return e, signed, upper, c, true
}

// bvConst is t's function when t is a constant of a bit-vector sort of at
// most 64 bits.
func bvConst(t *smt.Term) (*smt.Func, bool) {
	if !t.IsConst() {
		return nil, false
	}
	f := t.Func()
	return f, f.Result.Kind == smt.KindBitVec && f.Result.Width <= 64
}

// litU64 is t's value when t is a bit-vector literal of at most 64 bits.
func litU64(t *smt.Term) (uint64, bool) {
	if t.Kind() != smt.Literal || t.LiteralKind() != smt.LitBitVec || t.Sort().Width > 64 {
		return 0, false
	}
	v := t.BigInt()
	if v == nil || !v.IsUint64() {
		return 0, false
	}
	return v.Uint64(), true
}

// argValues are the values the argument a of an application can take, as
// far as the ranges and the images of inner applications tell, or nil when
// they are not known to be at most max.
func argValues(a *smt.Term, ranges map[*smt.Func]interval, images map[*smt.Func][]smt.Value, max int) []smt.Value {
	if a.Kind() == smt.Literal {
		if v, err := smt.ValueOf(a); err == nil {
			return []smt.Value{v}
		}
		return nil
	}
	if !a.IsConst() {
		return nil
	}
	f := a.Func()
	if img, ok := images[f]; ok {
		return img
	}
	if iv, ok := ranges[f]; ok && iv.n <= uint64(max) {
		return iv.values()
	}
	switch {
	case f.Result.Kind == smt.KindBool:
		return []smt.Value{smt.BoolValue(false), smt.BoolValue(true)}
	case f.Result.Kind == smt.KindBitVec && f.Result.Width < 31 && 1<<f.Result.Width <= max:
		return interval{n: 1 << f.Result.Width, w: f.Result.Width}.values()
	}
	return nil
}

// tuples is the product of the arguments' values, or nil past max.
func tuples(d *cbDef, ranges map[*smt.Func]interval, images map[*smt.Func][]smt.Value, max int) [][]smt.Value {
	out := [][]smt.Value{{}}
	for _, a := range d.Args {
		vs := argValues(a, ranges, images, max)
		if len(vs) == 0 || len(out)*len(vs) > max {
			return nil
		}
		var next [][]smt.Value
		for _, t := range out {
			for _, v := range vs {
				next = append(next, append(append([]smt.Value(nil), t...), v))
			}
		}
		out = next
	}
	return out
}

// tabulateRanges defines each ground application whose argument tuples are
// at most TabulateMax by its table over them (see the top of this file);
// before the first learning round (wide false) only those of at most 256
// tuples. It reports how many applications it defined; a box too slow for
// the tabulation budget b is left to the loop.
func (s *solve) tabulateRanges(ctx context.Context, wide bool, b budget) (int, error) {
	max := s.opts.TabulateMax
	if max <= 0 || len(s.p.defs) == 0 {
		return 0, nil
	}
	if s.ranged == nil {
		s.ranged = map[*cbDef]bool{}
		s.images = map[*smt.Func][]smt.Value{}
	}
	ranges := argRanges(s.p)
	st := s.p.st
	added := 0
	for _, d := range s.p.defs { // innermost first: images before their use
		if _, done := s.images[d.T.Func()]; done || s.ranged[d] {
			continue
		}
		tup := tuples(d, ranges, s.images, max)
		if tup == nil || (!wide && len(tup) > 256 && !s.p.quantified) {
			continue
		}
		t0 := time.Now()
		body := d.App
		seen := map[string]bool{}
		var image []smt.Value
		complete, out := true, false
		for i := len(tup) - 1; i >= 0; i-- {
			// The budget reads the process tree's CPU time from /proc,
			// which costs milliseconds on a busy machine: every 64 calls.
			if (len(tup)-1-i)%64 == 63 && b.spent() || ctx.Err() != nil {
				out = true
				break
			}
			v, err := s.set.CallValues(d.F, tup[i])
			if _, bad := v.(smt.Undefined); err != nil || bad {
				complete = false // the leaf stays the box's application
				continue
			}
			vt, err1 := st.ValueTerm(v)
			conds := make([]*smt.Term, len(d.Args))
			var err2 error
			for j, a := range d.Args {
				var at *smt.Term
				if at, err2 = st.ValueTerm(tup[i][j]); err2 != nil {
					break
				}
				conds[j] = st.MustApply(smt.OpEq, nil, a, at)
			}
			if err1 != nil || err2 != nil {
				complete = false
				continue
			}
			cond := conds[0]
			if len(conds) > 1 {
				cond = st.MustApply(smt.OpAnd, nil, conds...)
			}
			body = st.MustApply(smt.OpIte, nil, cond, vt, body)
			if k := vt.String(); !seen[k] {
				seen[k] = true
				image = append(image, v)
			}
		}
		if ctx.Err() != nil {
			return added, ctx.Err()
		}
		if out {
			s.tracef("range tabulation of %s: out of budget; left to the loop", d.F.Name)
			return added, nil
		}
		s.ranged[d] = true
		if complete {
			s.images[d.T.Func()] = image
		}
		if s.tabled[d.F] {
			continue // the whole table defines it already; the image was wanted
		}
		if err := s.smt.execKept(ctx, "(assert "+termText(st.MustApply(smt.OpEq, nil, d.T, body))+")"); err != nil {
			return added, err
		}
		added++
		s.st.RangeTables++
		s.tracef("range-tabulated %s on %d argument tuples (%d values) in %v", d.F.Name, len(tup), len(image), time.Since(t0).Round(time.Millisecond))
	}
	return added, nil
}
