package fp_test

import (
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"tandem/smt/fp"
)

// The tests in this file check fp exhaustively on small formats against
// a reference written independently from the definitions of IEEE 754:
// every finite number of the format is enumerated as an exact rational,
// and a real result is rounded by searching that list for its two
// neighbours.

type ref struct {
	eb, sb int
	all    []fp.Float // every bit pattern's Float (NaNs canonical)
	vals   []fp.Float // the non-negative finite numbers, ascending
	rats   []*big.Rat // their values
	ovf    *big.Rat   // 2^(emax+1): the first magnitude past the format
	byBits []*big.Rat // the value of each finite bit pattern
}

func newRef(eb, sb int) *ref {
	r := &ref{eb: eb, sb: sb}
	bias := 1<<(eb-1) - 1
	for b := 0; b < 1<<(eb+sb); b++ {
		r.all = append(r.all, fp.FromUint64(eb, sb, uint64(b)))
	}
	for e := 0; e < 1<<eb-1; e++ {
		for s := 0; s < 1<<(sb-1); s++ {
			var v *big.Rat
			if e == 0 {
				v = pow2Rat(big.NewRat(int64(s), 1), 1-bias-(sb-1))
			} else {
				v = pow2Rat(big.NewRat(int64(s+1<<(sb-1)), 1), e-bias-(sb-1))
			}
			r.vals = append(r.vals, fp.FromUint64(eb, sb, uint64(e<<(sb-1)|s)))
			r.rats = append(r.rats, v)
		}
	}
	r.ovf = pow2Rat(big.NewRat(1, 1), bias+1)
	r.byBits = make([]*big.Rat, 1<<(eb+sb))
	for i, v := range r.vals {
		b, _ := v.Uint64()
		r.byBits[b] = r.rats[i]
		r.byBits[b|1<<(eb+sb-1)] = new(big.Rat).Neg(r.rats[i])
	}
	return r
}

