package fp

import (
	"math/big"
	"strconv"
)

// RoundingMode is one of the five IEEE 754 rounding-direction attributes
// that SMT-LIB names RNE, RNA, RTP, RTN and RTZ.
type RoundingMode uint8

// The rounding modes.
const (
	RNE RoundingMode = iota // roundNearestTiesToEven
	RNA                     // roundNearestTiesToAway
	RTP                     // roundTowardPositive
	RTN                     // roundTowardNegative
	RTZ                     // roundTowardZero
)

// RoundingModes lists the five modes, in declaration order.
var RoundingModes = [...]RoundingMode{RNE, RNA, RTP, RTN, RTZ}

// String is the SMT-LIB short name of the mode.
func (rm RoundingMode) String() string {
	switch rm {
	case RNE:
		return "RNE"
	case RNA:
		return "RNA"
	case RTP:
		return "RTP"
	case RTN:
		return "RTN"
	case RTZ:
		return "RTZ"
	}
	return "RoundingMode(" + strconv.Itoa(int(rm)) + ")"
}

// Limits on the formats the package computes with. SMT-LIB allows any
// eb, sb ≥ 2; these bounds keep every intermediate result of a few
// megabytes at most (fp.to_real of the largest (24, sb) number has about
// 2^23 bits). Operations on Floats outside them give the invalid zero Float.
const (
	MaxEB = 24
	MaxSB = 1 << 16
)

// Float is a value of sort (_ FloatingPoint EB SB): its IEEE 754 bit
// pattern, sign bit first, then EB exponent bits, then SB-1 trailing
// significand bits. A nil Bits is +0. Floats built by this package are
// canonical: there is one NaN per format (SMT-LIB has a single NaN), the
// quiet NaN with sign 0, all exponent bits set and only the top
// significand bit set (0x7fc00000 for Float32, 0x7ff8000000000000 for
// Float64), the pattern [tandem/smt.NewFPValue] also uses.
//
// Float has the same fields as [tandem/smt.FPValue], so the two convert
// into each other with a type conversion. Operations never modify their
// arguments' Bits, and results never share them.
//
// The zero Float (EB = 0) is invalid; operations return it when their
// arguments are invalid (a format outside 2 ≤ EB ≤ [MaxEB], 2 ≤ SB ≤ [MaxSB])
// or of different formats. Check with [Float.Valid].
type Float struct {
	EB, SB int
	Bits   *big.Int
}

// ValidFormat reports whether (_ FloatingPoint eb sb) is a format the
// package computes with.
func ValidFormat(eb, sb int) bool {
	return eb >= 2 && sb >= 2 && eb <= MaxEB && sb <= MaxSB
}

// Valid reports whether x has a supported format and a bit pattern that
// fits it.
func (x Float) Valid() bool {
	if !ValidFormat(x.EB, x.SB) {
		return false
	}
	return x.Bits == nil || (x.Bits.Sign() >= 0 && x.Bits.BitLen() <= x.EB+x.SB)
}

func sameFormat(xs ...Float) bool {
	for _, x := range xs {
		if !x.Valid() || x.EB != xs[0].EB || x.SB != xs[0].SB {
			return false
		}
	}
	return true
}

func (x Float) bits() *big.Int {
	if x.Bits == nil {
		return new(big.Int)
	}
	return x.Bits
}

// FromBits is the Float of format (eb, sb) with the bit pattern bits taken
// modulo 2^(eb+sb) (two's complement for negative bits); every NaN pattern
// becomes the canonical NaN. It is (_ to_fp eb sb) of a bit-vector.
func FromBits(eb, sb int, bits *big.Int) Float {
	if !ValidFormat(eb, sb) || bits == nil {
		if ValidFormat(eb, sb) {
			return Zero(eb, sb, false)
		}
		return Float{}
	}
	b := new(big.Int).Set(bits)
	if b.Sign() < 0 || b.BitLen() > eb+sb {
		b.And(b, mask(eb+sb))
	}
	x := Float{EB: eb, SB: sb, Bits: b}
	if x.IsNaN() {
		return NaN(eb, sb)
	}
	return x
}

