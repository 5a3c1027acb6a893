package strs_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"tandem/internal/strstest"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smt/strs"
)

// diffSolver checks n random ground terms against a solver in batches.
func diffSolver(t *testing.T, s strstest.Solver, n, batch int, seed uint64) {
	s.Path = testutil.RequireBinary(t, s.Path)
	st := smt.NewStore()
	g := &strstest.Gen{St: st, R: rand.New(rand.NewPCG(seed, 7)), Extensions: s.Name == "cvc5", NoReplaceRe: s.Name == "z3"}
	b := strs.NewBuilder()
	var total strstest.Result
	for done := 0; done < n; done += batch {
		terms := make([]*smt.Term, batch)
		for i := range terms {
			terms[i] = g.Term()
		}
		r, err := strstest.Check(context.Background(), s, terms, b.Eval)
		if err != nil {
			t.Fatal(err)
		}
		total.Add(r)
	}
	for i, d := range total.Disagreements {
		if i < 20 {
			t.Errorf("%s: %s\n  ours:   %s\n  theirs: %s", s.Name, d.Term, d.Ours, d.Theirs)
		}
	}
	for _, d := range total.RefMismatch {
		t.Errorf("ours and the reference differ: %s\n  ours: %s\n  ref:  %s", d.Term, d.Ours, d.Theirs)
	}
	t.Logf("explained by known solver bugs: %v", total.Explained)
	for _, u := range total.UnevalSample {
		t.Logf("unevaluated: %s -> %s", u.Term, u.Theirs)
	}
	t.Logf("%s: %d terms, %d agree, %d disagree, %d unevaluated, %d solver errors %v", s.Name, total.Terms, total.Agree, len(total.Disagreements), total.Unevaluated, total.SolverErrors, total.Errors)
}

func TestDiffZ3(t *testing.T)   { diffSolver(t, strstest.Z3, 2000, 250, 1) }
func TestDiffCVC5(t *testing.T) { diffSolver(t, strstest.CVC5, 2000, 250, 2) }
