package fp_test

import (
	"math"
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
