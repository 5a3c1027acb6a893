package fuzzysat

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

func parseK(t *testing.T, src string, n int) *File {
	t.Helper()
	sc, err := smtlib.Parse("t.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, n)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestNotifyConstraintAndCache(t *testing.T) {
	f := parseK(t, `(declare-const k!0 (_ BitVec 8))(declare-const k!1 (_ BitVec 8))
(assert (bvule k!0 #x20))
(assert (= k!1 #x07))
(assert (= (bvadd k!0 k!1) #x17))
(assert (= (bvadd k!0 k!1) #x2a))`, 2)
	ctx := context.Background()
	s := NewSolver(f.Layout, []byte{0x01, 0x07}, Options{MaxEvals: 100000})
	s.NotifyConstraint(f.Queries[0].Goal)
	s.NotifyConstraint(f.Queries[1].Goal)
	r, err := s.Solve(ctx, f.Queries[2].Goal)
	if err != nil || r.Status != Sat {
		t.Fatalf("%v %v", r, err)
	}
	if r.Assignment[0] != 0x10 || r.Assignment[1] != 0x07 {
		t.Fatalf("assignment %x", r.Assignment)
	}
	// k!1 is uniquely defined by π and k!0 <= 0x20: 0x2a - 7 = 0x23 is out
	// of range, so the range brute force over k!0 proves unsat.
	r, err = s.Solve(ctx, f.Queries[3].Goal)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Unsat {
		t.Fatalf("%s by %s, want unsat", r.Status, r.Phase)
	}
	t.Logf("unsat by %s: %s", r.Phase, r.Proof)
	if s.Analyzer().Hits == 0 {
		t.Error("π's analysis was not reused across queries")
	}
	if s.Stats.Queries != 2 || s.Stats.Sat != 1 || s.Stats.Unsat != 1 {
		t.Errorf("stats %+v", s.Stats)
	}
}

func TestMaxMinAll(t *testing.T) {
	f := parseK(t, `(declare-const k!0 (_ BitVec 8))(declare-const k!1 (_ BitVec 8))
(assert (and (bvule k!0 #x10) (bvuge k!0 #x03)))
(assert (= k!1 #x00))`, 2)
	ctx := context.Background()
	s := NewSolver(f.Layout, []byte{0x05, 0x00}, Options{MaxEvals: 100000})
	s.NotifyConstraint(f.Queries[0].Goal)
	for _, c := range f.Queries[0].Pi {
		s.NotifyConstraint(c)
	}
	k0 := f.Script.Store.Const(f.Layout.Vars[0].Func)
	mx, err := s.Maximize(ctx, k0)
	if err != nil || mx.Status != Sat || mx.Value != 0x10 {
		t.Fatalf("max %+v %v", mx, err)
	}
	mn, err := s.Minimize(ctx, k0)
	if err != nil || mn.Value != 0x03 {
		t.Fatalf("min %+v %v", mn, err)
	}
	all, err := s.AllValues(ctx, k0)
	if err != nil || len(all.Values) != 14 || !all.Exhaustive {
		t.Fatalf("all %+v %v", all, err)
	}
}

func TestGeneralLayoutAndSeedModel(t *testing.T) {
	sc, err := smtlib.Parse("g.smt2", []byte(`(declare-const x (_ BitVec 32))(declare-const b Bool)(declare-const y (_ BitVec 12))
(assert (and (= x #x12345678) b (bvugt y #x100)))`))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.Layout.K || f.Layout.Size != 4+1+2 {
		t.Fatalf("layout %+v", f.Layout)
	}
	sm, err := smtlib.ParseModel([]byte(`((define-fun x () (_ BitVec 32) #x00000001) (define-fun b () Bool true) (define-fun y () (_ BitVec 12) #x200))`), sc)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		t.Fatal(err)
	}
	seed := make([]byte, f.Layout.Size)
	if err := f.Layout.FromModel(m, seed); err != nil {
		t.Fatal(err)
	}
	r := solveK(t, f.Queries[0], seed, Options{})
	if r.Status != Sat || r.Phase != PhaseI2S {
		t.Fatalf("%s by %s", r.Status, r.Phase)
	}
	if got := f.Layout.Uint64(r.Assignment, 0); got != 0x12345678 {
		t.Fatalf("x = %#x", got)
	}
}

