package fp

import "math/big"

// IsNaN is fp.isNaN.
func (x Float) IsNaN() bool {
	if !x.Valid() {
		return false
	}
	_, e := x.signExp()
	return e == 1<<uint(x.EB)-1 && !x.sigZero()
}

// IsInfinite is fp.isInfinite.
func (x Float) IsInfinite() bool {
	if !x.Valid() {
		return false
	}
	_, e := x.signExp()
	return e == 1<<uint(x.EB)-1 && x.sigZero()
}

// IsZero is fp.isZero (true for +0 and -0).
func (x Float) IsZero() bool {
	if !x.Valid() {
		return false
	}
	_, e := x.signExp()
	return e == 0 && x.sigZero()
}

// IsNormal is fp.isNormal.
func (x Float) IsNormal() bool {
	if !x.Valid() {
		return false
	}
	_, e := x.signExp()
	return e != 0 && e != 1<<uint(x.EB)-1
}

// IsSubnormal is fp.isSubnormal.
func (x Float) IsSubnormal() bool {
	if !x.Valid() {
		return false
	}
	_, e := x.signExp()
	return e == 0 && !x.sigZero()
}

// IsNegative is fp.isNegative: the sign bit is set and x is not NaN
// (true for -0 and -∞).
func (x Float) IsNegative() bool { return x.Valid() && !x.IsNaN() && x.Sign() == 1 }

// IsPositive is fp.isPositive: the sign bit is clear and x is not NaN
// (true for +0 and +∞).
func (x Float) IsPositive() bool { return x.Valid() && !x.IsNaN() && x.Sign() == 0 }

// compare orders x and y as IEEE numbers: -1, 0 or +1, with ok false when
// either is NaN (or the arguments are invalid). +0 and -0 compare equal.
func compare(x, y Float) (c int, ok bool) {
	if !sameFormat(x, y) || x.IsNaN() || y.IsNaN() {
		return 0, false
	}
	if x.IsZero() && y.IsZero() {
		return 0, true
	}
	sx, sy := x.Sign(), y.Sign()
	if sx != sy {
		if sx == 1 {
			return -1, true
		}
		return 1, true
	}
	// Same sign: magnitudes order as their bit patterns without the sign.
	mx := x.bits()
	my := y.bits()
	if sx == 1 {
		w := uint(x.EB + x.SB - 1)
		mx = new(big.Int).SetBit(mx, int(w), 0)
		my = new(big.Int).SetBit(my, int(w), 0)
		return -mx.Cmp(my), true
	}
	return mx.Cmp(my), true
}
