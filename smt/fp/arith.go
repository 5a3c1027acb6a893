package fp

import "math/big"

// Abs is fp.abs: x with its sign bit cleared (NaN stays NaN).
func Abs(x Float) Float {
	if !x.Valid() {
		return Float{}
	}
	if x.IsNaN() {
		return NaN(x.EB, x.SB)
	}
	return Float{EB: x.EB, SB: x.SB, Bits: new(big.Int).SetBit(x.bits(), x.EB+x.SB-1, 0)}
}

// Neg is fp.neg: x with its sign bit flipped (NaN stays NaN).
func Neg(x Float) Float {
	if !x.Valid() {
		return Float{}
	}
	if x.IsNaN() {
		return NaN(x.EB, x.SB)
	}
	w := x.EB + x.SB - 1
	return Float{EB: x.EB, SB: x.SB, Bits: new(big.Int).SetBit(x.bits(), w, 1-x.bits().Bit(w))}
}

// Add is fp.add: x+y rounded by rm.
func Add(rm RoundingMode, x, y Float) Float {
	if !sameFormat(x, y) {
		return Float{}
	}
	eb, sb := x.EB, x.SB
	kx, nx := x.unpack()
	ky, ny := y.unpack()
	switch {
	case kx == kNaN || ky == kNaN:
		return NaN(eb, sb)
	case kx == kInf && ky == kInf:
		if nx.neg != ny.neg {
			return NaN(eb, sb)
		}
		return Inf(eb, sb, nx.neg)
	case kx == kInf:
		return Inf(eb, sb, nx.neg)
	case ky == kInf:
		return Inf(eb, sb, ny.neg)
	case kx == kZero && ky == kZero:
		return Zero(eb, sb, zeroSumSign(rm, nx.neg, ny.neg))
	}
	return roundNum(eb, sb, rm, addNum(nx, ny, sb))
}

// zeroSumSign is the sign of the sum of two zeros (or of a zero product
// and a zero): that sign when they agree, otherwise + except under RTN.
func zeroSumSign(rm RoundingMode, a, b bool) bool {
	if a == b {
		return a
	}
	return rm == RTN
}

// Sub is fp.sub: x-y rounded by rm.
func Sub(rm RoundingMode, x, y Float) Float {
	if !sameFormat(x, y) {
		return Float{}
	}
	if y.IsNaN() {
		return NaN(x.EB, x.SB)
	}
	return Add(rm, x, Neg(y))
}

// Mul is fp.mul: x·y rounded by rm.
func Mul(rm RoundingMode, x, y Float) Float {
	if !sameFormat(x, y) {
		return Float{}
	}
	eb, sb := x.EB, x.SB
	kx, nx := x.unpack()
	ky, ny := y.unpack()
	neg := nx.neg != ny.neg
	switch {
	case kx == kNaN || ky == kNaN:
		return NaN(eb, sb)
	case kx == kInf && ky == kZero, kx == kZero && ky == kInf:
		return NaN(eb, sb)
	case kx == kInf || ky == kInf:
		return Inf(eb, sb, neg)
	case kx == kZero || ky == kZero:
		return Zero(eb, sb, neg)
	}
	return round(eb, sb, rm, neg, new(big.Int).Mul(nx.m, ny.m), nx.e+ny.e, false)
}

// Div is fp.div: x/y rounded by rm.
func Div(rm RoundingMode, x, y Float) Float {
	if !sameFormat(x, y) {
		return Float{}
	}
	eb, sb := x.EB, x.SB
	kx, nx := x.unpack()
	ky, ny := y.unpack()
	neg := nx.neg != ny.neg
	switch {
	case kx == kNaN || ky == kNaN:
		return NaN(eb, sb)
	case kx == kInf && ky == kInf, kx == kZero && ky == kZero:
		return NaN(eb, sb)
	case kx == kInf || ky == kZero:
		return Inf(eb, sb, neg)
	case kx == kZero || ky == kInf:
		return Zero(eb, sb, neg)
	}
	m, e, sticky := quotient(nx.m, ny.m, sb)
	return round(eb, sb, rm, neg, m, nx.e-ny.e+e, sticky)
}