func TestWideThroughInterpreter(t *testing.T) {
	sc, err := smtlib.Parse("w.smt2", []byte(`(declare-const x (_ BitVec 128))
(assert (and (bvugt x #x00000000000000000000000000000000) (bvult x #x00000000000000010000000000000000)))`))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := solveK(t, f.Queries[0], nil, Options{MaxEvals: 20000})
	if r.Status != Sat {
		t.Fatalf("%s", r.Status)
	}
	s, _ := NewSearch(Problem{Layout: f.Layout, Goal: []*smt.Term{f.Queries[0].Goal}, Pi: f.Queries[0].Pi}, nil, Options{})
	if s.Compiled() {
		t.Error("a 128-bit query should run on the interpreter")
	}
}

func TestFallbackZ3(t *testing.T) {
	fb := z3Fallback(t)
	// a 32-bit multiplicative inverse: hopeless for mutations, easy for z3
	q := kQuery(t, 4, "(= (bvmul (concat k!0 k!1 k!2 k!3) #x9e3779b1) #x00000001)")
	r := solveK(t, q, make([]byte, 4), Options{MaxEvals: 3000, Fallback: fb})
	if r.Status != Sat || r.Phase != PhaseFallback {
		t.Fatalf("%s by %s", r.Status, r.Phase)
	}
	q = kQuery(t, 4, "(= (bvmul (concat k!0 k!1 k!2 k!3) #x00000002) #x00000001)")
	r = solveK(t, q, make([]byte, 4), Options{MaxEvals: 3000, Fallback: fb})
	if r.Status != Unsat || r.Phase != PhaseFallback {
		t.Fatalf("%s by %s", r.Status, r.Phase)
	}
}

// Every sat answer on the SAGE corpus (last conjunct as the branch, zero
// seed) holds under the evaluator and under z3.
func TestSageAnswersHold(t *testing.T) {
	dir := testutil.Corpus(t, "sage")
	files, _ := filepath.Glob(filepath.Join(dir, "app2", "*.smt2"))
	if testing.Short() && len(files) > 40 {
		files = files[:40]
	}
	var fb *SolverFallback
	if _, err := os.Stat("/usr/bin/z3"); err == nil {
		p, _ := solver.NewRegistry().Lookup("z3")
		fb, _ = NewSolverFallback(context.Background(), p)
		if fb != nil {
			defer fb.Close()
		}
	}
	status := map[string]string{}
	if b, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv")); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Split(line, "\t"); len(f) >= 2 {
				status[f[0]] = f[1]
			}
		}
	}
	sat, unsat := 0, 0
	for _, path := range files {
		f, err := LoadFile(path, BranchLast, 0)
		if err != nil {
			t.Fatal(err)
		}
		q := f.Queries[0]
		r := solveK(t, q, nil, Options{MaxEvals: 20000})
		if r.Status == Unsat {
			unsat++
			if st := status["app2/"+filepath.Base(path)]; st != "unsat" {
				t.Errorf("%s: unsat claimed by %s, the corpus says %q", path, r.Phase, st)
			}
		}
		if r.Status == Sat && status["app2/"+filepath.Base(path)] == "unsat" {
			t.Errorf("%s: sat answer on an unsat file", path)
		}
		if r.Status != Sat {
			continue
		}
		sat++
		if fb != nil {
			var terms []*smt.Term
			terms = append(terms, q.Goal)
			terms = append(terms, q.Pi...)
			for i, v := range f.Layout.Vars {
				val, _ := f.Script.Store.ValueTerm(f.Layout.Value(r.Assignment, i))
				terms = append(terms, f.Script.Store.MustApply(smt.OpEq, nil, f.Script.Store.Const(v.Func), val))
			}
			st, _, err := fb.Check(context.Background(), f.Layout, terms)
			if err != nil || st != Sat {
				t.Errorf("%s: z3 says %s (%v) on fuzzysat's assignment", path, st, err)
			}
		}
	}
	t.Logf("%d of %d sat, %d proved unsat", sat, len(files), unsat)
}

