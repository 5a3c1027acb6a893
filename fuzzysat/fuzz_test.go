package fuzzysat

import (
	"context"
	"testing"

	"tandem/smt"
	"tandem/smtlib"
)

// FuzzSolve: no input script makes the loader or the search panic, and a
// sat answer always holds under the interpreter.
func FuzzSolve(f *testing.F) {
	f.Add("(declare-const k!0 (_ BitVec 8))(assert (= k!0 #x41))", []byte{0})
	f.Add("(declare-const x (_ BitVec 12))(declare-const b Bool)(assert (and b (bvslt x #x800) (= ((_ extract 11 4) x) #x7f)))", []byte{1, 2, 3})
	f.Add("(declare-const k!0 (_ BitVec 8))(declare-const k!1 (_ BitVec 8))(assert (and (= (bvmul (concat k!0 k!1) #x0003) #x0f0f) (bvule k!1 #x10)))", []byte{})
	f.Add("(declare-const y (_ BitVec 70))(assert (bvugt (bvshl y #b0000000000000000000000000000000000000000000000000000000000000000001000) y))", []byte{9})
	f.Fuzz(func(t *testing.T, src string, seed []byte) {
		sc, err := smtlib.Parse("fuzz.smt2", []byte(src))
		if err != nil {
			return
		}
		fl, err := FromScript(sc, BranchFirst, len(seed))
		if err != nil {
			return
		}
		for _, q := range fl.Queries {
			r, err := Solve(context.Background(), q, seed, Options{MaxEvals: 300, Timeout: 1e9, Optimistic: true})
			if err != nil {
				continue
			}
			if r.Status == Sat {
				s, err := NewSearch(Problem{Layout: q.Layout, Goal: []*smt.Term{q.Goal}, Pi: q.Pi}, nil, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Verify(r.Assignment); err != nil {
					t.Fatalf("sat answer does not hold: %v", err)
				}
			}
		}
	})
}

// BenchmarkHavocEvals measures evaluations per second inside the search
// (havoc only, on a SAGE-like 4-byte group query that never succeeds).
func BenchmarkHavocEvals(b *testing.B) {
	q := kQuery(b, 8, "(= (bvmul (concat k!0 k!1 k!2 k!3) #x9e3779b1) #x00000001)", "(bvule k!4 #x7f)", "(= (bvadd k!5 k!6) k!7)")
	opts := Options{Skip: AllBut(PhaseHavoc), HavocMin: 1000, HavocMax: 1000, NoMultigoal: true, Timeout: 1e12}
	s, err := NewSearch(Problem{Layout: q.Layout, Goal: []*smt.Term{q.Goal}, Pi: q.Pi}, nil, opts)
	if err != nil {
		b.Fatal(err)
	}
	seed := make([]byte, 8)
	var evals int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := s.Run(context.Background(), RunInput{Seed: seed}, nil)
		evals += r.Evals
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
}