// quotient is a/b = (m + δ)·2^e with m of at least sb+2 bits, sticky
// telling whether δ > 0.
func quotient(a, b *big.Int, sb int) (m *big.Int, e int, sticky bool) {
	k := sb + 2 + b.BitLen() - a.BitLen()
	n, d := a, b
	if k > 0 {
		n = new(big.Int).Lsh(a, uint(k))
	} else if k < 0 {
		d = new(big.Int).Lsh(b, uint(-k))
	}
	m, r := new(big.Int).QuoRem(n, d, new(big.Int))
	return m, -k, r.Sign() != 0
}

// Fma is fp.fma: x·y+z rounded once by rm.
func Fma(rm RoundingMode, x, y, z Float) Float {
	if !sameFormat(x, y, z) {
		return Float{}
	}
	eb, sb := x.EB, x.SB
	kx, nx := x.unpack()
	ky, ny := y.unpack()
	kz, nz := z.unpack()
	pneg := nx.neg != ny.neg
	switch {
	case kx == kNaN || ky == kNaN || kz == kNaN:
		return NaN(eb, sb)
	case kx == kInf && ky == kZero, kx == kZero && ky == kInf:
		return NaN(eb, sb)
	case kx == kInf || ky == kInf:
		if kz == kInf && nz.neg != pneg {
			return NaN(eb, sb)
		}
		return Inf(eb, sb, pneg)
	case kz == kInf:
		return Inf(eb, sb, nz.neg)
	case kx == kZero || ky == kZero:
		if kz == kZero {
			return Zero(eb, sb, zeroSumSign(rm, pneg, nz.neg))
		}
		return roundNum(eb, sb, rm, nz)
	}
	p := num{neg: pneg, m: new(big.Int).Mul(nx.m, ny.m), e: nx.e + ny.e}
	if kz == kZero {
		return round(eb, sb, rm, p.neg, p.m, p.e, false)
	}
	return roundNum(eb, sb, rm, addNum(p, nz, sb))
}

// Sqrt is fp.sqrt: the square root of x rounded by rm; NaN for x < 0
// other than -0, whose root is -0.
func Sqrt(rm RoundingMode, x Float) Float {
	if !x.Valid() {
		return Float{}
	}
	eb, sb := x.EB, x.SB
	k, n := x.unpack()
	switch {
	case k == kNaN:
		return NaN(eb, sb)
	case k == kZero:
		return Zero(eb, sb, n.neg)
	case n.neg:
		return NaN(eb, sb)
	case k == kInf:
		return Inf(eb, sb, false)
	}
	m, e := n.m, n.e
	// Scale by an even power of two so that the root has sb+2 bits.
	s := 2*(sb+2) - m.BitLen()
	if s < 0 {
		s = 0
	}
	if (e-s)%2 != 0 {
		s++
	}
	m = new(big.Int).Lsh(m, uint(s))
	r := new(big.Int).Sqrt(m)
	sticky := new(big.Int).Mul(r, r).Cmp(m) != 0
	return round(eb, sb, rm, false, r, (e-s)/2, sticky)
}

// Rem is fp.rem: the IEEE remainder x - y·n, n the integer nearest x/y
// (ties to even). It is always exact; a zero result has the sign of x.
func Rem(x, y Float) Float {
	if !sameFormat(x, y) {
		return Float{}
	}
	eb, sb := x.EB, x.SB
	kx, nx := x.unpack()
	ky, ny := y.unpack()
	switch {
	case kx == kNaN || ky == kNaN || kx == kInf || ky == kZero:
		return NaN(eb, sb)
	case kx == kZero || ky == kInf:
		return x
	}
	// 2|x| < 2^(top(x)+2) ≤ |y| when top(x) < top(y)-1: the quotient
	// rounds to 0.
	if nx.top() < ny.top()-1 {
		return x
	}
	// Here nx.e - ny.e ≥ -(sb+1), so aligning x below y stays small; x's
	// exponent may be far above y's, so reduce 2^d modulo 2Y.
	e := min(nx.e, ny.e)
	Y := new(big.Int).Lsh(ny.m, uint(ny.e-e))
	Y2 := new(big.Int).Lsh(Y, 1)
	X := new(big.Int)
	if d := nx.e - e; d > 0 {
		X.Exp(big.NewInt(2), big.NewInt(int64(d)), Y2)
		X.Mul(X, nx.m)
	} else {
		X.Set(nx.m)
	}
	X.Mod(X, Y2) // X mod 2Y: its quotient's parity is whether X ≥ Y
	odd := X.Cmp(Y) >= 0
	if odd {
		X.Sub(X, Y)
	}
	// r = X ∈ [0, Y): pick r or r-Y, whichever is nearer 0, ties to the
	// even quotient.
	c := new(big.Int).Lsh(X, 1).Cmp(Y)
	neg := nx.neg
	if c > 0 || c == 0 && odd {
		X.Sub(Y, X)
		neg = !neg
	}
	if X.Sign() == 0 {
		return Zero(eb, sb, nx.neg)
	}
	return round(eb, sb, RNE, neg, X, e, false)
}