// The seed phase carries the interpreter's verdicts on π over from one
// query to the next where the new seed agrees on a conjunct's bytes; a
// byte that changed must be noticed, also when it shares the 64-bit
// summary with the bytes of other conjuncts (bytes 1 and 65), and when π
// is not an extension of the last one. (A seed that breaks π is not the
// setting FUZZY-SAT is for; the answer is then unknown here: the branch
// shares no byte with the broken conjunct.)
func TestSeedVerdictsCarryOver(t *testing.T) {
	var src strings.Builder
	for i := 0; i < 70; i++ {
		fmt.Fprintf(&src, "(declare-const k!%d (_ BitVec 8))", i)
	}
	src.WriteString("(assert (= k!1 #x02))(assert (= k!65 #x00))(assert (= k!2 #x00))(assert (bvule k!3 #x10))")
	f := parseK(t, src.String(), 70)
	c1, c2, goal, c4 := f.Queries[0].Goal, f.Queries[1].Goal, f.Queries[2].Goal, f.Queries[3].Goal
	ctx := context.Background()
	s := NewSolver(f.Layout, nil, Options{MaxEvals: 100000})
	seed := make([]byte, 70)
	seed[1] = 2
	check := func(pi []*smt.Term, seed []byte, want Phase) {
		t.Helper()
		s.SetSeed(seed)
		r, err := s.SolveQuery(ctx, &Query{Layout: f.Layout, Goal: goal, Pi: pi})
		if err != nil {
			t.Fatal(err)
		}
		if (r.Status == Sat && r.Phase == PhaseSeed) != (want == PhaseSeed) {
			t.Fatalf("seed %x: %s by %s, want sat by seed: %v", seed[:4], r.Status, r.Phase, want == PhaseSeed)
		}
		if r.Status == Sat && (r.Assignment[1] != 2 || r.Assignment[65] != 0 || r.Assignment[2] != 0) {
			t.Fatalf("the answer breaks π: %x", r.Assignment)
		}
	}
	check([]*smt.Term{c1, c2}, seed, PhaseSeed)
	seed[65] = 5 // same summary bit as byte 1
	check([]*smt.Term{c1, c2}, seed, PhaseNone)
	seed[65] = 0
	check([]*smt.Term{c1, c2, c4}, seed, PhaseSeed)
	seed[1] = 3
	check([]*smt.Term{c2, c1}, seed, PhaseNone) // not an extension
	seed[1] = 2
	check([]*smt.Term{c2, c1}, seed, PhaseSeed)
}

