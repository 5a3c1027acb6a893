package smtserve

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/internal/smtdiff"
	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

// runZ3Session runs script through a session whose fallback is z3 and
// returns its check-sat answers and statistics.
func runZ3Session(t *testing.T, name string, script []byte, budget time.Duration) ([]solver.Status, Stats) {
	t.Helper()
	p, _ := solver.NewRegistry().Get("z3")
	s, err := New(Options{Filename: name, Budget: budget, Fallback: SolverFallback(p, 30*time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out strings.Builder
	if err := s.Serve(context.Background(), strings.NewReader(string(script)), &out); err != nil {
		t.Fatal(err)
	}
	var answers []solver.Status
	for _, l := range strings.Split(out.String(), "\n") {
		if st, ok := solver.ParseStatus(strings.TrimSpace(l)); ok && (l == "sat" || l == "unsat" || l == "unknown") {
			answers = append(answers, st)
		}
	}
	return answers, s.Stats()
}

// TestConcolicAgreesWithZ3 runs a concolic-style session generated from the
// SAGE queries (π grows, each branch in a push/pop) through tandem smt and
// z3 -in: the same sat/unsat answers, every model checked. bench/smtserve
// runs the 10,000-query version.
func TestConcolicAgreesWithZ3(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	n := 400
	if testutil.Short() {
		n = 100
	}
	script, q, err := smtdiff.Concolic(testutil.Corpus(t, "sage"), smtdiff.ConcolicOptions{Queries: n, ModelEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	za, err := smtdiff.RunStdin(context.Background(), []string{z3, "-in"}, script, 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	ta, st := runZ3Session(t, "concolic", script, DefaultBudget)
	d := smtdiff.Compare(ta, za.Answers)
	if d.Disagree != 0 || d.Misaligned || d.UnknownA != 0 || len(za.Answers) != q {
		t.Errorf("%d queries: %+v (z3 gave %d answers)", q, d, len(za.Answers))
	}
	if st.InvalidModels != 0 || st.FuzzSat+st.FuzzUnsat == 0 {
		t.Errorf("stats %+v", st)
	}
	t.Logf("%d queries, %d answered by fuzzing", q, st.FuzzSat+st.FuzzUnsat)
}

// TestIncrementalCorpusAgreesWithZ3 runs a bounded subset of the corpus's
// incremental scripts (push/pop, check-sat-assuming, get-value) through
// tandem smt and z3 -in: no sat/unsat disagreement, no fallback model the
// evaluator finds false. bench/smtserve -corpus runs all of them.
func TestIncrementalCorpusAgreesWithZ3(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	files, err := smtdiff.IncrementalFiles(testutil.Corpus(t, "regress"))
	if err != nil {
		t.Fatal(err)
	}
	step := 6
	if testutil.Short() {
		step = 24
	}
	for i := 0; i < len(files); i += step {
		f := files[i]
		rel, _ := filepath.Rel(testutil.SharedDir(), f)
		t.Run(rel, func(t *testing.T) {
			data, err := smtlib.ReadFile(f, "script", 4<<20)
			if err != nil {
				t.Fatal(err)
			}
			za, err := smtdiff.RunStdin(context.Background(), []string{z3, "-in"}, data, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			ta, st := runZ3Session(t, f, data, DefaultBudget)
			d := smtdiff.Compare(ta, za.Answers)
			if d.Disagree != 0 || st.InvalidModels != 0 {
				t.Errorf("z3 %v, tandem %v: %+v, stats %+v", za.Answers, ta, d, st)
			}
		})
	}
}

// TestResetAssertionsWithSolvers: after reset-assertions the declarations
// are gone (SMT-LIB 2.6; z3 4.8.12 keeps them, cvc5 does not), so the
// script may declare them again, with z3 and with cvc5 behind tandem smt;
// global declarations stay. Before the fallback was restarted on
// reset-assertions, z3 refused the redeclaration and the session answered
// unknown from there on.
func TestResetAssertionsWithSolvers(t *testing.T) {
	script := `(set-option :produce-unsat-cores true)
(declare-const i Int)
(declare-const x (_ BitVec 8))
(push 1)
(declare-const j Int)
(assert (> i j))
(check-sat)
(reset-assertions)
(declare-const i Int)
(declare-const j Int)
(declare-const x (_ BitVec 8))
(assert (! (< i j) :named n1))
(assert (! (> i j) :named n2))
(check-sat)
(get-unsat-core)
(set-option :global-declarations true)
(declare-const k Int)
(reset-assertions)
(declare-const i Int)
(assert (and (> k 0) (< i k)))
(check-sat)
`
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			p, _ := solver.NewRegistry().Get(name)
			s, err := New(Options{Fallback: SolverFallback(p, 30*time.Second)})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var out strings.Builder
			if err := s.Serve(context.Background(), strings.NewReader(script), &out); err != nil {
				t.Fatal(err)
			}
			rs, err := solver.Responses([]byte(out.String()))
			if err != nil || len(rs) != 4 {
				t.Fatalf("responses %q (%v)", rs, err)
			}
			core := strings.Join(strings.Fields(strings.Trim(rs[2], "()")), " ")
			if rs[0] != "sat" || rs[1] != "unsat" || (core != "n1 n2" && core != "n2 n1") || rs[3] != "sat" {
				t.Errorf("got %q", rs)
			}
		})
	}
}
