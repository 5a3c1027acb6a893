package sat_test

import (
	"bytes"
	"context"
	"math/rand"
	"os"
	"slices"
	"testing"
	"time"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/internal/testutil"
	"tandem/sat"
)

func checkProof(t *testing.T, proof []byte) {
	t.Helper()
	if _, err := idrup.Check(context.Background(), idrup.Source{}, idrup.Source{Name: "proof", R: bytes.NewReader(proof)}, idrup.Options{}); err != nil {
		t.Fatalf("proof does not check: %v\n%s", err, proof)
	}
}

// bruteForce decides clauses+assumptions over n ≤ 20 variables by
// enumeration.
func bruteForce(n int, clauses [][]int, assumptions []int) bool {
	for m := 0; m < 1<<n; m++ {
		val := func(l int) bool {
			v := l
			if v < 0 {
				v = -v
			}
			b := m>>(v-1)&1 == 1
			if l < 0 {
				return !b
			}
			return b
		}
		ok := true
		for _, a := range assumptions {
			ok = ok && val(a)
		}
		for _, c := range clauses {
			if !ok {
				break
			}
			sat := false
			for _, l := range c {
				sat = sat || val(l)
			}
			ok = sat
		}
		if ok {
			return true
		}
	}
	return false
}

// Every option combination answers like brute force on small incremental
// problems, with a valid model, a core that is a subset of the assumptions
// and is itself unsatisfiable, and a proof that checks.
func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for it := range 400 {
		n := 3 + r.Intn(10)
		opts := satgen.RandomOptions(r)
		var proof bytes.Buffer
		s := sat.New(&opts)
		s.SetProof(&proof)
		var clauses [][]int
		for range 1 + r.Intn(4) {
			for range r.Intn(5 * n) {
				c := make([]int, 1+r.Intn(4))
				for i := range c {
					c[i] = (1 + r.Intn(n)) * (1 - 2*r.Intn(2))
				}
				clauses = append(clauses, c)
				s.AddClause(c...)
			}
			var as []int
			for range r.Intn(4) {
				as = append(as, (1+r.Intn(n))*(1-2*r.Intn(2)))
			}
			for _, a := range as {
				s.Assume(a)
			}
			st := s.Solve(context.Background())
			want := bruteForce(n, clauses, as)
			if (st == sat.Satisfiable) != want || st == sat.Unknown {
				t.Fatalf("iteration %d: got %v, brute force says sat=%v; options %+v", it, st, want, opts)
			}
			if st == sat.Satisfiable {
				for _, c := range clauses {
					if !slices.ContainsFunc(c, func(l int) bool { return s.Value(l) == l }) {
						t.Fatalf("model violates %v", c)
					}
				}
				for _, a := range as {
					if s.Value(a) != a {
						t.Fatalf("model violates assumption %d", a)
					}
				}
			} else {
				core := s.Core()
				for _, l := range core {
					if !slices.Contains(as, l) || !s.Failed(l) {
						t.Fatalf("core %v not within assumptions %v", core, as)
					}
				}
				if bruteForce(n, clauses, core) {
					t.Fatalf("core %v is satisfiable with the clauses", core)
				}
			}
		}
		s.Flush()
		checkProof(t, proof.Bytes())
	}
}

func TestEdgeCases(t *testing.T) {
	ctx := context.Background()
	var proof bytes.Buffer
	s := sat.New(nil)
	s.SetProof(&proof)
	if s.Solve(ctx) != sat.Satisfiable {
		t.Fatal("empty formula")
	}
	if err := s.AddClause(0); err == nil {
		t.Fatal("literal 0 accepted")
	}
	if err := s.Assume(0); err == nil {
		t.Fatal("assumption 0 accepted")
	}
	if err := s.AddClause(1, 2_000_000_000); err == nil {
		t.Fatal("a variable above Options.MaxVar accepted")
	}
	s.AddClause(1, 1, -1) // tautology
	s.AddClause(2, 2)     // duplicate literal: unit
	if s.Solve(ctx) != sat.Satisfiable || s.Value(2) != 2 || s.Value(-2) != 2 {
		t.Fatal("unit with duplicates")
	}
	s.Assume(3)
	s.Assume(-3)
	if s.Solve(ctx) != sat.Unsatisfiable || !s.Failed(3) || !s.Failed(-3) {
		t.Fatalf("complementary assumptions: core %v", s.Core())
	}
	s.Assume(-2)
	if s.Solve(ctx) != sat.Unsatisfiable || !slices.Equal(s.Core(), []int{-2}) {
		t.Fatalf("assumption false at the root: core %v", s.Core())
	}
	if s.Value(2) != 0 || s.Model() != nil {
		t.Fatal("model after UNSAT")
	}
	s.AddClause()
	if s.Solve(ctx) != sat.Unsatisfiable || len(s.Core()) != 0 {
		t.Fatal("empty clause")
	}
	s.AddClause(5, 6)
	s.Assume(5)
	if s.Solve(ctx) != sat.Unsatisfiable || len(s.Core()) != 0 {
		t.Fatal("after empty clause")
	}
	s.Flush()
	checkProof(t, proof.Bytes())
}

// A cancelled context and a conflict limit both give Unknown, with a proof
// that still checks; the solver stays usable.
func TestBudget(t *testing.T) {
	v, cs := satgen.Pigeonhole(9, 8)
	for _, mode := range []string{"context", "limit"} {
		var proof bytes.Buffer
		opts := sat.Options{}
		ctx := context.Background()
		if mode == "limit" {
			opts.ConflictLimit = 100
		} else {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, 20*time.Millisecond)
			defer cancel()
		}
		s := sat.New(&opts)
		s.SetProof(&proof)
		for _, c := range cs {
			s.AddClause(c...)
		}
		if st := s.Solve(ctx); st != sat.Unknown {
			t.Fatalf("%s: got %v on PHP(9,8)", mode, st)
		}
		s.Flush()
		checkProof(t, proof.Bytes())
		_ = v
	}
}