// FromUint64 is [FromBits] for a bit pattern of at most 64 bits, such as
// math.Float64bits(f) with (eb, sb) = (11, 53).
func FromUint64(eb, sb int, bits uint64) Float {
	return FromBits(eb, sb, new(big.Int).SetUint64(bits))
}

// Uint64 is x's bit pattern when it has at most 64 bits; ok is false for
// wider formats.
func (x Float) Uint64() (bits uint64, ok bool) {
	if !x.Valid() || x.EB+x.SB > 64 {
		return 0, false
	}
	return x.bits().Uint64(), true
}

// FromTriple is (fp sign exp sig) of format (eb, sb): sign is 1 bit, exp
// eb bits and sig sb-1 bits, each taken modulo its width.
func FromTriple(eb, sb int, sign uint, exp, sig *big.Int) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	b := new(big.Int)
	if exp != nil {
		b.And(exp, mask(eb))
	}
	b.SetBit(b, eb, sign&1)
	b.Lsh(b, uint(sb-1))
	if sig != nil {
		b.Or(b, new(big.Int).And(sig, mask(sb-1)))
	}
	return FromBits(eb, sb, b)
}

// Zero is +0 or, if neg, -0.
func Zero(eb, sb int, neg bool) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	b := new(big.Int)
	if neg {
		b.SetBit(b, eb+sb-1, 1)
	}
	return Float{EB: eb, SB: sb, Bits: b}
}

// Inf is +∞ or, if neg, -∞.
func Inf(eb, sb int, neg bool) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	return pack(eb, sb, neg, 1<<eb-1, nil)
}

// NaN is the canonical NaN of the format.
func NaN(eb, sb int) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	sig := new(big.Int).SetBit(new(big.Int), sb-2, 1)
	return pack(eb, sb, false, 1<<eb-1, sig)
}

// MaxFinite is the largest finite magnitude with the given sign.
func MaxFinite(eb, sb int, neg bool) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	return pack(eb, sb, neg, 1<<eb-2, mask(sb-1))
}

// MinSubnormal is the smallest positive (or, if neg, negative) subnormal.
func MinSubnormal(eb, sb int, neg bool) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	return pack(eb, sb, neg, 0, big.NewInt(1))
}

// MinNormal is the smallest normal magnitude with the given sign.
func MinNormal(eb, sb int, neg bool) Float {
	if !ValidFormat(eb, sb) {
		return Float{}
	}
	return pack(eb, sb, neg, 1, nil)
}

// pack builds a Float from its fields; sig (nil: 0) must fit sb-1 bits.
func pack(eb, sb int, neg bool, exp int, sig *big.Int) Float {
	b := new(big.Int).SetInt64(int64(exp))
	if neg {
		b.SetBit(b, eb, 1)
	}
	b.Lsh(b, uint(sb-1))
	if sig != nil {
		b.Or(b, sig)
	}
	return Float{EB: eb, SB: sb, Bits: b}
}

// fields splits x into sign, biased exponent and trailing significand.
func (x Float) fields() (neg bool, exp int, sig *big.Int) {
	b := x.bits()
	neg, exp = x.signExp()
	if b.BitLen() <= 64 && x.SB-1 < 64 {
		return neg, exp, new(big.Int).SetUint64(b.Uint64() & (1<<uint(x.SB-1) - 1))
	}
	sig = new(big.Int).Set(b)
	for i := x.SB - 1; i < x.EB+x.SB; i++ {
		sig.SetBit(sig, i, 0)
	}
	return neg, exp, sig
}

// signExp reads the sign and the biased exponent without allocating.
func (x Float) signExp() (neg bool, exp int) {
	b := x.bits()
	for i := x.EB - 1; i >= 0; i-- {
		exp = exp<<1 | int(b.Bit(x.SB-1+i))
	}
	return b.Bit(x.EB+x.SB-1) == 1, exp
}