func pow2Rat(x *big.Rat, e int) *big.Rat {
	p := new(big.Int).Lsh(big.NewInt(1), uint(abs(e)))
	if e >= 0 {
		return new(big.Rat).Mul(x, new(big.Rat).SetInt(p))
	}
	return new(big.Rat).Quo(x, new(big.Rat).SetInt(p))
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// value is the exact value of a finite x.
func (r *ref) value(x fp.Float) *big.Rat {
	b, _ := x.Uint64()
	return r.byBits[b]
}

func (r *ref) signed(x fp.Float, neg bool) fp.Float {
	if neg {
		return fp.Neg(x)
	}
	return x
}

func even(x fp.Float) bool { return x.Significand().Bit(0) == 0 }

// round rounds a nonzero rational; a zero v gives zeroNeg's zero.
func (r *ref) round(rm fp.RoundingMode, v *big.Rat, zeroNeg bool) fp.Float {
	if v.Sign() == 0 {
		return fp.Zero(r.eb, r.sb, zeroNeg)
	}
	neg := v.Sign() < 0
	a := new(big.Rat).Abs(v)
	i := sort.Search(len(r.rats), func(i int) bool { return r.rats[i].Cmp(a) > 0 }) - 1
	lo := r.vals[i]
	if r.rats[i].Cmp(a) == 0 {
		return r.signed(lo, neg)
	}
	var up fp.Float
	var upv *big.Rat
	if i+1 < len(r.vals) {
		up, upv = r.vals[i+1], r.rats[i+1]
	} else {
		up, upv = fp.Inf(r.eb, r.sb, false), r.ovf
	}
	pickUp := false
	switch rm {
	case fp.RTZ:
	case fp.RTP:
		pickUp = !neg
	case fp.RTN:
		pickUp = neg
	default:
		d1 := new(big.Rat).Sub(a, r.rats[i])
		d2 := new(big.Rat).Sub(upv, a)
		switch c := d1.Cmp(d2); {
		case c < 0:
		case c > 0:
			pickUp = true
		case rm == fp.RNA:
			pickUp = true
		default:
			pickUp = !even(lo) // the virtual 2^(emax+1) is even
		}
	}
	if pickUp {
		return r.signed(up, neg)
	}
	return r.signed(lo, neg)
}

func (r *ref) nan() fp.Float { return fp.NaN(r.eb, r.sb) }

func (r *ref) inf(neg bool) fp.Float { return fp.Inf(r.eb, r.sb, neg) }

func isNeg(x fp.Float) bool { return x.Sign() == 1 }

func (r *ref) add(rm fp.RoundingMode, x, y fp.Float) fp.Float {
	switch {
	case x.IsNaN() || y.IsNaN():
		return r.nan()
	case x.IsInfinite() && y.IsInfinite() && isNeg(x) != isNeg(y):
		return r.nan()
	case x.IsInfinite():
		return x
	case y.IsInfinite():
		return y
	}
	s := new(big.Rat).Add(r.value(x), r.value(y))
	zneg := rm == fp.RTN
	if x.IsZero() && y.IsZero() && isNeg(x) == isNeg(y) {
		zneg = isNeg(x)
	}
	return r.round(rm, s, zneg)
}

func (r *ref) mul(rm fp.RoundingMode, x, y fp.Float) fp.Float {
	neg := isNeg(x) != isNeg(y)
	switch {
	case x.IsNaN() || y.IsNaN():
		return r.nan()
	case x.IsInfinite() && y.IsZero() || x.IsZero() && y.IsInfinite():
		return r.nan()
	case x.IsInfinite() || y.IsInfinite():
		return r.inf(neg)
	}
	return r.round(rm, new(big.Rat).Mul(r.value(x), r.value(y)), neg)
}

func (r *ref) div(rm fp.RoundingMode, x, y fp.Float) fp.Float {
	neg := isNeg(x) != isNeg(y)
	switch {
	case x.IsNaN() || y.IsNaN():
		return r.nan()
	case x.IsInfinite() && y.IsInfinite() || x.IsZero() && y.IsZero():
		return r.nan()
	case x.IsInfinite() || y.IsZero():
		return r.inf(neg)
	case y.IsInfinite():
		return fp.Zero(r.eb, r.sb, neg)
	}
	return r.round(rm, new(big.Rat).Quo(r.value(x), r.value(y)), neg)
}

func (r *ref) fma(rm fp.RoundingMode, x, y, z fp.Float) fp.Float {
	pneg := isNeg(x) != isNeg(y)
	switch {
	case x.IsNaN() || y.IsNaN() || z.IsNaN():
		return r.nan()
	case x.IsInfinite() && y.IsZero() || x.IsZero() && y.IsInfinite():
		return r.nan()
	case x.IsInfinite() || y.IsInfinite():
		if z.IsInfinite() && isNeg(z) != pneg {
			return r.nan()
		}
		return r.inf(pneg)
	case z.IsInfinite():
		return z
	}
	p := new(big.Rat).Mul(r.value(x), r.value(y))
	s := new(big.Rat).Add(p, r.value(z))
	zneg := rm == fp.RTN
	if p.Sign() == 0 && z.IsZero() && pneg == isNeg(z) {
		zneg = pneg
	}
	return r.round(rm, s, zneg)
}

func (r *ref) sqrt(rm fp.RoundingMode, x fp.Float) fp.Float {
	switch {
	case x.IsNaN():
		return r.nan()
	case x.IsZero():
		return x
	case isNeg(x):
		return r.nan()
	case x.IsInfinite():
		return x
	}
	v := r.value(x)
	sq := func(a *big.Rat) *big.Rat { return new(big.Rat).Mul(a, a) }
	i := sort.Search(len(r.rats), func(i int) bool { return sq(r.rats[i]).Cmp(v) > 0 }) - 1
	if sq(r.rats[i]).Cmp(v) == 0 {
		return r.vals[i]
	}
	up, upv := r.inf(false), r.ovf
	if i+1 < len(r.vals) {
		up, upv = r.vals[i+1], r.rats[i+1]
	}
	switch rm {
	case fp.RTP:
		return up
	case fp.RTN, fp.RTZ:
		return r.vals[i]
	}
	mid := new(big.Rat).Add(r.rats[i], upv)
	mid.Quo(mid, big.NewRat(2, 1))
	switch c := v.Cmp(sq(mid)); {
	case c < 0:
		return r.vals[i]
	case c > 0:
		return up
	case rm == fp.RNA || !even(r.vals[i]):
		return up
	}
	return r.vals[i]
}

// roundRat rounds a rational to an integer.
func roundRat(rm fp.RoundingMode, v *big.Rat) *big.Int {
	fl := new(big.Int).Div(v.Num(), v.Denom()) // Euclidean: floor for positive denominators
	frac := new(big.Rat).Sub(v, new(big.Rat).SetInt(fl))
	if frac.Sign() == 0 {
		return fl
	}
	ce := new(big.Int).Add(fl, big.NewInt(1))
	half := big.NewRat(1, 2)
	switch rm {
	case fp.RTP:
		return ce
	case fp.RTN:
		return fl
	case fp.RTZ:
		if v.Sign() < 0 {
			return ce
		}
		return fl
	}
	switch c := frac.Cmp(half); {
	case c < 0:
		return fl
	case c > 0:
		return ce
	case rm == fp.RNA:
		if v.Sign() < 0 {
			return fl
		}
		return ce
	case fl.Bit(0) == 0:
		return fl
	}
	return ce
}

func (r *ref) rem(x, y fp.Float) fp.Float {
	switch {
	case x.IsNaN() || y.IsNaN() || x.IsInfinite() || y.IsZero():
		return r.nan()
	case y.IsInfinite():
		return x
	}
	vx, vy := r.value(x), r.value(y)
	n := roundRat(fp.RNE, new(big.Rat).Quo(vx, vy))
	d := new(big.Rat).Sub(vx, new(big.Rat).Mul(new(big.Rat).SetInt(n), vy))
	return r.round(fp.RNE, d, isNeg(x))
}

func (r *ref) rti(rm fp.RoundingMode, x fp.Float) fp.Float {
	if x.IsNaN() || x.IsInfinite() || x.IsZero() {
		return x
	}
	n := roundRat(rm, r.value(x))
	return r.round(rm, new(big.Rat).SetInt(n), isNeg(x))
}

var smallFormats = [][2]int{{2, 2}, {2, 3}, {3, 5}, {4, 4}, {3, 3}}

func check(t *testing.T, bad *int, what string, got, want fp.Float) {
	t.Helper()
	if !fp.Equal(got, want) {
		*bad++
		if *bad <= 10 {
			t.Errorf("%s: got %v, want %v", what, got, want)
		}
	}
}

var exhaustive = flag.Bool("fp.exhaustive", false, "check every pair of the 8-bit formats in every rounding mode (a minute), not one mode per pair")

// TestExhaustiveSmallFormats checks every operand (pair) of formats of at
// most 8 bits; for the 8-bit formats each pair gets one rounding mode,
// rotating, unless -fp.exhaustive.
func TestExhaustiveSmallFormats(t *testing.T) {
	for _, f := range smallFormats {
		r := newRef(f[0], f[1])
		bad := 0
		modes := fp.RoundingModes[:]
		k := 0
		for _, x := range r.all {
			for _, rm := range fp.RoundingModes {
				check(t, &bad, fmt.Sprintf("sqrt %v %v", rm, x), fp.Sqrt(rm, x), r.sqrt(rm, x))
				check(t, &bad, fmt.Sprintf("roundToIntegral %v %v", rm, x), fp.RoundToIntegral(rm, x), r.rti(rm, x))
			}
			for _, y := range r.all {
				if len(r.all) > 64 && !*exhaustive {
					k++
					modes = fp.RoundingModes[k%5 : k%5+1]
				}
				for _, rm := range modes {
					check(t, &bad, fmt.Sprintf("add %v %v %v", rm, x, y), fp.Add(rm, x, y), r.add(rm, x, y))
					check(t, &bad, fmt.Sprintf("sub %v %v %v", rm, x, y), fp.Sub(rm, x, y), r.add(rm, x, fp.Neg(y)))
					check(t, &bad, fmt.Sprintf("mul %v %v %v", rm, x, y), fp.Mul(rm, x, y), r.mul(rm, x, y))
					check(t, &bad, fmt.Sprintf("div %v %v %v", rm, x, y), fp.Div(rm, x, y), r.div(rm, x, y))
				}
				check(t, &bad, fmt.Sprintf("rem %v %v", x, y), fp.Rem(x, y), r.rem(x, y))
			}
		}
		t.Logf("(%d,%d): %d patterns, %d mismatches", f[0], f[1], len(r.all), bad)
	}
}

func TestFmaSmallFormats(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	for _, f := range smallFormats {
		r := newRef(f[0], f[1])
		bad := 0
		n := len(r.all)
		if n <= 32 { // every triple
			for _, x := range r.all {
				for _, y := range r.all {
					for _, z := range r.all {
						for _, rm := range fp.RoundingModes {
							check(t, &bad, fmt.Sprintf("fma %v %v %v %v", rm, x, y, z), fp.Fma(rm, x, y, z), r.fma(rm, x, y, z))
						}
					}
				}
			}
			continue
		}
		for range 40000 {
			x, y, z := r.all[rnd.IntN(n)], r.all[rnd.IntN(n)], r.all[rnd.IntN(n)]
			rm := fp.RoundingModes[rnd.IntN(5)]
			check(t, &bad, fmt.Sprintf("fma %v %v %v %v", rm, x, y, z), fp.Fma(rm, x, y, z), r.fma(rm, x, y, z))
		}
	}
}