// SolverFallback.Solve keeps π asserted across queries: a query sees
// exactly its own π, whether π grew, changed in the middle, or Check ran
// in between.
func TestFallbackIncrementalPi(t *testing.T) {
	ctx := context.Background()
	fb := z3Fallback(t)
	f := parseK(t, `(declare-const k!0 (_ BitVec 8))(declare-const k!1 (_ BitVec 8))
(assert (= k!0 #x01))(assert (bvult k!1 #x03))(assert (bvugt k!1 #x10))(assert (= k!1 #x05))(assert (= k!1 #x02))(assert (= k!0 #x02))`, 2)
	c := func(i int) *smt.Term { return f.Queries[i].Goal }
	k0is1, k1lt3, k1gt16, k1is5, k1is2, k0is2 := c(0), c(1), c(2), c(3), c(4), c(5)
	steps := []struct {
		goal *smt.Term
		pi   []*smt.Term
		want Status
	}{
		{k1gt16, []*smt.Term{k0is1}, Sat},
		{k1is5, []*smt.Term{k0is1, k1lt3}, Unsat},
		{k1is2, []*smt.Term{k0is1, k1lt3}, Sat},
		{k0is2, []*smt.Term{k1lt3}, Sat}, // the block with k!0 = 1 must go
		{k0is2, []*smt.Term{k0is1, k1lt3}, Unsat},
		{k1gt16, nil, Sat},
	}
	for i, s := range steps {
		st, b, err := fb.Solve(ctx, f.Layout, s.goal, s.pi)
		if err != nil || st != s.want {
			t.Fatalf("step %d: %s %v, want %s", i, st, err, s.want)
		}
		if st == Sat {
			se, _ := NewSearch(Problem{Layout: f.Layout, Goal: []*smt.Term{s.goal}, Pi: s.pi}, nil, Options{})
			if err := se.Verify(b); err != nil {
				t.Fatalf("step %d: the model %x fails: %v", i, b, err)
			}
		}
		if i == 2 {
			if st, _, err := fb.Check(ctx, f.Layout, []*smt.Term{k0is2}); err != nil || st != Sat {
				t.Fatalf("Check between: %s %v", st, err)
			}
		}
	}
	// one pipelined round trip per question, whatever π did
	if fb.RoundTrips != len(steps)+1 {
		t.Errorf("%d round trips for %d questions", fb.RoundTrips, len(steps)+1)
	}
	// a solver killed between two queries: the session restarts it with
	// π replayed, and the fallback answers again
	if err := syscall.Kill(fb.Session().PID(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	for i := range 2 {
		st, _, err := fb.Solve(ctx, f.Layout, k1is5, []*smt.Term{k0is1, k1lt3})
		if err == nil && st != Unsat {
			t.Fatalf("after the kill (%d): %s", i, st)
		}
		if i == 1 && err != nil {
			t.Fatalf("after the kill, again: %v", err)
		}
	}
}

// A Solver whose π grows by NotifyConstraint hands the fallback π as a
// growing π: each conjunct is asserted once in the session (as a block),
// one round trip per query that reaches it.
func TestFallbackNotifiedPiAssertedOnce(t *testing.T) {
	ctx := context.Background()
	fb := z3Fallback(t)
	// 32-bit multiplicative inverses: fuzzing gives up, z3 answers
	f := parseK(t, `(declare-const k!0 (_ BitVec 8))(declare-const k!1 (_ BitVec 8))(declare-const k!2 (_ BitVec 8))(declare-const k!3 (_ BitVec 8))
(assert (bvult (concat k!0 k!1 k!2 k!3) #xf0000000))(assert (bvugt (concat k!0 k!1 k!2 k!3) #x00000010))
(assert (= (bvmul (concat k!0 k!1 k!2 k!3) #x9e3779b1) #x00000001))(assert (= (bvmul (concat k!0 k!1 k!2 k!3) #x00000002) #x00000001))`, 4)
	c := func(i int) *smt.Term { return f.Queries[i].Goal }
	s := NewSolver(f.Layout, make([]byte, 4), Options{MaxEvals: 2000, Fallback: fb})
	s.NotifyConstraint(c(0))
	if r, err := s.Solve(ctx, c(2)); err != nil || r.Status != Sat || r.Phase != PhaseFallback {
		t.Fatalf("first: %v %v", r, err)
	}
	s.NotifyConstraint(c(1))
	if r, err := s.Solve(ctx, c(3)); err != nil || r.Status != Unsat || r.Phase != PhaseFallback {
		t.Fatalf("second: %v %v", r, err)
	}
	if fb.RoundTrips != 2 || len(fb.blocks) != 2 || len(fb.blocks[0]) != 1 || len(fb.blocks[1]) != 1 {
		t.Errorf("%d round trips, blocks %v: want 2, one block per notified conjunct", fb.RoundTrips, fb.blocks)
	}
}

// z3Fallback is a z3 fallback session closed with the test (the test
// fails without z3 when CI is set).
func z3Fallback(t *testing.T) *SolverFallback {
	t.Helper()
	testutil.RequireBinary(t, "z3")
	p, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		t.Fatal(err)
	}
	fb, err := NewSolverFallback(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fb.Close() })
	return fb
}

// TestFromValues reads get-value answers as z3 and cvc5 print them through
// smtlib's reader: quoted and plain symbols, #x, #b, (_ bvN w), Booleans.
func TestFromValues(t *testing.T) {
	st := smt.NewStore()
	k0 := st.NewFunc("k!0", smt.FuncDeclared, nil, smt.BitVecSort(8))
	w := st.NewFunc("w", smt.FuncDeclared, nil, smt.BitVecSort(16))
	b := st.NewFunc("b", smt.FuncDeclared, nil, smt.BoolSort())
	l, err := NewLayout([]*smt.Func{k0, w, b})
	if err != nil {
		t.Fatal(err)
	}
	for _, ans := range []string{
		"((|k!0| #x0a) (w #x0102) (b true))",
		"((k!0 #b00001010)\n (w (_ bv258 16))\n (b true))",
	} {
		got := make([]byte, l.Size)
		if err := l.FromValues([]byte(ans), got); err != nil {
			t.Fatalf("%s: %v", ans, err)
		}
		if l.Uint64(got, 0) != 10 || l.Uint64(got, 1) != 258 || l.Uint64(got, 2) != 1 {
			t.Errorf("%s: read %s", ans, l.Assignment(got))
		}
	}
	for _, bad := range []string{"((k!0 #x0a)", "((k!0 true))", "((q #x00))"} {
		if err := l.FromValues([]byte(bad), make([]byte, l.Size)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
