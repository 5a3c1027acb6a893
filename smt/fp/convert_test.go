package fp_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/smt/fp"
)

func TestConvertSmallFormats(t *testing.T) {
	for _, f := range smallFormats {
		src := newRef(f[0], f[1])
		for _, g := range smallFormats {
			dst := newRef(g[0], g[1])
			bad := 0
			for _, x := range src.all {
				for _, rm := range fp.RoundingModes {
					var want fp.Float
					switch {
					case x.IsNaN():
						want = dst.nan()
					case x.IsInfinite():
						want = dst.inf(isNeg(x))
					default:
						want = dst.round(rm, src.value(x), isNeg(x))
					}
					check(t, &bad, fmt.Sprintf("to_fp %v %v %v", g, rm, x), fp.Convert(rm, x, g[0], g[1]), want)
				}
			}
		}
	}
}

func TestIntegerConversionsSmallFormats(t *testing.T) {
	for _, f := range smallFormats {
		r := newRef(f[0], f[1])
		bad := 0
		for i := int64(-300); i <= 300; i++ {
			for _, rm := range fp.RoundingModes {
				want := r.round(rm, big.NewRat(i, 1), false)
				check(t, &bad, fmt.Sprintf("to_fp %v %d", rm, i), fp.FromSigned(rm, big.NewInt(i), 12, f[0], f[1]), want)
				if i >= 0 {
					check(t, &bad, fmt.Sprintf("to_fp_unsigned %v %d", rm, i), fp.FromUnsigned(rm, big.NewInt(i), 12, f[0], f[1]), want)
				}
			}
		}
		for _, x := range r.all {
			for _, rm := range fp.RoundingModes {
				for w := 1; w <= 7; w++ {
					var n *big.Int
					if !x.IsNaN() && !x.IsInfinite() {
						n = roundRat(rm, r.value(x))
					}
					u, uok := fp.ToUnsigned(rm, x, w)
					wantU := n != nil && n.Sign() >= 0 && n.BitLen() <= w
					if uok != wantU || uok && u.Cmp(n) != 0 {
						t.Errorf("fp.to_ubv %d %v %v = %v %v, want %v %v", w, rm, x, u, uok, n, wantU)
					}
					s, sok := fp.ToSigned(rm, x, w)
					lim := int64(1) << (w - 1)
					wantS := n != nil && n.Cmp(big.NewInt(-lim)) >= 0 && n.Cmp(big.NewInt(lim)) < 0
					if sok != wantS || sok && s.Cmp(n) != 0 {
						t.Errorf("fp.to_sbv %d %v %v = %v %v, want %v %v", w, rm, x, s, sok, n, wantS)
					}
				}
			}
			q, ok := fp.ToRat(x)
			if x.IsNaN() || x.IsInfinite() {
				if ok {
					t.Errorf("fp.to_real %v defined", x)
				}
			} else if !ok || q.Cmp(r.value(x)) != 0 {
				t.Errorf("fp.to_real %v = %v, want %v", x, q, r.value(x))
			}
		}
	}
}

func TestFromRatSmallFormats(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 3))
	for _, f := range smallFormats {
		r := newRef(f[0], f[1])
		bad := 0
		for range 20000 {
			q := big.NewRat(rnd.Int64N(2001)-1000, rnd.Int64N(300)+1)
			if rnd.IntN(4) == 0 { // near a representable number or a midpoint
				a, b := r.rats[rnd.IntN(len(r.rats))], r.rats[rnd.IntN(len(r.rats))]
				q = new(big.Rat).Add(a, b)
				q.Quo(q, big.NewRat(2, 1))
				q.Add(q, big.NewRat(rnd.Int64N(3)-1, 1<<20))
			}
			rm := fp.RoundingModes[rnd.IntN(5)]
			check(t, &bad, fmt.Sprintf("to_fp %v %v", rm, q), fp.FromRat(rm, q, f[0], f[1]), r.round(rm, q, false))
			e := rnd.IntN(21) - 10
			want := r.round(rm, pow2Rat(q, e), false)
			check(t, &bad, fmt.Sprintf("to_fp %v %v %d", rm, q, e), fp.FromRatExp(rm, q, big.NewInt(int64(e)), f[0], f[1]), want)
		}
		// Huge exponents are clamped without changing the result.
		for _, rm := range fp.RoundingModes {
			huge := new(big.Int).Lsh(big.NewInt(1), 100)
			check(t, &bad, "huge", fp.FromRatExp(rm, big.NewRat(3, 1), huge, f[0], f[1]), r.round(rm, r.ovf, false))
			tiny := r.round(rm, new(big.Rat).Quo(r.rats[1], big.NewRat(1000, 1)), false)
			check(t, &bad, "tiny", fp.FromRatExp(rm, big.NewRat(3, 1), new(big.Int).Neg(huge), f[0], f[1]), tiny)
		}
	}
}

