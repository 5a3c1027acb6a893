package fp

import "math/big"

// Convert is ((_ to_fp eb sb) rm x) for a Float x of another (or the same)
// format: x rounded by rm into (eb, sb).
func Convert(rm RoundingMode, x Float, eb, sb int) Float {
	if !x.Valid() || !ValidFormat(eb, sb) {
		return Float{}
	}
	k, n := x.unpack()
	switch k {
	case kNaN:
		return NaN(eb, sb)
	case kInf:
		return Inf(eb, sb, n.neg)
	case kZero:
		return Zero(eb, sb, n.neg)
	}
	return round(eb, sb, rm, n.neg, n.m, n.e, false)
}

// FromRat is ((_ to_fp eb sb) rm r) for a Real r: r rounded by rm. Zero
// gives +0.
func FromRat(rm RoundingMode, r *big.Rat, eb, sb int) Float {
	if !ValidFormat(eb, sb) || r == nil {
		return Float{}
	}
	return fromRatExp(rm, r, 0, eb, sb)
}

// FromRatExp is z3's ((_ to_fp eb sb) rm r e) for a Real r and an Int e:
// r·2^e rounded by rm. Zero gives +0.
func FromRatExp(rm RoundingMode, r *big.Rat, e *big.Int, eb, sb int) Float {
	if !ValidFormat(eb, sb) || r == nil || e == nil {
		return Float{}
	}
	if r.Sign() == 0 {
		return Zero(eb, sb, false)
	}
	// Clamp e: below lo the value is under a quarter of the smallest
	// subnormal, above hi it overflows; either way the rounded result
	// stays the same.
	d := r.Num().BitLen() - r.Denom().BitLen() // top(|r|) ∈ [d-1, d]
	b := bias(eb)
	lo := int64(1-b-sb-3-d) - 1
	hi := int64(b+2-d) + 1
	var x int64
	switch {
	case e.Cmp(big.NewInt(lo)) < 0:
		x = lo
	case e.Cmp(big.NewInt(hi)) > 0:
		x = hi
	default:
		x = e.Int64()
	}
	return fromRatExp(rm, r, int(x), eb, sb)
}

func fromRatExp(rm RoundingMode, r *big.Rat, e int, eb, sb int) Float {
	if r.Sign() == 0 {
		return Zero(eb, sb, false)
	}
	num := new(big.Int).Abs(r.Num())
	m, qe, sticky := quotient(num, r.Denom(), sb)
	return round(eb, sb, rm, r.Sign() < 0, m, qe+e, sticky)
}

// FromInt is the integer i rounded by rm into (eb, sb); zero gives +0.
// ((_ to_fp eb sb) rm bv) is FromInt of bv read as two's complement,
// ((_ to_fp_unsigned eb sb) rm bv) of bv read as unsigned: see
// [FromSigned] and [FromUnsigned].
func FromInt(rm RoundingMode, i *big.Int, eb, sb int) Float {
	if !ValidFormat(eb, sb) || i == nil {
		return Float{}
	}
	if i.Sign() == 0 {
		return Zero(eb, sb, false)
	}
	return round(eb, sb, rm, i.Sign() < 0, new(big.Int).Abs(i), 0, false)
}

// FromSigned is ((_ to_fp eb sb) rm bv) for a bit-vector bv of width w
// (its value taken modulo 2^w), read as a two's complement integer.
func FromSigned(rm RoundingMode, bv *big.Int, w int, eb, sb int) Float {
	if bv == nil || w <= 0 {
		return Float{}
	}
	i := new(big.Int).And(bv, mask(w))
	if i.Bit(w-1) == 1 {
		i.Sub(i, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return FromInt(rm, i, eb, sb)
}

// FromUnsigned is ((_ to_fp_unsigned eb sb) rm bv) for a bit-vector bv of
// width w (its value taken modulo 2^w).
func FromUnsigned(rm RoundingMode, bv *big.Int, w int, eb, sb int) Float {
	if bv == nil || w <= 0 {
		return Float{}
	}
	return FromInt(rm, new(big.Int).And(bv, mask(w)), eb, sb)
}

// ToUnsigned is ((_ fp.to_ubv w) rm x): x rounded to an integer by rm,
// as a bit-vector value in [0, 2^w). The standard leaves the result
// unspecified for NaN, ±∞ and integers out of range: then ok is false.
// (A negative x that rounds to zero, such as -0.3 under RTZ, gives 0.)
func ToUnsigned(rm RoundingMode, x Float, w int) (v *big.Int, ok bool) {
	i, ok := toInt(rm, x, w)
	if !ok || i.Sign() < 0 || i.BitLen() > w {
		return nil, false
	}
	return i, true
}

// ToSigned is ((_ fp.to_sbv w) rm x): x rounded to an integer by rm, in
// [-2^(w-1), 2^(w-1)), returned as that integer (negative for negative
// results; take it modulo 2^w for the bit pattern). ok is false where the
// standard leaves the result unspecified: NaN, ±∞, out of range.
func ToSigned(rm RoundingMode, x Float, w int) (v *big.Int, ok bool) {
	i, ok := toInt(rm, x, w)
	if !ok {
		return nil, false
	}
	lim := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	if i.Cmp(lim) >= 0 || i.Cmp(new(big.Int).Neg(lim)) < 0 {
		return nil, false
	}
	return i, true
}

func toInt(rm RoundingMode, x Float, w int) (*big.Int, bool) {
	if !x.Valid() || w <= 0 {
		return nil, false
	}
	k, n := x.unpack()
	switch k {
	case kNaN, kInf:
		return nil, false
	case kZero:
		return new(big.Int), true
	}
	if n.top() > w+1 { // |x| ≥ 2^(w+2): out of range for any w-bit reading
		return nil, false
	}
	return roundInt(rm, n), true
}

// ToRat is fp.to_real: the exact value of x (0 for ±0). The standard
// leaves it unspecified for ±∞ and NaN: then ok is false.
func ToRat(x Float) (r *big.Rat, ok bool) {
	if !x.Valid() {
		return nil, false
	}
	k, n := x.unpack()
	switch k {
	case kNaN, kInf:
		return nil, false
	case kZero:
		return new(big.Rat), true
	}
	r = new(big.Rat)
	if n.e >= 0 {
		r.SetInt(new(big.Int).Lsh(n.m, uint(n.e)))
	} else {
		r.SetFrac(n.m, new(big.Int).Lsh(big.NewInt(1), uint(-n.e)))
	}
	if n.neg {
		r.Neg(r)
	}
	return r, true
}

// ToIEEEBits is z3's fp.to_ieee_bv: x's bit pattern. NaN has many
// patterns and SMT-LIB fixes none, so for NaN ok is false.
func ToIEEEBits(x Float) (bits *big.Int, ok bool) {
	if !x.Valid() || x.IsNaN() {
		return nil, false
	}
	return new(big.Int).Set(x.bits()), true
}
