package fp_test

import (
	"math"
	"math/big"
	"testing"

	"tandem/smt/fp"
)

func f64(x float64) fp.Float { return fp.FromUint64(11, 53, math.Float64bits(x)) }

//go:noinline
func hostOp(op byte, a, b, c float64) float64 {
	switch op % 7 {
	case 0:
		return a + b
	case 1:
		return a - b
	case 2:
		return a * b
	case 3:
		return a / b
	case 4:
		return math.Sqrt(a)
	case 5:
		return math.FMA(a, b, c)
	}
	return math.Remainder(a, b)
}

// FuzzHost64 compares fp with the host's binary64 arithmetic (RNE) on
// arbitrary bit patterns:
//
//	go test ./smt/fp -run '^$' -fuzz FuzzHost64 -fuzztime 3m -parallel 1
func FuzzHost64(f *testing.F) {
	f.Add(byte(0), math.Float64bits(0.1), math.Float64bits(0.2), uint64(0))
	f.Add(byte(5), math.Float64bits(1+0x1p-52), math.Float64bits(1-0x1p-53), math.Float64bits(-1))
	f.Add(byte(3), uint64(1), math.Float64bits(3), uint64(0))
	f.Add(byte(6), math.Float64bits(math.MaxFloat64), uint64(1), uint64(0))
	f.Fuzz(func(t *testing.T, op byte, a, b, c uint64) {
		x, y, z := math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c)
		X, Y, Z := f64(x), f64(y), f64(z)
		var got fp.Float
		switch op % 7 {
		case 0:
			got = fp.Add(fp.RNE, X, Y)
		case 1:
			got = fp.Sub(fp.RNE, X, Y)
		case 2:
			got = fp.Mul(fp.RNE, X, Y)
		case 3:
			got = fp.Div(fp.RNE, X, Y)
		case 4:
			got = fp.Sqrt(fp.RNE, X)
		case 5:
			got = fp.Fma(fp.RNE, X, Y, Z)
		default:
			got = fp.Rem(X, Y)
		}
		want := f64(hostOp(op, x, y, z))
		if !fp.Equal(got, want) {
			t.Fatalf("op %d on %v %v %v: fp %v, host %v", op%7, X, Y, Z, got, want)
		}
	})
}

// FuzzNoPanic runs every operation on arbitrary formats (valid or not),
// bit patterns, rounding modes and widths: nothing may panic, and valid
// operands of one format give valid results.
func FuzzNoPanic(f *testing.F) {
	f.Add(uint8(3), uint8(5), byte(0), []byte{1, 2}, []byte{3}, []byte{0x7f}, uint8(8))
	f.Add(uint8(1), uint8(0), byte(9), []byte{}, []byte{0xff, 0xff}, []byte{}, uint8(0))
	f.Fuzz(func(t *testing.T, eb, sb uint8, rmb byte, a, b, c []byte, w uint8) {
		e, s := int(eb%32), int(sb%80)
		rm := fp.RoundingMode(rmb % 6) // 5 is not a mode
		X := fp.FromBits(e, s, new(big.Int).SetBytes(a))
		Y := fp.FromBits(e, s, new(big.Int).SetBytes(b))
		Z := fp.Float{EB: e, SB: s, Bits: new(big.Int).SetBytes(c)} // maybe too wide
		valid := fp.ValidFormat(e, s)
		for _, r := range []fp.Float{fp.Add(rm, X, Y), fp.Sub(rm, X, Y), fp.Mul(rm, X, Y), fp.Div(rm, X, Y), fp.Fma(rm, X, Y, X),
			fp.Sqrt(rm, X), fp.Rem(X, Y), fp.RoundToIntegral(rm, Y), fp.Abs(X), fp.Neg(Y), fp.Convert(rm, X, 5, 11)} {
			if valid && !r.Valid() {
				t.Fatalf("invalid result on valid operands %v %v", X, Y)
			}
			_ = r.String()
		}
		fp.Fma(rm, X, Y, Z)
		fp.Min(X, Z)
		fp.Lt(Z, X)
		fp.Equal(X, Z)
		_, _ = fp.ToSigned(rm, X, int(w))
		_, _ = fp.ToUnsigned(rm, Y, int(w))
		_, _ = fp.ToRat(X)
		_, _ = fp.ToIEEEBits(Z)
		fp.FromSigned(rm, new(big.Int).SetBytes(c), int(w), e, s)
		fp.FromUnsigned(rm, new(big.Int).SetBytes(c), int(w), e, s)
		fp.FromRatExp(rm, new(big.Rat).SetFrac(new(big.Int).SetBytes(a), big.NewInt(int64(w)+1)), big.NewInt(int64(int8(rmb))*1000), e, s)
		_ = Z.String() + Z.Triple()
		Z.IsNaN()
		Z.IsNormal()
	})
}
