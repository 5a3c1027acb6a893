package diver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"tandem/campaign"
	"tandem/smt"
)

// TestPreAnalysisShortcuts is the invariant behind the harness's cheap
// pre-analysis: for every mutant of real iterations over the built-in
// seeds of every logic (pool and Complicate as in a campaign), the
// lineage-memoized analysis (preAnalysis with the shared rangeMemo) and
// the path-only analysis Complicate uses (pathRange) give exactly the
// ranges of a full PreAnalysis without a memo, at every label.
func TestPreAnalysisShortcuts(t *testing.T) {
	for _, logic := range BuiltinLogics {
		d, err := New(Options{NoSolver: true, Logics: []string{logic}, Mutants: 150})
		if err != nil {
			t.Fatal(err)
		}
		checked, paths := 0, 0
		d.observe = func(e mutantEvent) {
			s := e.mu.Seed
			s.Formula.expand()
			full := PreAnalysis(s.st, s.Formula, s.value)
			memo := preAnalysis(s.st, s.Formula, s.value, s.memo)
			for l := range full {
				if !rangeEqual(full[l], memo[l]) {
					t.Fatalf("%s: label %d (%s): memoized range %+v, full %+v", logic, l, s.Formula.Nodes[l].Term, memo[l], full[l])
				}
			}
			for l := 0; l < len(full); l += 1 + len(full)/40 {
				n := s.Formula.Nodes[l]
				if got := pathRange(s.st, s.Formula.Root.Term, pathTo(n), s.value); !rangeEqual(got, full[l]) {
					t.Fatalf("%s: label %d (%s): path range %+v, full %+v", logic, l, n.Term, got, full[l])
				}
				paths++
			}
			checked++
		}
		r := rand.New(rand.NewPCG(11, uint64(len(logic))))
		for range 3 {
			var st Stats
			var cst campaign.Stats
			if _, err := d.round(context.Background(), r, &st, &cst); err != nil {
				t.Fatal(err)
			}
		}
		if checked < 300 {
			t.Errorf("%s: only %d mutants checked", logic, checked)
		}
		t.Logf("%s: %d mutants, %d path ranges", logic, checked, paths)
	}
}

func rangeEqual(a, b SatPreservingRange) bool {
	if a.Kind != b.Kind || a.Signed != b.Signed || a.First != b.First || a.Last != b.Last || a.Regex != b.Regex || !slices.Equal(a.Prefix, b.Prefix) {
		return false
	}
	if (a.Lo == nil) != (b.Lo == nil) || a.Lo != nil && a.Lo.Cmp(b.Lo) != 0 || (a.Hi == nil) != (b.Hi == nil) || a.Hi != nil && a.Hi.Cmp(b.Hi) != 0 {
		return false
	}
	if (a.Value == nil) != (b.Value == nil) {
		return false
	}
	_, ua := a.Value.(smt.Undefined)
	_, ub := b.Value.(smt.Undefined)
	return a.Value == nil || ua && ub || smt.ValueEqual(a.Value, b.Value)
}
