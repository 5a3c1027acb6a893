package fptest

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"time"

	"tandem/smt/fp"
)

// HostOp is one operation checked against the host: Check draws a tuple
// of operands and compares fp's result with the host's.
type HostOp struct {
	Name string
	// Reference names what fp is compared with.
	Reference string
	// Check draws one tuple and reports whether fp agrees; skip is true
	// for a tuple the reference does not define (then it is not counted).
	Check  func(g *Gen) (agree, skip bool, detail string)
	EB, SB int
}

// HostResult counts one operation's run.
type HostResult struct {
	Op, Reference               string
	Tuples, Mismatches, Skipped int
	Examples                    []string // the first few mismatches
	Elapsed                     time.Duration
}

// RunHost checks n tuples of op, drawn from a generator seeded by seed.
func RunHost(op HostOp, n int, seed uint64) HostResult {
	g := NewGen(op.EB, op.SB, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)))
	res := HostResult{Op: op.Name, Reference: op.Reference}
	start := time.Now()
	for range n {
		agree, skip, detail := op.Check(g)
		res.Tuples++
		if skip {
			res.Skipped++
			continue
		}
		if !agree {
			res.Mismatches++
			if len(res.Examples) < 5 {
				res.Examples = append(res.Examples, detail)
			}
		}
	}
	res.Elapsed = time.Since(start)
	return res
}

func same(a, b fp.Float) bool { return fp.Equal(a, b) }

// res formats the detail only for a mismatch: formatting every tuple
// would cost more than computing it.
func res(ok bool, format string, args ...any) (bool, bool, string) {
	if ok {
		return true, false, ""
	}
	return false, false, fmt.Sprintf(format, args...)
}

// pair draws two operands, the second often near the first.
func pair(g *Gen) (fp.Float, fp.Float) {
	a := g.Float()
	if g.R.IntN(5) < 2 {
		return a, g.Near(a)
	}
	return a, g.Float()
}

func bin64(name string, ours func(a, b fp.Float) fp.Float, host func(a, b float64) float64) HostOp {
	return HostOp{Name: name + "/64", Reference: "Go float64", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
		a, b := pair(g)
		o, h := ours(a, b), Of64(host(Float64(a), Float64(b)))
		return res(same(o, h), "%s %v %v: fp %v, host %v", name, a, b, o, h)
	}}
}

func bin32(name string, ours func(a, b fp.Float) fp.Float, host func(a, b float32) float32) HostOp {
	return HostOp{Name: name + "/32", Reference: "Go float32", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
		a, b := pair(g)
		o, h := ours(a, b), Of32(host(Float32(a), Float32(b)))
		return res(same(o, h), "%s %v %v: fp %v, host %v", name, a, b, o, h)
	}}
}

// The host functions are separate, non-inlined calls so that the compiler
// cannot fuse a multiplication and an addition.

//go:noinline
func add64(a, b float64) float64 { return a + b }

//go:noinline
func sub64(a, b float64) float64 { return a - b }

//go:noinline
func mul64(a, b float64) float64 { return a * b }

//go:noinline
func div64(a, b float64) float64 { return a / b }

//go:noinline
func add32(a, b float32) float32 { return a + b }

//go:noinline
func sub32(a, b float32) float32 { return a - b }

//go:noinline
func mul32(a, b float32) float32 { return a * b }

//go:noinline
func div32(a, b float32) float32 { return a / b }

// fma32 is the correctly rounded binary32 fused multiply-add, computed
// with math/big (the host has no float32 FMA in Go): the product of two
// 24-bit significands and the sum are exact at 1100 bits.
func fma32(a, b, c float32) float32 {
	fa, fb, fc := float64(a), float64(b), float64(c)
	if a == 0 || b == 0 || c == 0 || math.IsInf(fa, 0) || math.IsInf(fb, 0) || math.IsInf(fc, 0) || a != a || b != b || c != c {
		// No rounding happens before the final conversion: the product
		// is exact in float64, and adding a zero or an infinity is exact.
		return float32(math.FMA(fa, fb, fc))
	}
	x := new(big.Float).SetPrec(1100).SetFloat64(fa)
	x.Mul(x, new(big.Float).SetFloat64(fb))
	x.Add(x, new(big.Float).SetFloat64(fc))
	if x.Sign() == 0 {
		return 0 // exact cancellation is +0 under RNE
	}
	f, _ := x.Float32()
	return f
}

