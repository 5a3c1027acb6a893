package diver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
)

// unusableSeeds are seeds DIVER cannot use, by the reason it must count,
// and whether finding that out needs a solver run.
var unusableSeeds = []struct {
	file, text, reason string
	solved             bool
}{
	{"garbage.smt2", "(set-logic QF_LIA)\n(assert (> x\n", SkipParse, false},
	{"incremental.smt2", "(set-logic QF_LIA)\n(declare-fun x () Int)\n(push 1)\n(assert (> x 0))\n(check-sat)\n(pop 1)\n", SkipIncremental, false},
	{"empty.smt2", "(set-logic QF_LIA)\n(declare-fun x () Int)\n(check-sat)\n", SkipNoAssertions, false},
	// the unsat side may take a quantified seed, so it is solved once,
	// unless it says it is sat
	{"forall.smt2", "(set-logic LIA)\n(declare-fun x () Int)\n(assert (forall ((y Int)) (>= (+ x (* 0 y)) x)))\n(check-sat)\n", SkipQuantifiers, true},
	{"exists.smt2", "(set-info :status sat)\n(set-logic LIA)\n(declare-fun x () Int)\n(assert (exists ((y Int)) (> y x)))\n(check-sat)\n", SkipQuantifiers, false},
	// z3's model needs div0: tandem's evaluator leaves (div x 0) open
	{"div0.smt2", "(set-logic QF_NIA)\n(declare-fun x () Int)\n(assert (= (div x 0) 3))\n(check-sat)\n", SkipModelFalse, true},
	{"conflict.smt2", "(set-info :status sat)\n(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 0))\n(assert (< x 0))\n(check-sat)\n", SkipStatusSat, true},
	// the node limit is checked before the seed is solved (issue 26: 45
	// of the 310 QF_AUFLIA seeds cost a seed solve per run, then were
	// skipped): nested lets, a tree of 2^17 nodes
	{"large.smt2", largeSeed(16), SkipTooLarge, false},
}

// largeSeed is a QF_LIA seed whose term tree, lets expanded, has about
// 2^(n+1) nodes: each of n nested lets doubles the previous one.
func largeSeed(n int) string {
	var b strings.Builder
	b.WriteString("(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (let ((a0 (+ x x)))")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, " (let ((a%d (+ a%d a%d)))", i, i-1, i-1)
	}
	fmt.Fprintf(&b, " (> a%d 0)%s))\n(check-sat)\n", n, strings.Repeat(")", n))
	return b.String()
}

const usableSeed = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(declare-fun y () Int)\n(assert (> x y))\n(assert (< x 10))\n(check-sat)\n"

// TestSkippedSeedsCountedOnce: a seed directory with one usable seed and
// unusable ones of several kinds. Every skip is counted by its reason,
// each unusable seed is solved at most once (once when only a solver run
// tells), and the usable seed is used.
func TestSkippedSeedsCountedOnce(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	dir := t.TempDir()
	testutil.WriteFile(t, dir, "good.smt2", usableSeed)
	for _, u := range unusableSeeds {
		testutil.WriteFile(t, dir, u.file, u.text)
	}
	d, err := New(Options{Solver: "z3", Seeds: []string{dir}, Mutants: 2, Timeout: 5 * time.Second, NoOptionFuzz: true})
	if err != nil {
		t.Fatal(err)
	}
	solved := map[string]int{}
	d.solvingSeed = func(name string) { solved[filepath.Base(name)]++ }
	var total campaign.Stats
	for i := uint64(0); i < 30; i++ {
		_, cst, err := d.Iterate(context.Background(), campaign.NewIteration(1, i))
		if err != nil {
			t.Fatal(err)
		}
		total.Add(cst)
	}
	unusable := d.Unusable()
	reasons := map[string]int{}
	for _, u := range unusableSeeds {
		reasons[u.reason]++
	}
	for _, u := range unusableSeeds {
		want := 0
		if u.solved {
			want = 1
		}
		if solved[u.file] != want {
			t.Errorf("%s solved %d times, want %d", u.file, solved[u.file], want)
		}
		if got := unusable[filepath.Join(dir, u.file)]; got != u.reason {
			t.Errorf("%s remembered as %q, want %q", u.file, got, u.reason)
		}
		if n := total.Counters[campaign.SkipCounter+u.reason]; n != int64(reasons[u.reason]) {
			t.Errorf("counter %q = %d, want %d (counters %v)", campaign.SkipCounter+u.reason, n, reasons[u.reason], total.Counters)
		}
	}
	if solved["good.smt2"] < 2 || total.Counters["seeds: QF_LIA"] != int64(solved["good.smt2"]) || total.Counters["mutants"] == 0 {
		t.Errorf("the usable seed: solved %d times, counters %v", solved["good.smt2"], total.Counters)
	}
	if total.Skipped != 0 {
		t.Errorf("%d iterations skipped: each should have found the usable seed", total.Skipped)
	}
}

