package fp

import "math/big"

// round is the Float of format (eb, sb) nearest, under rm, to
// (-1)^neg · (m + δ) · 2^e, where δ = 0 when sticky is false and
// 0 < δ < 1 when it is true. m must be positive, and when sticky is true it
// must have at least sb+2 bits, so that a guard bit lies below the
// rounding position. The exponent range is unbounded until here: overflow
// and subnormal results are decided after rounding, as IEEE 754 says.
func round(eb, sb int, rm RoundingMode, neg bool, m *big.Int, e int, sticky bool) Float {
	b := bias(eb)
	emin, emax := 1-b, b
	t := m.BitLen() - 1 + e // |v| ∈ [2^t, 2^(t+1))
	q := max(t, emin) - (sb - 1)
	shift := q - e
	var kept *big.Int
	if shift <= 0 {
		kept = new(big.Int).Lsh(m, uint(-shift))
	} else {
		kept = new(big.Int).Rsh(m, uint(shift))
		guard := m.Bit(shift-1) == 1
		rest := sticky || int(m.TrailingZeroBits()) < shift-1
		inc := false
		switch rm {
		case RNE:
			inc = guard && (rest || kept.Bit(0) == 1)
		case RNA:
			inc = guard
		case RTP:
			inc = !neg && (guard || rest)
		case RTN:
			inc = neg && (guard || rest)
		}
		if inc {
			kept.Add(kept, big.NewInt(1))
			if kept.BitLen() > sb {
				kept.Rsh(kept, 1)
				q++
			}
		}
	}
	if kept.Sign() == 0 {
		return Zero(eb, sb, neg)
	}
	if kept.BitLen() < sb { // subnormal: q = emin - sb + 1
		return pack(eb, sb, neg, 0, kept)
	}
	te := q + sb - 1
	if te > emax {
		return overflow(eb, sb, rm, neg)
	}
	kept.SetBit(kept, sb-1, 0)
	return pack(eb, sb, neg, te+b, kept)
}

// overflow is the result of a number too large for the format: ∞ or the
// largest finite number of its sign, by rounding direction.
func overflow(eb, sb int, rm RoundingMode, neg bool) Float {
	switch {
	case rm == RTZ, rm == RTP && neg, rm == RTN && !neg:
		return MaxFinite(eb, sb, neg)
	}
	return Inf(eb, sb, neg)
}

// roundNum rounds an exact number (zero becomes +0, or -0 under RTN, the
// sign of an exact zero sum).
func roundNum(eb, sb int, rm RoundingMode, n num) Float {
	if n.m.Sign() == 0 {
		return Zero(eb, sb, rm == RTN)
	}
	return round(eb, sb, rm, n.neg, n.m, n.e, false)
}

// top is the exponent of the leading bit of a nonzero number.
func (n num) top() int { return n.m.BitLen() - 1 + n.e }

// addNum is a+b, exactly when that is cheap and otherwise a number that
// rounds, to precision sb (in every rounding mode and every exponent
// range), as a+b does: when b is so small relative to a that it cannot
// reach a rounding boundary, it is replaced by a power of two of the same
// sign that lies in the same gap, so that the aligned sum stays small.
func addNum(a, b num, sb int) num {
	if a.m.Sign() == 0 {
		return b
	}
	if b.m.Sign() == 0 {
		return a
	}
	if a.top() < b.top() {
		a, b = b, a
	}
	// Every rounding boundary of a result near a (|a+b| > 2^(top(a)-1))
	// is a multiple of 2^(top(a)-sb-1); a is a multiple of 2^low(a). If
	// |b| < 2^p for p at most both, a+b lies strictly inside a gap
	// between multiples of 2^p, as does a ± 2^(p-1).
	p := min(a.e+int(a.m.TrailingZeroBits()), a.top()-sb-2)
	if b.top() < p {
		b = num{neg: b.neg, m: big.NewInt(1), e: p - 1}
	}
	e := min(a.e, b.e)
	x := new(big.Int).Lsh(a.m, uint(a.e-e))
	if a.neg {
		x.Neg(x)
	}
	y := new(big.Int).Lsh(b.m, uint(b.e-e))
	if b.neg {
		y.Neg(y)
	}
	x.Add(x, y)
	neg := x.Sign() < 0
	return num{neg: neg, m: x.Abs(x), e: e}
}