// sigZero reports whether the trailing significand is zero.
func (x Float) sigZero() bool {
	b := x.bits()
	return b.Sign() == 0 || int(b.TrailingZeroBits()) >= x.SB-1
}

// Sign is the sign bit (1 for negative numbers, -0 and -∞; 0 for NaN).
func (x Float) Sign() uint {
	if !x.Valid() {
		return 0
	}
	return x.bits().Bit(x.EB + x.SB - 1)
}

// Exponent is the biased exponent field.
func (x Float) Exponent() *big.Int {
	if !x.Valid() {
		return new(big.Int)
	}
	_, e, _ := x.fields()
	return big.NewInt(int64(e))
}

// Significand is the trailing significand field (SB-1 bits).
func (x Float) Significand() *big.Int {
	if !x.Valid() {
		return new(big.Int)
	}
	_, _, s := x.fields()
	return s
}

func mask(n int) *big.Int {
	if n <= 0 {
		return new(big.Int)
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(n))
	return m.Sub(m, big.NewInt(1))
}

func bias(eb int) int { return 1<<uint(eb-1) - 1 }

// kind classifies a Float.
type kind uint8

const (
	kZero kind = iota
	kFinite
	kInf
	kNaN
)

// num is a finite nonzero number (-1)^neg · m · 2^e, m > 0, or a zero
// when m is zero.
type num struct {
	neg bool
	m   *big.Int
	e   int
}

// unpack classifies x and, for finite nonzero x, gives its exact value.
func (x Float) unpack() (kind, num) {
	neg, exp, sig := x.fields()
	emax := 1<<uint(x.EB) - 1
	switch {
	case exp == emax && sig.Sign() != 0:
		return kNaN, num{}
	case exp == emax:
		return kInf, num{neg: neg}
	case exp == 0 && sig.Sign() == 0:
		return kZero, num{neg: neg, m: sig}
	case exp == 0:
		return kFinite, num{neg: neg, m: sig, e: 1 - bias(x.EB) - (x.SB - 1)}
	}
	sig.SetBit(sig, x.SB-1, 1)
	return kFinite, num{neg: neg, m: sig, e: exp - bias(x.EB) - (x.SB - 1)}
}

// Equal is SMT-LIB's = on floats: identity of the canonical bit patterns,
// so NaN = NaN and +0 ≠ -0. Invalid or mismatched arguments are unequal.
func Equal(x, y Float) bool {
	if !sameFormat(x, y) {
		return false
	}
	if x.IsNaN() && y.IsNaN() {
		return true
	}
	return x.bits().Cmp(y.bits()) == 0
}

// String prints x as an SMT-LIB term: (fp #b… #b… #b…), or (_ NaN eb sb),
// (_ +oo eb sb), (_ -oo eb sb), (_ +zero eb sb), (_ -zero eb sb).
func (x Float) String() string {
	if !x.Valid() {
		return "(invalid float)"
	}
	f := " " + strconv.Itoa(x.EB) + " " + strconv.Itoa(x.SB) + ")"
	switch {
	case x.IsNaN():
		return "(_ NaN" + f
	case x.IsInfinite() && x.Sign() == 0:
		return "(_ +oo" + f
	case x.IsInfinite():
		return "(_ -oo" + f
	case x.IsZero() && x.Sign() == 0:
		return "(_ +zero" + f
	case x.IsZero():
		return "(_ -zero" + f
	}
	return x.Triple()
}

// Triple prints x as (fp #bs #be… #bm…), also for the special values.
func (x Float) Triple() string {
	if !x.Valid() {
		return "(invalid float)"
	}
	_, e, s := x.fields()
	return "(fp #b" + strconv.Itoa(int(x.Sign())) + " " + binary(big.NewInt(int64(e)), x.EB) + " " + binary(s, x.SB-1) + ")"
}

func binary(v *big.Int, w int) string {
	s := v.Text(2)
	buf := make([]byte, 0, w+2)
	buf = append(buf, "#b"...)
	for i := len(s); i < w; i++ {
		buf = append(buf, '0')
	}
	return string(append(buf, s...))
}
