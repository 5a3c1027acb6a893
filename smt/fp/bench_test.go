package fp_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/smt/fp"
)

// benchOperands are 256 random normal numbers of moderate exponent.
func benchOperands(eb, sb int) []fp.Float {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]fp.Float, 256)
	for i := range xs {
		q := new(big.Rat).SetFrac(big.NewInt(r.Int64N(1<<40)+1), big.NewInt(r.Int64N(1<<40)+1))
		if r.IntN(2) == 0 {
			q.Neg(q)
		}
		xs[i] = fp.FromRat(fp.RNE, q, eb, sb)
	}
	return xs
}

var benchFormats = []struct {
	name   string
	eb, sb int
}{{"Float32", 8, 24}, {"Float64", 11, 53}, {"FP(5,11)", 5, 11}, {"FP(11,25)", 11, 25}, {"Float128", 15, 113}}

func BenchmarkOps(b *testing.B) {
	ops := []struct {
		name string
		f    func(x, y, z fp.Float) fp.Float
	}{
		{"add", func(x, y, _ fp.Float) fp.Float { return fp.Add(fp.RNE, x, y) }},
		{"mul", func(x, y, _ fp.Float) fp.Float { return fp.Mul(fp.RNE, x, y) }},
		{"div", func(x, y, _ fp.Float) fp.Float { return fp.Div(fp.RNE, x, y) }},
		{"fma", func(x, y, z fp.Float) fp.Float { return fp.Fma(fp.RNE, x, y, z) }},
		{"sqrt", func(x, _, _ fp.Float) fp.Float { return fp.Sqrt(fp.RNE, fp.Abs(x)) }},
		{"rem", func(x, y, _ fp.Float) fp.Float { return fp.Rem(x, y) }},
		{"lt", func(x, y, _ fp.Float) fp.Float {
			if fp.Lt(x, y) {
				return x
			}
			return y
		}},
	}
	for _, f := range benchFormats {
		xs := benchOperands(f.eb, f.sb)
		for _, op := range ops {
			b.Run(f.name+"/"+op.name, func(b *testing.B) {
				i := 0
				for b.Loop() {
					op.f(xs[i&255], xs[(i+1)&255], xs[(i+2)&255])
					i++
				}
			})
		}
	}
}