// rtiHost rounds to an integer in mode rm with the math package.
func rtiHost(rm fp.RoundingMode, f float64) float64 {
	switch rm {
	case fp.RNE:
		return math.RoundToEven(f)
	case fp.RNA:
		return math.Round(f)
	case fp.RTP:
		return math.Ceil(f)
	case fp.RTN:
		return math.Floor(f)
	}
	return math.Trunc(f)
}

// HostOps lists the operations checked against the host, binary64 then
// binary32. Every operation uses RNE except roundToIntegral (all five
// modes, against math.RoundToEven, Round, Ceil, Floor and Trunc) and the
// integer conversions (RTZ, against Go's truncating conversions).
func HostOps() []HostOp {
	ops := []HostOp{
		bin64("add", func(a, b fp.Float) fp.Float { return fp.Add(fp.RNE, a, b) }, add64),
		bin64("sub", func(a, b fp.Float) fp.Float { return fp.Sub(fp.RNE, a, b) }, sub64),
		bin64("mul", func(a, b fp.Float) fp.Float { return fp.Mul(fp.RNE, a, b) }, mul64),
		bin64("div", func(a, b fp.Float) fp.Float { return fp.Div(fp.RNE, a, b) }, div64),
		bin64("rem", fp.Rem, math.Remainder),
		{Name: "sqrt/64", Reference: "math.Sqrt", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			if g.R.IntN(3) == 0 { // near a perfect square
				a = g.Near(fp.Mul(fp.RNE, a, a))
			}
			o, h := fp.Sqrt(fp.RNE, a), Of64(math.Sqrt(Float64(a)))
			return res(same(o, h), "sqrt %v: fp %v, host %v", a, o, h)
		}},
		{Name: "fma/64", Reference: "math.FMA", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a, b, c := fmaArgs(g)
			o, h := fp.Fma(fp.RNE, a, b, c), Of64(math.FMA(Float64(a), Float64(b), Float64(c)))
			return res(same(o, h), "fma %v %v %v: fp %v, host %v", a, b, c, o, h)
		}},
		{Name: "roundToIntegral/64", Reference: "math.RoundToEven/Round/Ceil/Floor/Trunc", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			rm := fp.RoundingModes[g.R.IntN(5)]
			o, h := fp.RoundToIntegral(rm, a), Of64(rtiHost(rm, Float64(a)))
			return res(same(o, h), "roundToIntegral %v %v: fp %v, host %v", rm, a, o, h)
		}},
		{Name: "compare/64", Reference: "Go < <= == > >=", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a, b := pair(g)
			x, y := Float64(a), Float64(b)
			ok := fp.Lt(a, b) == (x < y) && fp.Leq(a, b) == (x <= y) && fp.Eq(a, b) == (x == y) &&
				fp.Gt(a, b) == (x > y) && fp.Geq(a, b) == (x >= y)
			return res(ok, "compare %v %v", a, b)
		}},
		{Name: "min,max/64", Reference: "Go min, max (NaN and ±0 pairs skipped)", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a, b := pair(g)
			x, y := Float64(a), Float64(b)
			if x != x || y != y || x == 0 && y == 0 {
				return true, true, ""
			}
			lo, ok1 := fp.Min(a, b)
			hi, ok2 := fp.Max(a, b)
			return res(ok1 && ok2 && same(lo, Of64(min(x, y))) && same(hi, Of64(max(x, y))), "min/max %v %v", a, b)
		}},
		{Name: "classify/64", Reference: "math.IsNaN, IsInf, Signbit, bit tests", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			x := Float64(a)
			sub := x != 0 && math.Abs(x) < 0x1p-1022
			ok := a.IsNaN() == math.IsNaN(x) && a.IsInfinite() == math.IsInf(x, 0) && a.IsZero() == (x == 0) &&
				a.IsSubnormal() == sub && a.IsNormal() == (!sub && x != 0 && !math.IsInf(x, 0) && x == x) &&
				a.IsNegative() == (x == x && math.Signbit(x)) && a.IsPositive() == (x == x && !math.Signbit(x))
			return res(ok, "classify %v", a)
		}},
		{Name: "to_sbv/64", Reference: "Go int64/int32/int16/int8(f), RTZ", EB: 11, SB: 53, Check: toSBVCheck64},
		{Name: "to_ubv/64", Reference: "Go uint64/…/uint8(f), RTZ", EB: 11, SB: 53, Check: toUBVCheck64},
		{Name: "from_sbv/64", Reference: "Go float64(int64), float64(int32)", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			i, w := randInt(g)
			o := fp.FromSigned(fp.RNE, big.NewInt(i), w, 11, 53)
			return res(same(o, Of64(float64(i))), "to_fp 64 from (_ BitVec %d) %d: fp %v", w, i, o)
		}},
		{Name: "from_ubv/64", Reference: "Go float64(uint64)", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			i, _ := randInt(g)
			u := uint64(i)
			o := fp.FromUnsigned(fp.RNE, new(big.Int).SetUint64(u), 64, 11, 53)
			return res(same(o, Of64(float64(u))), "to_fp_unsigned 64 from %d: fp %v", u, o)
		}},
		{Name: "to_fp 64→32", Reference: "Go float32(float64)", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			if g.R.IntN(2) == 0 { // around the binary32 range and precision
				a = fp.Convert(fp.RNE, NewGen(8, 24, g.R).Float(), 11, 53)
				a = g.Near(a)
			}
			o := fp.Convert(fp.RNE, a, 8, 24)
			return res(same(o, Of32(float32(Float64(a)))), "to_fp 32 %v: fp %v", a, o)
		}},
		{Name: "to_real/64", Reference: "big.Rat.SetFloat64", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			r, ok := fp.ToRat(a)
			x := Float64(a)
			if math.IsInf(x, 0) || x != x {
				return res(!ok, "to_real %v defined", a)
			}
			return res(ok && r.Cmp(new(big.Rat).SetFloat64(x)) == 0, "to_real %v: %v", a, r)
		}},
		{Name: "from_real/64", Reference: "big.Rat.Float64", EB: 11, SB: 53, Check: func(g *Gen) (bool, bool, string) {
			r := randRat(g)
			o := fp.FromRat(fp.RNE, r, 11, 53)
			f, _ := r.Float64()
			return res(same(o, Of64(f)), "to_fp 64 %v: fp %v", r, o)
		}},
		bin32("add", func(a, b fp.Float) fp.Float { return fp.Add(fp.RNE, a, b) }, add32),
		bin32("sub", func(a, b fp.Float) fp.Float { return fp.Sub(fp.RNE, a, b) }, sub32),
		bin32("mul", func(a, b fp.Float) fp.Float { return fp.Mul(fp.RNE, a, b) }, mul32),
		bin32("div", func(a, b fp.Float) fp.Float { return fp.Div(fp.RNE, a, b) }, div32),
		bin32("rem", fp.Rem, func(a, b float32) float32 { return float32(math.Remainder(float64(a), float64(b))) }),
		{Name: "sqrt/32", Reference: "float32(math.Sqrt)", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			if g.R.IntN(3) == 0 {
				a = g.Near(fp.Mul(fp.RNE, a, a))
			}
			// Rounding the binary64 root again to binary32 is exact
			// rounding: 53 ≥ 2·24+2.
			o, h := fp.Sqrt(fp.RNE, a), Of32(float32(math.Sqrt(float64(Float32(a)))))
			return res(same(o, h), "sqrt %v: fp %v, host %v", a, o, h)
		}},
		{Name: "fma/32", Reference: "math/big at 1100 bits (no host float32 FMA)", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a, b, c := fmaArgs(g)
			o, h := fp.Fma(fp.RNE, a, b, c), Of32(fma32(Float32(a), Float32(b), Float32(c)))
			return res(same(o, h), "fma %v %v %v: fp %v, ref %v", a, b, c, o, h)
		}},
		{Name: "roundToIntegral/32", Reference: "math.RoundToEven/… via float64 (exact)", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			rm := fp.RoundingModes[g.R.IntN(5)]
			o, h := fp.RoundToIntegral(rm, a), Of32(float32(rtiHost(rm, float64(Float32(a)))))
			return res(same(o, h), "roundToIntegral %v %v: fp %v, host %v", rm, a, o, h)
		}},
		{Name: "compare/32", Reference: "Go < <= == > >=", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a, b := pair(g)
			x, y := Float32(a), Float32(b)
			ok := fp.Lt(a, b) == (x < y) && fp.Leq(a, b) == (x <= y) && fp.Eq(a, b) == (x == y) &&
				fp.Gt(a, b) == (x > y) && fp.Geq(a, b) == (x >= y)
			return res(ok, "compare %v %v", a, b)
		}},
		{Name: "to_sbv/32", Reference: "Go int64/…/int8(f), RTZ", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			return toSBV(g, a, float64(Float32(a)))
		}},
		{Name: "to_ubv/32", Reference: "Go uint64/…/uint8(f), RTZ", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			return toUBV(g, a, float64(Float32(a)))
		}},
		{Name: "from_sbv/32", Reference: "Go float32(int64), float32(int32)", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			i, w := randInt(g)
			o := fp.FromSigned(fp.RNE, big.NewInt(i), w, 8, 24)
			return res(same(o, Of32(float32(i))), "to_fp 32 from (_ BitVec %d) %d: fp %v", w, i, o)
		}},
		{Name: "from_ubv/32", Reference: "Go float32(uint64)", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			i, _ := randInt(g)
			u := uint64(i)
			o := fp.FromUnsigned(fp.RNE, new(big.Int).SetUint64(u), 64, 8, 24)
			return res(same(o, Of32(float32(u))), "to_fp_unsigned 32 from %d: fp %v", u, o)
		}},
		{Name: "to_fp 32→64", Reference: "Go float64(float32)", EB: 8, SB: 24, Check: func(g *Gen) (bool, bool, string) {
			a := g.Float()
			o := fp.Convert(fp.RNE, a, 11, 53)
			return res(same(o, Of64(float64(Float32(a)))), "to_fp 64 %v: fp %v", a, o)
		}},
	}
	return ops
}

