package fuzzysat

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"tandem/eval"
	"tandem/internal/testutil"
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
	c0 := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := s.Run(context.Background(), RunInput{Seed: seed}, nil)
		evals += r.Evals
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
	b.ReportMetric(float64((processCPU()-c0).Nanoseconds())/float64(evals), "cpu-ns/eval")
}

// BenchmarkSageConcolic replays the concolic setting on SAGE files: query
// k has π = c1 … c(k−1) and branch ck, and its seed is the answer to query
// k−1 (fuzzysat standing in for z3 as the solver that made the seed). It
// measures the whole per-query cost — search set-up, the seed phase, the
// re-check — which dominates when most answers are the seed. cpu-µs/query
// is the process CPU (garbage collection included) per query.
func BenchmarkSageConcolic(b *testing.B) {
	dir := testutil.Corpus(b, "sage")
	files, _ := filepath.Glob(filepath.Join(dir, "app1", "*.smt2"))
	slices.Sort(files)
	type file struct {
		l  *Layout
		cs []*smt.Term
	}
	var fs []file
	for i := 0; i < len(files) && len(fs) < 24; i += 13 {
		fl, err := LoadFile(files[i], BranchLast, 0)
		if err != nil {
			b.Fatal(err)
		}
		q := fl.Queries[0]
		fs = append(fs, file{fl.Layout, append(slices.Clone(q.Pi), q.Goal)})
	}
	ctx := context.Background()
	queries := 0
	c0 := processCPU()
	b.ResetTimer()
	for range b.N {
		for _, f := range fs {
			s := NewSolver(f.l, nil, Options{Seed: 1})
			seed := make([]byte, f.l.Size)
			for k := 1; k <= len(f.cs) && seed != nil; k++ {
				s.SetSeed(seed)
				r, err := s.SolveQuery(ctx, &Query{Layout: f.l, Goal: f.cs[k-1], Pi: f.cs[:k-1]})
				if err != nil {
					b.Fatal(err)
				}
				queries++
				seed = r.Assignment
			}
		}
	}
	b.ReportMetric(float64((processCPU()-c0).Microseconds())/float64(queries), "cpu-µs/query")
	b.ReportMetric(float64(queries)/float64(b.N), "queries/op")
}

// processCPU is the CPU time of the process (all threads).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCompiledChecksAgree: the seed phase and the re-checks of sat
// answers run on compiled programs (Search.exact); on concolic replays of
// SAGE files they give exactly the answers the interpreter gives
// (Options.InterpreterChecks), query by query, and every sat answer holds
// under the interpreter.
func TestCompiledChecksAgree(t *testing.T) {
	dir := testutil.Corpus(t, "sage")
	var files []string
	for _, app := range []string{"app1", "app2", "app12", "app5"} {
		fs, _ := filepath.Glob(filepath.Join(dir, app, "*.smt2"))
		slices.Sort(fs)
		for i := 0; i < len(fs) && i < 60; i += 10 {
			files = append(files, fs[i])
		}
	}
	ctx := context.Background()
	compiled, interpreted := int64(0), int64(0)
	for _, path := range files {
		fl, err := LoadFile(path, BranchLast, 0)
		if err != nil {
			t.Fatal(err)
		}
		q := fl.Queries[0]
		cs := append(slices.Clone(q.Pi), q.Goal)
		var runs [2][]*Result
		for mode := range 2 {
			s := NewSolver(fl.Layout, nil, Options{Seed: 1, MaxEvals: 5000, InterpreterChecks: mode == 1})
			seed := make([]byte, fl.Layout.Size)
			for k := 1; k <= len(cs); k++ {
				s.SetSeed(seed)
				r, err := s.SolveQuery(ctx, &Query{Layout: fl.Layout, Goal: cs[k-1], Pi: cs[:k-1]})
				if err != nil {
					t.Fatal(err)
				}
				runs[mode] = append(runs[mode], r)
				if r.Status == Sat {
					checkHolds(t, fl.Layout, cs[:k], r.Assignment)
					seed = r.Assignment
				}
			}
			if mode == 0 {
				compiled += s.Stats.CompiledChecks
			} else {
				interpreted += s.Stats.Interpreted
				if s.Stats.CompiledChecks != 0 {
					t.Errorf("%s: %d compiled checks with InterpreterChecks", path, s.Stats.CompiledChecks)
				}
			}
		}
		for k := range runs[0] {
			a, b := runs[0][k], runs[1][k]
			if a.Status != b.Status || a.Phase != b.Phase || !bytes.Equal(a.Assignment, b.Assignment) {
				t.Fatalf("%s k=%d: compiled checks %s by %s, interpreter %s by %s", path, k+1, a.Status, a.Phase, b.Status, b.Phase)
			}
		}
	}
	if compiled == 0 {
		t.Error("no exact check ran compiled")
	}
	t.Logf("%d files: %d compiled checks; with InterpreterChecks %d interpreted", len(files), compiled, interpreted)
}

// checkHolds fails the test unless every term is true on b under the
// interpreter.
func checkHolds(t *testing.T, l *Layout, terms []*smt.Term, b []byte) {
	t.Helper()
	ev := eval.New(l.Model(b))
	for i, c := range terms {
		if v, err := ev.Eval(c); err != nil || v != smt.BoolValue(true) {
			t.Fatalf("conjunct %d of a sat answer is %v (%v)", i+1, v, err)
		}
	}
}
