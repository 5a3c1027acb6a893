package sat_test

import (
	"context"
	"io"
	"math/rand"
	"testing"

	"tandem/internal/satgen"
	"tandem/sat"
)

func benchSolve(b *testing.B, vars int, clauses [][]int, proof bool) {
	b.ReportAllocs()
	for b.Loop() {
		s := sat.New(nil)
		if proof {
			s.SetProof(io.Discard)
		}
		for _, c := range clauses {
			s.AddClause(c...)
		}
		if s.Solve(context.Background()) == sat.Unknown {
			b.Fatal("unknown")
		}
		b.ReportMetric(float64(s.Stats().Conflicts), "conflicts/op")
	}
}

func BenchmarkSolveUF150(b *testing.B) {
	r := rand.New(rand.NewSource(3))
	benchSolve(b, 150, satgen.Random3SAT(r, 150, 4.26), false)
}

func BenchmarkSolveUF150Proof(b *testing.B) {
	r := rand.New(rand.NewSource(3))
	benchSolve(b, 150, satgen.Random3SAT(r, 150, 4.26), true)
}

func BenchmarkSolvePHP8(b *testing.B) {
	v, cs := satgen.Pigeonhole(8, 7)
	benchSolve(b, v, cs, false)
}

func BenchmarkSolvePHP8Proof(b *testing.B) {
	v, cs := satgen.Pigeonhole(8, 7)
	benchSolve(b, v, cs, true)
}

// An incremental script: many queries under assumptions on one solver.
func BenchmarkIncremental(b *testing.B) {
	r := rand.New(rand.NewSource(9))
	sc := satgen.RandomScript(r, 60)
	b.ReportAllocs()
	for b.Loop() {
		s := sat.New(nil)
		for _, st := range sc.Steps {
			if st.Query {
				for _, a := range st.Lits {
					s.Assume(a)
				}
				s.Solve(context.Background())
			} else {
				s.AddClause(st.Lits...)
			}
		}
	}
}