// fmaArgs draws fma operands, a third of the time with c near -(a·b) so
// that the sum cancels.
func fmaArgs(g *Gen) (a, b, c fp.Float) {
	a, b = pair(g)
	if g.R.IntN(3) == 0 {
		c = g.Near(fp.Neg(fp.Mul(fp.RoundingModes[g.R.IntN(5)], a, b)))
	} else {
		c = g.Float()
	}
	return a, b, c
}

// randInt draws an int64 and a width (64 or 32; for 32 the value fits):
// uniform, small, or near a power of two with ties in its low bits.
func randInt(g *Gen) (int64, int) {
	var i int64
	switch g.R.IntN(4) {
	case 0:
		i = int64(g.R.Uint64())
	case 1:
		i = g.R.Int64N(2001) - 1000
	default:
		k := g.R.IntN(63)
		i = 1<<k + g.R.Int64N(64) - 32
		if k > 30 {
			i |= int64(g.R.IntN(4)) << (k - 30) // bits at the rounding position
		}
		if g.R.IntN(2) == 0 {
			i = -i
		}
	}
	if g.R.IntN(3) == 0 {
		return int64(int32(i)), 32
	}
	return i, 64
}

// randRat draws a rational: a float64 value moved a little, or a
// quotient of random integers of up to 200 bits.
func randRat(g *Gen) *big.Rat {
	if g.R.IntN(2) == 0 {
		x := Float64(g.Float())
		if math.IsInf(x, 0) || x != x {
			x = 1
		}
		r := new(big.Rat).SetFloat64(x)
		d := new(big.Rat).SetFrac(big.NewInt(g.R.Int64N(5)-2), new(big.Int).Lsh(big.NewInt(1), uint(g.R.IntN(1200))))
		return r.Add(r, d)
	}
	n := g.randBits(1 + g.R.IntN(200))
	d := g.randBits(1 + g.R.IntN(200))
	if d.Sign() == 0 {
		d.SetInt64(1)
	}
	if g.R.IntN(2) == 0 {
		n.Neg(n)
	}
	return new(big.Rat).SetFrac(n, d)
}

