// Package fptest holds the differential harnesses of package fp: against
// the host's IEEE binary32/binary64 arithmetic ([RunHost]) and against
// SMT solvers' get-value ([RunSolver]). The tests of fp run them small;
// bench/fphost and bench/fpdiff run them large.
package fptest

import (
	"math"
	"math/big"
	"math/rand/v2"

	"tandem/smt/fp"
)

// Gen draws operands of one format: uniform bit patterns, the special
// values (±0, the smallest and largest subnormals, the smallest normal,
// the largest finite, ±∞, NaN, ±1), subnormals, numbers of moderate
// exponent, numbers with few significand bits (which make ties), and
// neighbours of a given value (near rounding and cancellation
// boundaries).
type Gen struct {
	EB, SB int
	R      *rand.Rand
	spec   []fp.Float
}

// NewGen is a generator of (eb, sb) operands drawing from r.
func NewGen(eb, sb int, r *rand.Rand) *Gen {
	g := &Gen{EB: eb, SB: sb, R: r}
	for _, neg := range []bool{false, true} {
		g.spec = append(g.spec, fp.Zero(eb, sb, neg), fp.Inf(eb, sb, neg), fp.MinSubnormal(eb, sb, neg),
			fp.MinNormal(eb, sb, neg), fp.MaxFinite(eb, sb, neg),
			fp.Sub(fp.RTZ, fp.MinNormal(eb, sb, neg), fp.MinSubnormal(eb, sb, neg)), // largest subnormal
			fp.FromInt(fp.RNE, big.NewInt(map[bool]int64{false: 1, true: -1}[neg]), eb, sb))
	}
	g.spec = append(g.spec, fp.NaN(eb, sb))
	return g
}

func (g *Gen) randBits(n int) *big.Int {
	b := new(big.Int)
	for i := 0; i < n; i += 64 {
		b.Lsh(b, 64)
		b.Or(b, new(big.Int).SetUint64(g.R.Uint64()))
	}
	return b.Rsh(b, uint((n+63)/64*64-n))
}

// Special is one of the special values.
func (g *Gen) Special() fp.Float { return g.spec[g.R.IntN(len(g.spec))] }

// Float draws one operand.
func (g *Gen) Float() fp.Float {
	eb, sb := g.EB, g.SB
	sign := uint(g.R.IntN(2))
	switch k := g.R.IntN(20); {
	case k < 6: // uniform bits
		return fp.FromBits(eb, sb, g.randBits(eb+sb))
	case k < 9:
		return g.Special()
	case k < 11: // subnormal
		return fp.FromTriple(eb, sb, sign, nil, g.randBits(sb-1))
	case k < 16: // moderate exponent: bias ± 8
		b := 1<<(eb-1) - 1
		e := b - 8 + g.R.IntN(17)
		e = max(1, min(e, 1<<eb-2))
		return fp.FromTriple(eb, sb, sign, big.NewInt(int64(e)), g.randBits(sb-1))
	default: // few significand bits: small integers scaled by a power of two
		m := big.NewInt(int64(g.R.IntN(64) + 1))
		e := g.R.IntN(2*(sb+8)) - (sb + 8)
		if e >= 0 {
			m.Lsh(m, uint(e))
			e = 0
		}
		f := fp.FromRatExp(fp.RNE, new(big.Rat).SetInt(m), big.NewInt(int64(e)), eb, sb)
		if sign == 1 {
			f = fp.Neg(f)
		}
		return f
	}
}

// Near is a value close to x: x itself, a few ulps away, with a flipped
// low bit or sign, or x scaled by a small power of two.
func (g *Gen) Near(x fp.Float) fp.Float {
	if !x.Valid() {
		return g.Float()
	}
	b := new(big.Int).Set(x.Bits)
	switch g.R.IntN(6) {
	case 0:
		return x
	case 1, 2:
		d := big.NewInt(int64(g.R.IntN(5) - 2))
		b.Add(b, d)
	case 3:
		i := g.R.IntN(min(8, g.SB-1))
		b.SetBit(b, i, 1-b.Bit(i))
	case 4:
		b.SetBit(b, g.EB+g.SB-1, 1-b.Bit(g.EB+g.SB-1))
	default:
		b.Add(b, new(big.Int).Lsh(big.NewInt(int64(g.R.IntN(5)-2)), uint(g.SB-1)))
	}
	if b.Sign() < 0 {
		b.Neg(b)
	}
	return fp.FromBits(g.EB, g.SB, b)
}

// Float64 converts a binary64 Float to the host type.
func Float64(x fp.Float) float64 {
	u, _ := x.Uint64()
	return math.Float64frombits(u)
}

// Float32 converts a binary32 Float to the host type.
func Float32(x fp.Float) float32 {
	u, _ := x.Uint64()
	return math.Float32frombits(uint32(u))
}

// Of64 is the binary64 Float of f (NaNs become the canonical NaN).
func Of64(f float64) fp.Float { return fp.FromUint64(11, 53, math.Float64bits(f)) }

// Of32 is the binary32 Float of f.
func Of32(f float32) fp.Float { return fp.FromUint64(8, 24, uint64(math.Float32bits(f))) }
