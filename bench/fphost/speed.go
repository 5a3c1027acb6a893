package main

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"text/tabwriter"
	"time"

	"tandem/smt/fp"
)

// speed prints fp operations per second on Float32, Float64 and the odd
// format (11,25), next to the host's float64 for the standard formats.
func speed(n int) {
	formats := []struct {
		name   string
		eb, sb int
	}{{"Float32", 8, 24}, {"Float64", 11, 53}, {"FP(11,25)", 11, 25}}
	ops := []struct {
		name string
		f    func(x, y, z fp.Float) fp.Float
		h    func(x, y, z float64) float64
	}{
		{"add", func(x, y, _ fp.Float) fp.Float { return fp.Add(fp.RNE, x, y) }, func(x, y, _ float64) float64 { return x + y }},
		{"mul", func(x, y, _ fp.Float) fp.Float { return fp.Mul(fp.RNE, x, y) }, func(x, y, _ float64) float64 { return x * y }},
		{"div", func(x, y, _ fp.Float) fp.Float { return fp.Div(fp.RNE, x, y) }, func(x, y, _ float64) float64 { return x / y }},
		{"fma", func(x, y, z fp.Float) fp.Float { return fp.Fma(fp.RNE, x, y, z) }, math.FMA},
		{"sqrt", func(x, _, _ fp.Float) fp.Float { return fp.Sqrt(fp.RNE, fp.Abs(x)) }, func(x, _, _ float64) float64 { return math.Sqrt(math.Abs(x)) }},
		{"rem", func(x, y, _ fp.Float) fp.Float { return fp.Rem(x, y) }, func(x, y, _ float64) float64 { return math.Remainder(x, y) }},
		{"lt", func(x, y, _ fp.Float) fp.Float {
			if fp.Lt(x, y) {
				return x
			}
			return y
		}, func(x, y, _ float64) float64 {
			if x < y {
				return x
			}
			return y
		}},
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "format\toperation\tfp Mops/s\thost float64 Mops/s\t")
	r := rand.New(rand.NewPCG(1, 2))
	for _, f := range formats {
		xs := make([]fp.Float, 256)
		hs := make([]float64, 256)
		for i := range xs {
			q := new(big.Rat).SetFrac(big.NewInt(r.Int64N(1<<40)+1), big.NewInt(r.Int64N(1<<40)+1))
			if r.IntN(2) == 0 {
				q.Neg(q)
			}
			xs[i] = fp.FromRat(fp.RNE, q, f.eb, f.sb)
			hs[i], _ = q.Float64()
		}
		for _, op := range ops {
			start := time.Now()
			for i := range n {
				op.f(xs[i&255], xs[(i+1)&255], xs[(i+2)&255])
			}
			ours := float64(n) / time.Since(start).Seconds() / 1e6
			host := "-"
			if f.eb != 11 || f.sb != 25 {
				var sink float64
				start = time.Now()
				for i := range n * 20 {
					sink += op.h(hs[i&255], hs[(i+1)&255], hs[(i+2)&255])
				}
				host = fmt.Sprintf("%.1f", float64(n*20)/time.Since(start).Seconds()/1e6)
				_ = sink
			}
			fmt.Fprintf(tw, "%s\t%s\t%.2f\t%s\t\n", f.name, op.name, ours, host)
		}
	}
	tw.Flush()
}