// RoundToIntegral is fp.roundToIntegral: x rounded to an integer by rm,
// keeping x's sign when the result is zero.
func RoundToIntegral(rm RoundingMode, x Float) Float {
	if !x.Valid() {
		return Float{}
	}
	k, n := x.unpack()
	switch k {
	case kNaN:
		return NaN(x.EB, x.SB)
	case kZero, kInf:
		return x
	}
	if n.e >= 0 { // already an integer
		return x
	}
	i := roundInt(rm, n)
	if i.Sign() == 0 {
		return Zero(x.EB, x.SB, n.neg)
	}
	return round(x.EB, x.SB, rm, n.neg, i.Abs(i), 0, false)
}

// roundInt is the integer nearest n under rm, with n's sign.
func roundInt(rm RoundingMode, n num) *big.Int {
	var i *big.Int
	if n.e >= 0 {
		i = new(big.Int).Lsh(n.m, uint(n.e))
	} else {
		sh := -n.e
		i = new(big.Int).Rsh(n.m, uint(sh))
		guard := n.m.Bit(sh-1) == 1
		rest := int(n.m.TrailingZeroBits()) < sh-1
		inc := false
		switch rm {
		case RNE:
			inc = guard && (rest || i.Bit(0) == 1)
		case RNA:
			inc = guard
		case RTP:
			inc = !n.neg && (guard || rest)
		case RTN:
			inc = n.neg && (guard || rest)
		}
		if inc {
			i.Add(i, big.NewInt(1))
		}
	}
	if n.neg {
		i.Neg(i)
	}
	return i
}

// Min is fp.min. If one argument is NaN the other is the result. The
// standard leaves the minimum of +0 and -0 unspecified: then ok is false.
func Min(x, y Float) (r Float, ok bool) { return minMax(x, y, -1) }

// Max is fp.max, with the same conventions as [Min].
func Max(x, y Float) (r Float, ok bool) { return minMax(x, y, 1) }

func minMax(x, y Float, want int) (Float, bool) {
	if !sameFormat(x, y) {
		return Float{}, false
	}
	switch {
	case x.IsNaN() && y.IsNaN():
		return NaN(x.EB, x.SB), true
	case x.IsNaN():
		return y, true
	case y.IsNaN():
		return x, true
	case x.IsZero() && y.IsZero() && x.Sign() != y.Sign():
		return Float{}, false
	}
	c, _ := compare(x, y)
	if c == want {
		return x, true
	}
	return y, true
}

// Leq is fp.leq (false when either is NaN).
func Leq(x, y Float) bool { c, ok := compare(x, y); return ok && c <= 0 }

// Lt is fp.lt (false when either is NaN).
func Lt(x, y Float) bool { c, ok := compare(x, y); return ok && c < 0 }

// Geq is fp.geq (false when either is NaN).
func Geq(x, y Float) bool { c, ok := compare(x, y); return ok && c >= 0 }

// Gt is fp.gt (false when either is NaN).
func Gt(x, y Float) bool { c, ok := compare(x, y); return ok && c > 0 }

// Eq is fp.eq, IEEE equality: NaN equals nothing, +0 equals -0. Compare
// [Equal], which is SMT-LIB's =.
func Eq(x, y Float) bool { c, ok := compare(x, y); return ok && c == 0 }
