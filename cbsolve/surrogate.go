package cbsolve

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"tandem/eval"
	"tandem/smt"
	"tandem/solver"
)

// Surrogates: learned structure as a hint, never as a proof (SADHAK's
// ω_SMT side pushed past point facts; issue 25 §1).
//
// Closed boxes are often a common operation written in C: a byte swap, a
// rotation, an absolute value, a CRC, a checksum, a signed division. A box
// with a domain of 2^64 cannot be tabulated and point facts rule out one
// input each, so neither the loop nor active learning finds an input that
// a formula pins through a 64-bit equation (bswap64(x) = x with x = 1 mod
// 1000003, abs(a)+abs(b) = 2^40 with a*b fixed). But the function is often
// in a small hypothesis class that a few hundred calls identify:
//
//   - affine over GF(2) in the input bits (xor, rotations and byte swaps
//     by a constant, bit permutations, CRCs, xor-shifts): f(0) and f(e_i)
//     for each input bit i determine it;
//   - affine over Z/2^w in the input bits (sums of bytes, a*x+b, negation,
//     identity), from the same calls;
//   - the same split on the sign bit of a single argument (absolute value,
//     sign-dependent clamps and scalings);
//   - for two arguments of the result's width, one of SMT-LIB's binary
//     operations (signed and unsigned division and remainders, shifts,
//     rotation by a variable amount, min and max, and, or, add, mul …).
//
// A hypothesis is kept only when it also agrees with the box on probe
// tuples (corner values and seeded random ones, surrogateProbes of them).
// It is then a guess: the SMT engine solves the formula with each such box
// a define-fun of its surrogate, and the model is a sat answer only after
// every box has been run on it and every assertion holds (solve.valid).
// An unsat under surrogates says nothing and is never a verdict; a model
// the boxes refute teaches facts, and a surrogate those facts contradict
// is dropped.

// surrogateProbes is the number of argument tuples a hypothesis must
// predict beyond the calls that built it.
const surrogateProbes = 96

// surrogate is a hypothesis about a closed box: an SMT-LIB body over its
// parameters p!0, p!1, … and the same function in Go.
type surrogate struct {
	class string
	body  string
	eval  func(args []uint64) uint64
}

// surrogateCall runs a box on unsigned argument values: its result, or
// false when the call failed.
type surrogateCall func(args []uint64) (uint64, bool)