// The answers agree with minisat and cadical on a few hundred generated
// instances (random 3-SAT at 4.26, pigeonhole, colouring, incremental
// scripts with assumptions) and every proof checks against its
// interactions. bench/satcheck runs the same on thousands.
func TestDifferential(t *testing.T) {
	oracles := []string{testutil.RequireBinary(t, "minisat"), testutil.RequireBinary(t, "cadical")}
	n := 240
	if testing.Short() {
		n = 40
	}
	dir := t.TempDir()
	queries := 0
	for i := range n {
		r := rand.New(rand.NewSource(int64(1000 + i)))
		_, sc := satgen.Instance(r, i, 1)
		opts := satgen.RandomOptions(r)
		out, err := satgen.Run(context.Background(), sc, opts, oracles, dir)
		if err != nil {
			var buf bytes.Buffer
			sc.WriteICNF(&buf)
			os.WriteFile(dir+"/failing.icnf", buf.Bytes(), 0o644)
			t.Fatalf("instance %d (%s, options %+v): %v", i, sc.Name, opts, err)
		}
		queries += out.Queries
	}
	t.Logf("%d instances, %d queries agree with minisat and cadical; all proofs check", n, queries)
}

func TestStatusParse(t *testing.T) {
	for _, s := range []sat.Status{sat.Satisfiable, sat.Unsatisfiable, sat.Unknown} {
		if got, ok := sat.ParseStatus(s.String()); !ok || got != s {
			t.Errorf("ParseStatus(%q) = %v %v", s, got, ok)
		}
	}
	if _, ok := sat.ParseStatus("SAT"); ok {
		t.Error("SAT read as a status")
	}
}

// TestManyAssumptionLevels is the regression test for a panic found by
// FuzzSolve: every assumption opens a decision level, even a repeated or
// already true one, so conflict analysis can see levels deeper than the
// number of variables.
func TestManyAssumptionLevels(t *testing.T) {
	for _, m := range []sat.Minimization{0, 1, 2} {
		s := sat.New(&sat.Options{Minimize: m})
		for _, c := range [][]int{{2, 3}, {2, -3}, {-2, 3}, {-2, -3, 1}} {
			s.AddClause(c...)
		}
		for i := 0; i < 12; i++ {
			s.Assume(1)
		}
		if st := s.Solve(context.Background()); st != sat.Satisfiable {
			t.Fatalf("minimize %d: got %v, want sat", m, st)
		}
		s.AddClause(-1, -2)
		for i := 0; i < 12; i++ {
			s.Assume(1)
		}
		if st := s.Solve(context.Background()); st != sat.Unsatisfiable {
			t.Fatalf("minimize %d: got %v, want unsat", m, st)
		}
	}
}

// The machinery added for speed runs and keeps answers and proofs right:
// with small intervals a solve compacts the clause arena (deletions past
// half of it), switches between focused and stable mode and rephases;
// the unsat answers' proofs check and the models satisfy every clause and
// assumption, over several incremental queries on one solver.
func TestArenaModesRephase(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []sat.ModePolicy{sat.ModeSwitch, sat.ModeFocused, sat.ModeStable} {
		var proof bytes.Buffer
		opts := sat.Options{Mode: mode, ModeInterval: 20, RephaseInterval: 10, ReduceInterval: 30, ReduceIncrement: 5, Tier2LBD: 4}
		s := sat.New(&opts)
		s.SetProof(&proof)
		r := rand.New(rand.NewSource(5))
		clauses := satgen.Random3SAT(r, 90, 3.9)
		for _, c := range clauses {
			s.AddClause(c...)
		}
		sats := 0
		for q := range 12 {
			as := []int{q%90 + 1, -(q*7%90 + 1), q*13%90 + 1}
			for _, a := range as {
				s.Assume(a)
			}
			st := s.Solve(ctx)
			if st == sat.Satisfiable && !modelOK(clauses, as, s) {
				t.Fatalf("mode %v query %d: model %v fails", mode, q, s.Model())
			}
			if st == sat.Satisfiable {
				sats++
			}
		}
		_, php := satgen.Pigeonhole(7, 6)
		for _, c := range php {
			for i := range c {
				if c[i] > 0 {
					c[i] += 90
				} else {
					c[i] -= 90
				}
			}
			s.AddClause(c...)
		}
		if st := s.Solve(ctx); st != sat.Unsatisfiable {
			t.Fatalf("mode %v: pigeonhole 7/6 answered %v", mode, st)
		}
		s.Flush()
		checkProof(t, proof.Bytes())
		st := s.Stats()
		if sats == 0 || st.Deleted == 0 || st.Rephases == 0 || (mode == sat.ModeSwitch && st.Switches == 0) {
			t.Errorf("mode %v: deleted %d, rephases %d, switches %d: the machinery did not run", mode, st.Deleted, st.Rephases, st.Switches)
		}
		t.Logf("mode %v: %d sat queries, %+v", mode, sats, st)
	}
}

// modelOK checks the solver's model against the clauses and
// assumptions.
func modelOK(clauses [][]int, as []int, s *sat.Solver) bool {
	for _, c := range clauses {
		ok := false
		for _, l := range c {
			if s.Value(l) == l {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, a := range as {
		if s.Value(a) != a {
			return false
		}
	}
	return true
}