func TestCompareMinMaxSmallFormats(t *testing.T) {
	r := newRef(3, 5)
	for _, x := range r.all {
		for _, y := range r.all {
			nan := x.IsNaN() || y.IsNaN()
			var c int
			if !nan {
				inf := func(a fp.Float) int {
					if a.IsInfinite() {
						return map[bool]int{false: 1, true: -1}[isNeg(a)]
					}
					return 0
				}
				if ix, iy := inf(x), inf(y); ix != 0 || iy != 0 {
					c = cmpInt(ix, iy)
				} else {
					c = r.value(x).Cmp(r.value(y))
				}
			}
			if fp.Lt(x, y) != (!nan && c < 0) || fp.Leq(x, y) != (!nan && c <= 0) || fp.Eq(x, y) != (!nan && c == 0) ||
				fp.Gt(x, y) != (!nan && c > 0) || fp.Geq(x, y) != (!nan && c >= 0) {
				t.Errorf("comparisons of %v and %v wrong", x, y)
			}
			if fp.Equal(x, y) != (x.Bits.Cmp(y.Bits) == 0) {
				t.Errorf("= of %v and %v wrong", x, y)
			}
			lo, okl := fp.Min(x, y)
			hi, okh := fp.Max(x, y)
			switch {
			case x.IsZero() && y.IsZero() && isNeg(x) != isNeg(y):
				if okl || okh {
					t.Errorf("min/max of %v and %v should be unspecified", x, y)
				}
			case x.IsNaN():
				if !fp.Equal(lo, y) || !fp.Equal(hi, y) || !okl || !okh {
					t.Errorf("min/max of NaN and %v", y)
				}
			case y.IsNaN():
				if !fp.Equal(lo, x) || !fp.Equal(hi, x) {
					t.Errorf("min/max of %v and NaN", x)
				}
			default:
				wl, wh := x, y
				if c > 0 {
					wl, wh = y, x
				}
				if !okl || !okh || !fp.Equal(lo, wl) || !fp.Equal(hi, wh) {
					t.Errorf("min/max of %v and %v: %v %v", x, y, lo, hi)
				}
			}
		}
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestInvalid: wrong or mismatched formats give the invalid Float, never
// a panic.
func TestInvalid(t *testing.T) {
	a := fp.Zero(3, 5, false)
	b := fp.Zero(4, 4, false)
	bad := []fp.Float{{}, {EB: 1, SB: 5}, {EB: 3, SB: 5, Bits: big.NewInt(-1)}, {EB: 3, SB: 5, Bits: big.NewInt(1 << 8)}, {EB: fp.MaxEB + 1, SB: 2}}
	for _, x := range append(bad, b) {
		if fp.Add(fp.RNE, a, x).Valid() || fp.Fma(fp.RNE, a, a, x).Valid() || fp.Div(fp.RNE, x, a).Valid() || fp.Rem(a, x).Valid() {
			t.Errorf("operation on %v and %#v is valid", a, x)
		}
		if _, ok := fp.Min(a, x); ok {
			t.Errorf("min of mismatched formats defined")
		}
		if fp.Lt(a, x) || fp.Eq(a, x) || fp.Equal(a, x) {
			t.Errorf("comparison with %#v true", x)
		}
	}
	for _, x := range bad {
		_ = x.String()
		if fp.Sqrt(fp.RNE, x).Valid() || fp.Neg(x).Valid() || fp.RoundToIntegral(fp.RNE, x).Valid() || fp.Convert(fp.RNE, x, 3, 5).Valid() {
			t.Errorf("operation on %#v valid", x)
		}
		if _, ok := fp.ToSigned(fp.RNE, x, 8); ok {
			t.Errorf("to_sbv of %#v defined", x)
		}
		if _, ok := fp.ToRat(x); ok {
			t.Errorf("to_real of %#v defined", x)
		}
	}
}

func TestStringAndSpecials(t *testing.T) {
	for _, c := range []struct {
		x    fp.Float
		want string
	}{
		{fp.NaN(8, 24), "(_ NaN 8 24)"},
		{fp.Inf(3, 5, true), "(_ -oo 3 5)"},
		{fp.Zero(3, 5, true), "(_ -zero 3 5)"},
		{fp.FromRat(fp.RNE, big.NewRat(3, 2), 3, 5), "(fp #b0 #b011 #b1000)"},
	} {
		if got := c.x.String(); got != c.want {
			t.Errorf("String = %s, want %s", got, c.want)
		}
	}
	if u, _ := fp.NaN(8, 24).Uint64(); u != 0x7fc00000 {
		t.Errorf("canonical binary32 NaN is %#x", u)
	}
	if u, _ := fp.NaN(11, 53).Uint64(); u != 0x7ff8000000000000 {
		t.Errorf("canonical binary64 NaN is %#x", u)
	}
	if u, _ := fp.FromUint64(8, 24, 0xffc00001).Uint64(); u != 0x7fc00000 {
		t.Errorf("NaN not canonical: %#x", u)
	}
	if fp.FromTriple(3, 5, 1, big.NewInt(7), big.NewInt(3)).String() != "(_ NaN 3 5)" {
		t.Errorf("FromTriple NaN")
	}
}