// findSurrogate identifies f among the hypothesis classes above, calling
// it through call; nil when f is in none of them (or a call failed).
// Probes are drawn from seed, so the same seed makes the same calls.
func findSurrogate(f *smt.Func, call surrogateCall, seed uint64) *surrogate {
	if f.Result.Kind != smt.KindBitVec || f.Result.Width > 64 || len(f.Params) == 0 {
		return nil
	}
	ws := make([]int, len(f.Params))
	n := 0
	for i, p := range f.Params {
		if p.Kind != smt.KindBitVec || p.Width > 64 {
			return nil
		}
		ws[i] = p.Width
		n += p.Width
	}
	if n > 128 {
		return nil
	}
	w := f.Result.Width
	probes := surrogateProbeArgs(ws, seed)
	want := make([]uint64, len(probes))
	for i, a := range probes {
		v, ok := call(a)
		if !ok {
			return nil
		}
		want[i] = v
	}
	agrees := func(g *surrogate) bool {
		for i, a := range probes {
			if g.eval(a)&mask(w) != want[i] {
				return false
			}
		}
		return true
	}
	if len(ws) == 2 && ws[0] == w && ws[1] == w {
		for _, g := range binarySurrogates(w) {
			if agrees(g) {
				return g
			}
		}
	}
	if len(ws) == 1 && ws[0] == w {
		for _, g := range rightmostBitSurrogates(w) {
			if agrees(g) {
				return g
			}
		}
	}
	lin, ok := bitLinear(ws, w, call, nil)
	if !ok {
		return nil
	}
	for _, g := range []*surrogate{lin.gf2(), lin.ring()} {
		if agrees(g) {
			return g
		}
	}
	if len(ws) == 1 && ws[0] >= 2 {
		hi, ok := bitLinear(ws, w, call, []uint64{1 << (ws[0] - 1)})
		if !ok {
			return nil
		}
		if g := signSplit(ws[0], w, lin, hi); agrees(g) {
			return g
		}
	}
	return nil
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// surrogateProbeArgs are the probe tuples: corner values of each
// argument's width, then seeded random ones (uniform, and of small
// magnitude, where division and comparisons have their corner cases).
func surrogateProbeArgs(ws []int, seed uint64) [][]uint64 {
	rng := rand.New(rand.NewPCG(seed, 0x5eed5a11))
	corner := func(w int, k int) uint64 {
		m := mask(w)
		cs := []uint64{0, 1, m, 1 << (w - 1), (1 << (w - 1)) - 1, 2, 7, m - 1, 0x55555555_55555555, 1000}
		return cs[k%len(cs)] & m
	}
	var out [][]uint64
	for i := 0; i < surrogateProbes; i++ {
		a := make([]uint64, len(ws))
		for j, w := range ws {
			switch {
			case i < 30:
				a[j] = corner(w, i/(j*3+1)+j)
			case i%2 == 0:
				a[j] = rng.Uint64() & mask(w)
			default:
				a[j] = uint64(rng.Int64N(2001)-1000) & mask(w)
			}
		}
		out = append(out, a)
	}
	return out
}

// linear is a box's values at zero (or at a fixed base point) and at each
// single input bit set on top of it.
type linear struct {
	ws    []int
	w     int
	base  uint64
	at    []uint64 // at[i]: the value with input bit i also set
	fixed []uint64 // the base point (nil: zero)
}

// bitLinear calls the box at the base point (zero, or fixed) and with each
// input bit set on top of it, the bits the base point sets excepted.
func bitLinear(ws []int, w int, call surrogateCall, fixed []uint64) (*linear, bool) {
	l := &linear{ws: ws, w: w, fixed: fixed}
	args := func(bit int) []uint64 {
		a := make([]uint64, len(ws))
		copy(a, fixed)
		if bit >= 0 {
			for j, wj := range ws {
				if bit < wj {
					a[j] |= 1 << bit
					break
				}
				bit -= wj
			}
		}
		return a
	}
	var ok bool
	if l.base, ok = call(args(-1)); !ok {
		return nil, false
	}
	n := 0
	for _, wj := range ws {
		n += wj
	}
	l.at = make([]uint64, n)
	for i := range n {
		if l.at[i], ok = call(args(i)); !ok {
			return nil, false
		}
	}
	return l, true
}

// bitSet says input bit i of args is set, and bitTerm is the SMT-LIB test
// of that bit.
func (l *linear) bitSet(args []uint64, i int) bool {
	for j, wj := range l.ws {
		if i < wj {
			return args[j]>>i&1 == 1
		}
		i -= wj
	}
	return false
}

func (l *linear) bitTerm(i int) string {
	for j, wj := range l.ws {
		if i < wj {
			return fmt.Sprintf("(= ((_ extract %d %d) p!%d) #b1)", i, i, j)
		}
		i -= wj
	}
	return "false"
}

func bvLit(v uint64, w int) string { return fmt.Sprintf("(_ bv%d %d)", v&mask(w), w) }

// sum is the SMT-LIB term op(base, ite(bit_i, d_i, 0), …) over the input
// bits with a nonzero d_i, skipping the bits of skip (those the base point
// sets).
func (l *linear) sum(op string, d func(i int) uint64, skip func(i int) bool) string {
	terms := []string{bvLit(l.base, l.w)}
	for i := range l.at {
		if skip(i) || d(i)&mask(l.w) == 0 {
			continue
		}
		terms = append(terms, fmt.Sprintf("(ite %s %s %s)", l.bitTerm(i), bvLit(d(i), l.w), bvLit(0, l.w)))
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return "(" + op + " " + strings.Join(terms, " ") + ")"
}

func (l *linear) skips(i int) bool { return l.fixed != nil && l.bitSet(l.fixed, i) }

// gf2 is the hypothesis f(x) = f(0) ⊕ ⊕_{i ∈ x} (f(e_i) ⊕ f(0)).
func (l *linear) gf2() *surrogate {
	d := func(i int) uint64 { return l.at[i] ^ l.base }
	return &surrogate{class: "affine over GF(2)", body: l.sum("bvxor", d, l.skips), eval: func(a []uint64) uint64 {
		v := l.base
		for i := range l.at {
			if !l.skips(i) && l.bitSet(a, i) {
				v ^= d(i)
			}
		}
		return v
	}}
}

// ring is the hypothesis f(x) = f(0) + Σ_{i ∈ x} (f(e_i) − f(0)) mod 2^w.
func (l *linear) ring() *surrogate {
	d := func(i int) uint64 { return l.at[i] - l.base }
	return &surrogate{class: "affine over Z/2^w", body: l.sum("bvadd", d, l.skips), eval: func(a []uint64) uint64 {
		v := l.base
		for i := range l.at {
			if !l.skips(i) && l.bitSet(a, i) {
				v += d(i)
			}
		}
		return v
	}}
}

// signSplit is a ring hypothesis on each side of the sign bit of a single
// argument of width aw: lo from zero, hi from the sign bit alone.
func signSplit(aw, w int, lo, hi *linear) *surrogate {
	sign := aw - 1
	l0, l1 := *lo, *hi
	skip0 := func(i int) bool { return i == sign }
	d0 := func(i int) uint64 { return l0.at[i] - l0.base }
	d1 := func(i int) uint64 { return l1.at[i] - l1.base }
	r0 := func(a []uint64) uint64 {
		v := l0.base
		for i := range l0.at {
			if i != sign && a[0]>>i&1 == 1 {
				v += d0(i)
			}
		}
		return v
	}
	r1 := func(a []uint64) uint64 {
		v := l1.base
		for i := range l1.at {
			if i != sign && a[0]>>i&1 == 1 {
				v += d1(i)
			}
		}
		return v
	}
	body := fmt.Sprintf("(ite (= ((_ extract %d %d) p!0) #b1) %s %s)", sign, sign, l1.sum("bvadd", d1, skip0), l0.sum("bvadd", d0, skip0))
	return &surrogate{class: "affine over Z/2^w on each side of the sign bit", body: body, eval: func(a []uint64) uint64 {
		if a[0]>>sign&1 == 1 {
			return r1(a)
		}
		return r0(a)
	}}
}

// rightmostBitSurrogates are the unary bit tricks of Hacker's Delight
// §2-1 (the SyGuS hd-01 … hd-08 family): x OP y with OP and, or or xor,
// x or its complement, and y one of x-1, x+1, -x, ~x-1 … ; x & (x-1)
// clears the lowest set bit (Delphi's bitsumhelper oracles), x & -x
// isolates it.
func rightmostBitSurrogates(w int) []*surrogate {
	m := mask(w)
	one := bvLit(1, w)
	type side struct {
		text string
		f    func(x uint64) uint64
	}
	xs := []side{{"p!0", func(x uint64) uint64 { return x }}, {"(bvnot p!0)", func(x uint64) uint64 { return ^x }}}
	ys := []side{
		{"(bvsub p!0 " + one + ")", func(x uint64) uint64 { return x - 1 }},
		{"(bvadd p!0 " + one + ")", func(x uint64) uint64 { return x + 1 }},
		{"(bvneg p!0)", func(x uint64) uint64 { return -x }},
	}
	ops := []struct {
		name string
		f    func(a, b uint64) uint64
	}{{"bvand", func(a, b uint64) uint64 { return a & b }}, {"bvor", func(a, b uint64) uint64 { return a | b }}, {"bvxor", func(a, b uint64) uint64 { return a ^ b }}}
	var out []*surrogate
	for _, op := range ops {
		for _, x := range xs {
			for _, y := range ys {
				body := "(" + op.name + " " + x.text + " " + y.text + ")"
				opf, xf, yf := op.f, x.f, y.f
				out = append(out, &surrogate{class: "the bit trick " + body, body: body, eval: func(a []uint64) uint64 {
					v := a[0] & m
					return opf(xf(v), yf(v)) & m
				}})
			}
		}
	}
	return out
}

// binarySurrogates are SMT-LIB's binary operations on width w, with their
// SMT-LIB semantics (division by zero included) in Go.
func binarySurrogates(w int) []*surrogate {
	m := mask(w)
	sign := func(x uint64) bool { return x>>(w-1)&1 == 1 }
	neg := func(x uint64) uint64 { return -x & m }
	abs := func(x uint64) uint64 {
		if sign(x) {
			return neg(x)
		}
		return x
	}
	udiv := func(a, b uint64) uint64 {
		if b == 0 {
			return m
		}
		return a / b
	}
	urem := func(a, b uint64) uint64 {
		if b == 0 {
			return a
		}
		return a % b
	}
	sx := func(x uint64) int64 { return int64(x<<(64-w)) >> (64 - w) }
	W := bvLit(uint64(w), w)
	rot := func(x, n uint64, left bool) uint64 {
		r := int(n % uint64(w))
		if r == 0 {
			return x
		}
		if !left {
			r = w - r
		}
		return (x<<r | x>>(w-r)) & m
	}
	op := func(name, body string, f func(a, b uint64) uint64) *surrogate {
		return &surrogate{class: name, body: body, eval: func(a []uint64) uint64 { return f(a[0]&m, a[1]&m) & m }}
	}
	bin := func(name string, f func(a, b uint64) uint64) *surrogate {
		return op(name, "("+name+" p!0 p!1)", f)
	}
	return []*surrogate{
		bin("bvadd", func(a, b uint64) uint64 { return a + b }),
		bin("bvsub", func(a, b uint64) uint64 { return a - b }),
		bin("bvmul", func(a, b uint64) uint64 { return a * b }),
		bin("bvand", func(a, b uint64) uint64 { return a & b }),
		bin("bvor", func(a, b uint64) uint64 { return a | b }),
		bin("bvxor", func(a, b uint64) uint64 { return a ^ b }),
		bin("bvudiv", udiv),
		bin("bvurem", urem),
		bin("bvsdiv", func(a, b uint64) uint64 {
			q := udiv(abs(a), abs(b))
			if sign(a) != sign(b) {
				return neg(q)
			}
			return q
		}),
		bin("bvsrem", func(a, b uint64) uint64 {
			r := urem(abs(a), abs(b))
			if sign(a) {
				return neg(r)
			}
			return r
		}),
		bin("bvsmod", func(a, b uint64) uint64 {
			u := urem(abs(a), abs(b))
			switch {
			case u == 0, !sign(a) && !sign(b):
				return u
			case sign(a) && !sign(b):
				return neg(u) + b
			case !sign(a) && sign(b):
				return u + b
			}
			return neg(u)
		}),
		bin("bvshl", func(a, b uint64) uint64 {
			if b >= uint64(w) {
				return 0
			}
			return a << b
		}),
		bin("bvlshr", func(a, b uint64) uint64 {
			if b >= uint64(w) {
				return 0
			}
			return a >> b
		}),
		bin("bvashr", func(a, b uint64) uint64 {
			if b >= uint64(w) {
				b = uint64(w - 1)
			}
			return uint64(sx(a) >> b)
		}),
		op("rotate left by a variable amount", fmt.Sprintf("(bvor (bvshl p!0 (bvurem p!1 %[1]s)) (bvlshr p!0 (bvsub %[1]s (bvurem p!1 %[1]s))))", W),
			func(a, b uint64) uint64 { return rot(a, b, true) }),
		op("rotate right by a variable amount", fmt.Sprintf("(bvor (bvlshr p!0 (bvurem p!1 %[1]s)) (bvshl p!0 (bvsub %[1]s (bvurem p!1 %[1]s))))", W),
			func(a, b uint64) uint64 { return rot(a, b, false) }),
		op("unsigned max", "(ite (bvuge p!0 p!1) p!0 p!1)", func(a, b uint64) uint64 { return max(a, b) }),
		op("unsigned min", "(ite (bvule p!0 p!1) p!0 p!1)", func(a, b uint64) uint64 { return min(a, b) }),
		op("signed max", "(ite (bvsge p!0 p!1) p!0 p!1)", func(a, b uint64) uint64 {
			if sx(a) >= sx(b) {
				return a
			}
			return b
		}),
		op("signed min", "(ite (bvsle p!0 p!1) p!0 p!1)", func(a, b uint64) uint64 {
			if sx(a) <= sx(b) {
				return a
			}
			return b
		}),
	}
}

// surrogateRounds bounds the one-shot checks under surrogates: after each
// model the boxes refute, the facts learned join the next check and the
// surrogates they contradict are dropped.
const surrogateRounds = 3

// trySurrogates is the surrogate move of CDFL: identify the boxes that
// are not tabulated (findSurrogate), then solve the input formula with
// each identified box defined by its surrogate and the others read as
// uninterpreted functions, in a one-shot engine within a quarter of the
// timeout. A model is the answer only when it validates with the real
// boxes; otherwise its box calls become facts and seed the fuzzer. Nothing
// but a validated sat comes out of it.
func (s *solve) trySurrogates(ctx context.Context) (*Result, error) {
	if s.opts.Mode != CDFL || s.exact || s.p.quantified || s.opts.NoSurrogates {
		return nil, nil
	}
	sur := map[*smt.Func]*surrogate{}
	for _, f := range s.p.boxList {
		if s.tabled[f] {
			continue
		}
		g := findSurrogate(f, func(a []uint64) (uint64, bool) {
			args := make([]smt.Value, len(a))
			for i, x := range a {
				args[i] = smt.BVValue{W: f.Params[i].Width, V: new(big.Int).SetUint64(x)}
			}
			v, err := s.set.CallValues(f, args)
			if err != nil {
				return 0, false
			}
			return uintOf(v)
		}, s.opts.Seed)
		if ctx.Err() != nil {
			return nil, nil
		}
		if g != nil {
			s.tracef("surrogate of %s: %s", f.Name, g.class)
			sur[f] = g
		}
	}
	var facts []string
	for round := 0; round < surrogateRounds && len(sur) > 0; round++ {
		script, ok := s.smt.scriptWith(func(f *smt.Func) (string, bool) {
			if g := sur[f]; g != nil {
				return g.body, true
			}
			if t := s.tables[f]; t != nil && len(t.nodes) <= exactTableMax && !t.hasFailed() {
				body, err := t.term(s.p.st)
				return body, err == nil
			}
			return "", true
		}, facts)
		if !ok {
			return nil, nil
		}
		limit := s.opts.Timeout / 4
		if c := s.opts.SMTCallTimeout; c > 0 && c < limit {
			limit = c
		}
		o, err := s.smt.checkOneShot(ctx, limit, script)
		s.st.SMTCalls++
		if err != nil {
			if ctx.Err() != nil {
				return unknownOn(ctx, err)
			}
			s.tracef("surrogate check: %v", err)
			return nil, nil
		}
		s.tracef("surrogate check %d (%d boxes): %s", round+1, len(sur), o.status)
		if o.status != solver.StatusSat {
			return nil, nil // unsat under a guess proves nothing
		}
		s.st.Surrogates++
		calls, ok := s.validCalls(o.model)
		if ok {
			return &Result{Status: Sat, Model: o.model}, nil
		}
		s.fz.setHint(o.model)
		for _, c := range calls {
			if added, err := s.fact(ctx, c.f, c.args); err != nil {
				return unknownOn(ctx, err)
			} else if !added {
				continue
			}
			if g := sur[c.f]; g != nil {
				a := make([]uint64, len(c.args))
				for i, v := range c.args {
					a[i], _ = uintOf(v)
				}
				if got, _ := uintOf(c.v); g.eval(a)&mask(c.f.Result.Width) != got {
					s.tracef("surrogate of %s refuted at a model's point", c.f.Name)
					delete(sur, c.f)
				}
				continue
			}
			if t, err := s.smt.factText(c.f, c.args, c.v); err == nil {
				facts = append(facts, t)
			}
		}
	}
	return nil, nil
}

// boxCall is one closed-box call and its result.
type boxCall struct {
	f    *smt.Func
	args []smt.Value
	v    smt.Value
}

// validCalls is valid, also returning the box calls the evaluation made.
func (s *solve) validCalls(m *eval.Model) ([]boxCall, bool) {
	var calls []boxCall
	ok, _ := s.validWith(m, func(f *smt.Func, args []smt.Value) (smt.Value, error) {
		v, err := s.set.CallValues(f, args)
		if err == nil {
			calls = append(calls, boxCall{f, append([]smt.Value(nil), args...), v})
		}
		return v, err
	})
	return calls, ok
}
