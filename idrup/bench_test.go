package idrup_test

import (
	"bytes"
	"context"
	"math/rand"
	"testing"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
)

func solverProof(b *testing.B) []byte {
	var proof bytes.Buffer
	v, cs := satgen.Pigeonhole(8, 7)
	s := sat.New(nil)
	s.SetProof(&proof)
	for _, c := range cs {
		s.AddClause(c...)
	}
	r := rand.New(rand.NewSource(3))
	for _, c := range satgen.Random3SAT(r, 150, 4.26) {
		for i := range c {
			if c[i] > 0 {
				c[i] += v
			} else {
				c[i] -= v
			}
		}
		s.AddClause(c...)
	}
	s.Solve(context.Background())
	s.Flush()
	return proof.Bytes()
}

// BenchmarkCheck checks a proof of PHP(8,7) plus a random 3-SAT instance
// (a few hundred thousand lines).
func BenchmarkCheck(b *testing.B) {
	p := solverProof(b)
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := idrup.Check(context.Background(), idrup.Source{}, idrup.Source{Name: "p", R: bytes.NewReader(p)}, idrup.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRead parses the same proof without checking it.
func BenchmarkRead(b *testing.B) {
	p := solverProof(b)
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	for b.Loop() {
		r := idrup.NewReader(bytes.NewReader(p), "p", idrup.IDRUP, false)
		for {
			l, err := r.Next()
			if err != nil {
				b.Fatal(err)
			}
			if l.Type == 0 {
				break
			}
		}
	}
}