// TestAllSeedsUnusable: a campaign whose every seed is unusable ends as
// soon as each has been found so (not when its budget is used), broken,
// with the reasons in its problem.
func TestAllSeedsUnusable(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	dir := t.TempDir()
	for _, u := range unusableSeeds {
		testutil.WriteFile(t, dir, u.file, u.text)
	}
	cfg, _ := json.Marshal(Options{Solver: "z3", Seeds: []string{dir}, Mutants: 2, Timeout: 5 * time.Second, NoOptionFuzz: true})
	var progress strings.Builder
	sum, err := campaign.Run(context.Background(), t.TempDir(), Name, cfg, campaign.Options{Seed: 1, Iterations: 100000, Workers: 2, NoReduce: true, Progress: &progress})
	var ue *campaign.UnhealthyError
	if !errors.As(err, &ue) {
		t.Fatalf("err = %v, want a broken campaign", err)
	}
	if sum.Iterations > 50 {
		t.Errorf("%d iterations: the run should end once every seed is known unusable", sum.Iterations)
	}
	if sum.Stats.Counters[campaign.SkipCounter+SkipQuantifiers] != 2 || sum.Stats.SolverCalls > 4 { // three seeds and the version probe
		t.Errorf("solver calls %d, counters %v: each seed is solved at most once", sum.Stats.SolverCalls, sum.Stats.Counters)
	}
	p := strings.Join(sum.Problems, "\n")
	if !strings.Contains(p, "seed skipped") && !strings.Contains(p, "skipped for") {
		t.Errorf("problems do not name the reasons:\n%s", p)
	}
	if !strings.Contains(progress.String(), "skipped      ") {
		t.Errorf("the summary has no skipped line:\n%s", progress.String())
	}
}

// TestSkipKeepsReplay: remembering unusable files does not change which
// seed an iteration uses: each iteration of a run (whose Diver knows the
// unusable files from earlier iterations) uses the seed it uses replayed
// alone on a fresh Diver (which finds them unusable again).
func TestSkipKeepsReplay(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	dir := t.TempDir()
	testutil.WriteFile(t, dir, "good.smt2", usableSeed)
	testutil.WriteFile(t, dir, "good2.smt2", strings.Replace(usableSeed, "(< x 10)", "(< x 20)", 1))
	for _, u := range unusableSeeds {
		testutil.WriteFile(t, dir, u.file, u.text)
	}
	o := Options{Solver: "z3", Seeds: []string{dir}, Mutants: 1, Timeout: 5 * time.Second, NoOptionFuzz: true}
	used := func(d *Diver, i uint64) string {
		last := ""
		d.solvingSeed = func(name string) { last = filepath.Base(name) }
		if _, _, err := d.Iterate(context.Background(), campaign.NewIteration(9, i)); err != nil {
			t.Fatal(err)
		}
		return last
	}
	run, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	for i := uint64(0); i < 12; i++ {
		got := used(run, i)
		fresh, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		if want := used(fresh, i); got != want || !strings.HasPrefix(got, "good") {
			t.Errorf("iteration %d used %q in the run, %q replayed alone", i, got, want)
		}
	}
}