var widths = []int{8, 16, 32, 64}

func toSBVCheck64(g *Gen) (bool, bool, string) {
	a := g.Float()
	return toSBV(g, a, Float64(a))
}

func toUBVCheck64(g *Gen) (bool, bool, string) {
	a := g.Float()
	return toUBV(g, a, Float64(a))
}

// toSBV checks fp.to_sbv under RTZ for a random width against Go's
// conversion where it is defined (the truncated value fits), and that fp
// reports unspecified otherwise.
func toSBV(g *Gen, a fp.Float, x float64) (bool, bool, string) {
	w := widths[g.R.IntN(len(widths))]
	if g.R.IntN(2) == 0 { // bring a into the interesting range
		x = math.Ldexp(float64(g.R.Int64()), -g.R.IntN(70))
		if a.EB == 8 {
			x = float64(float32(x))
			a = Of32(float32(x))
		} else {
			a = Of64(x)
		}
	}
	v, ok := fp.ToSigned(fp.RTZ, a, w)
	t := math.Trunc(x)
	lim := math.Ldexp(1, w-1)
	if x != x || math.IsInf(x, 0) || t < -lim || t >= lim {
		return res(!ok, "to_sbv %d %v: fp %v, expected unspecified", w, a, v)
	}
	var h int64
	switch w {
	case 8:
		h = int64(int8(x))
	case 16:
		h = int64(int16(x))
	case 32:
		h = int64(int32(x))
	default:
		h = int64(x)
	}
	return res(ok && v.IsInt64() && v.Int64() == h, "to_sbv %d %v: fp %v %v, host %d", w, a, v, ok, h)
}

func toUBV(g *Gen, a fp.Float, x float64) (bool, bool, string) {
	w := widths[g.R.IntN(len(widths))]
	if g.R.IntN(2) == 0 {
		x = math.Ldexp(float64(g.R.Uint64()), -g.R.IntN(70))
		if g.R.IntN(8) == 0 {
			x = -x * 0x1p-64
		}
		if a.EB == 8 {
			x = float64(float32(x))
			a = Of32(float32(x))
		} else {
			a = Of64(x)
		}
	}
	v, ok := fp.ToUnsigned(fp.RTZ, a, w)
	t := math.Trunc(x)
	if x != x || math.IsInf(x, 0) || t < 0 || t >= math.Ldexp(1, w) {
		return res(!ok, "to_ubv %d %v: fp %v, expected unspecified", w, a, v)
	}
	var h uint64
	switch w {
	case 8:
		h = uint64(uint8(t))
	case 16:
		h = uint64(uint16(t))
	case 32:
		h = uint64(uint32(t))
	default:
		h = uint64(t)
	}
	return res(ok && v.IsUint64() && v.Uint64() == h, "to_ubv %d %v: fp %v %v, host %d", w, a, v, ok, h)
}
