package bandit

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/solver"
)

// TestComparisonRoundTrip: the runs a side-by-side campaign writes into its
// directory read back into the comparison (fuzzer order, run slots, sums,
// gap runs, merged ranking, BanditFuzz against the best baseline), and its
// files are written.
func TestComparisonRoundTrip(t *testing.T) {
	dir := t.TempDir()
	o := SystemOptions{Mode: "perf", Theory: "lia", Solvers: []string{"z3", "cvc5"}, Fuzzers: []string{FuzzerBandit, FuzzerRandom},
		Timeout: 2 * time.Second, Budget: time.Minute}
	if err := o.normalize(); err != nil {
		t.Fatal(err)
	}
	sys := &System{opt: o, dir: dir}
	e := &Env{Specs: o.Solvers, Versions: []string{"4.8.12", "1.0.3"}, Timeout: o.Timeout}
	run := func(score float64, gapAt float64) *PerfRun {
		r := &PerfRun{Measure: MeasureCPU, Unit: "s", Limit: 2, Score: score, FuzzScore: score, Best: "(check-sat)\n",
			Times: map[string]float64{"z3": score + 0.1, "cvc5": 0.1}, Status: map[string]string{"z3": "sat", "cvc5": "sat"},
			Trace: []TracePoint{{Query: 1, Elapsed: gapAt, Score: score}}, Stats: Stats{Queries: 10}}
		return r
	}
	for i, c := range []struct {
		fuzzer string
		run    int
		r      *PerfRun
	}{
		{FuzzerBandit, 0, run(3.9, 20)}, {FuzzerRandom, 0, run(0.5, 1)}, {FuzzerBandit, 1, run(1.0, 2)}, {FuzzerRandom, 1, run(2.5, 40)},
	} {
		c.r.Ranking = []Rank{{Construct: "+", Pulls: 2, Rewards: float64(i % 2)}, {Construct: "abs", Pulls: 1, Rewards: 1}}
		if err := sys.writeRecord(e, &RunRecord{Fuzzer: c.fuzzer, Run: c.run, Iteration: uint64(i), Versions: e.Versions, Perf: c.r}); err != nil {
			t.Fatal(err)
		}
	}
	c, err := ReadComparison(dir)
	if err != nil {
		t.Fatal(err)
	}
	rows := c.Perf.Rows()
	if len(rows) != 2 || rows[0].Fuzzer != FuzzerBandit || rows[0].Runs != 2 || math.Abs(rows[0].Margin-4.9) > 1e-9 || rows[0].GapRuns != 1 || rows[0].GapMedian != 40 || rows[0].Queries != 20 {
		t.Fatalf("rows %+v", rows)
	}
	if impr, ok := Improvement(rows); !ok || math.Abs(impr-(4.9/3-1)) > 1e-9 {
		t.Errorf("improvement %g, %v", impr, ok)
	}
	if rk := rows[0].Ranking; rk[0].Construct != "abs" || rk[0].Pulls != 2 || rk[1].Pulls != 4 {
		t.Errorf("merged ranking %+v", rk)
	}
	var b bytes.Buffer
	c.WriteTable(&b)
	for _, want := range []string{"PAR-2 margin (s)", "gap runs", "first gap", "banditfuzz vs best baseline: +63.3%", "1m0s × 2 runs"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	page, err := c.WriteFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{page, filepath.Join(dir, "summary.json"), filepath.Join(dir, "runs.json"), filepath.Join(dir, SuiteDir, "random-01.smt2")} {
		if _, err := os.Stat(f); err != nil {
			t.Error(err)
		}
	}
	hdr, _ := os.ReadFile(filepath.Join(dir, SuiteDir, "banditfuzz-00.smt2"))
	if !strings.Contains(string(hdr), "; z3 4.8.12: sat, PAR-2 4.000 s") {
		t.Errorf("suite file header:\n%s", hdr)
	}

	// A run of another mode or fuzzer is not silently mixed in.
	bad := &RunRecord{Fuzzer: FuzzerMutational, Options: o, Perf: run(1, 1)}
	b2, _ := json.Marshal(bad)
	if err := os.WriteFile(filepath.Join(dir, RunsDir, "mutational-00.json"), b2, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadComparison(dir); err == nil {
		t.Error("a run of a fuzzer outside the comparison was accepted")
	}
}

// TestComparisonBug: bug-mode rows count disagreements, verdicts, crashes
// and invalid models per fuzzer.
func TestComparisonBug(t *testing.T) {
	o := SystemOptions{Mode: "bug", Solvers: []string{"z3", "cvc5"}, Fuzzers: []string{FuzzerBandit, FuzzerRandom}}
	recs := []*RunRecord{
		{Fuzzer: FuzzerBandit, Options: o, Bug: &BugRun{Disagreements: []Disagreement{{Verdict: Verdict{Kind: "soundness", Wrong: "z3"}}},
			Problems: []Problem{{Kind: "crash"}, {Kind: "invalid-model"}}, Stats: Stats{Queries: 5}}},
		{Fuzzer: FuzzerRandom, Iteration: 1, Options: o, Bug: &BugRun{Stats: Stats{Queries: 5}}},
	}
	c, err := comparisonOf(recs)
	if err != nil {
		t.Fatal(err)
	}
	rows := c.Bug.Rows()
	if len(rows) != 2 || rows[0].Disagreements != 1 || rows[0].Crashes != 1 || rows[0].InvalidModels != 1 || rows[0].Verdicts["soundness z3"] != 1 || rows[1].Queries != 5 {
		t.Errorf("rows %+v", rows)
	}
	var b bytes.Buffer
	c.WriteTable(&b)
	if !strings.Contains(b.String(), "verdict soundness z3") {
		t.Errorf("table:\n%s", b.String())
	}
}

// TestComparisonLegacy reads a comparison written before the campaign
// harness (bench/bandit/perf-fp16, docs/bandit.md's FP16 table): the same
// margins and gap runs as the table.
func TestComparisonLegacy(t *testing.T) {
	c, err := ReadComparison(filepath.Join(testutil.RepoRoot(), "bench", "bandit", "perf-fp16"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		margin float64
		gaps   int
	}{FuzzerBandit: {41.20, 4}, FuzzerRandom: {44.44, 5}, FuzzerMutational: {47.79, 5}, FuzzerEvolutionary: {40.74, 4}}
	for _, r := range c.Perf.Rows() {
		w := want[r.Fuzzer]
		if math.Abs(r.Margin-w.margin) > 0.005 || r.GapRuns != w.gaps || r.Runs != 5 {
			t.Errorf("%s: margin %.2f, gap runs %d/%d; the table says %.2f, %d/5", r.Fuzzer, r.Margin, r.GapRuns, r.Runs, w.margin, w.gaps)
		}
	}
	if c.Perf.Unit != "s" || c.Perf.Limit != 5 {
		t.Errorf("legacy runs: unit %q, limit %g; want seconds and the 5 s timeout", c.Perf.Unit, c.Perf.Limit)
	}
}

// TestEffortMeasureSameSolver: the effort measure compares a solver with
// itself; different solvers' units are refused, and a profile without an
// effort count is refused.
func TestEffortMeasureSameSolver(t *testing.T) {
	reg := solver.NewRegistry()
	get := func(spec string) *solver.Profile {
		p, err := reg.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	env := func(specs ...string) *Env {
		e := &Env{Specs: specs, Timeout: time.Second}
		for _, s := range specs {
			e.Profiles = append(e.Profiles, get(s))
		}
		return e
	}
	e := env("z3 smt.arith.solver=2", "z3")
	if err := e.UseMeasure(MeasureEffort, 0); err != nil || e.Unit() != "z3 rlimit-count" || e.Limit() != float64(get("z3").Effort.DefaultLimit) {
		t.Errorf("z3 against z3: %v, unit %q, limit %g", err, e.Unit(), e.Limit())
	}
	if !strings.Contains(strings.Join(e.Profiles[0].Options, " "), "smt.arith.solver=2 -st rlimit=") {
		t.Errorf("target options %v", e.Profiles[0].Options)
	}
	if err := env("z3", "cvc5").UseMeasure(MeasureEffort, 0); err == nil || !strings.Contains(err.Error(), "compares a solver with itself") {
		t.Errorf("z3 against cvc5 by effort: %v", err)
	}
	if err := env("boolector", "boolector").UseMeasure(MeasureEffort, 0); err == nil {
		t.Error("a solver without an effort count was accepted")
	}
	if _, err := ParseMeasure("ticks"); err == nil {
		t.Error("ParseMeasure accepted ticks")
	}
}

// TestSideBySideCampaignResume: a side-by-side comparison is a campaign:
// stopped after two of its iterations and resumed with a larger budget, it
// holds every fuzzer's runs, each written once, and reads back as the
// comparison of all of them.
func TestSideBySideCampaignResume(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	ctx := context.Background()
	o := SystemOptions{Mode: "perf", Theory: "lia", Solvers: []string{"z3 smt.arith.solver=2", "z3"}, Fuzzers: []string{FuzzerBandit, FuzzerRandom},
		Timeout: 10 * time.Second, Wall: 5 * time.Minute, Queries: 2, Confirm: -1, Measure: MeasureEffort, EffortLimit: 1_000_000}
	cfg, _ := json.Marshal(o)
	dir := t.TempDir()
	if _, err := campaign.Run(ctx, dir, SystemName, cfg, campaign.Options{Iterations: 2, Workers: 1, NoReduce: true, Seed: 9}); err != nil {
		t.Fatal(err)
	}
	c, err := ReadComparison(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rows := c.Perf.Rows(); len(rows) != 2 || rows[0].Runs != 1 || rows[1].Runs != 1 {
		t.Fatalf("after 2 iterations: rows %+v", rows)
	}
	sum, err := campaign.Resume(ctx, dir, campaign.Options{Iterations: 4, Workers: 2, NoReduce: true})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Iterations != 2 || sum.Resumed != 2 {
		t.Errorf("resume ran %d iterations after %d", sum.Iterations, sum.Resumed)
	}
	if c, err = ReadComparison(dir); err != nil {
		t.Fatal(err)
	}
	for _, r := range c.Perf.Rows() {
		if r.Runs != 2 || r.Queries != 4 {
			t.Errorf("%s after resume: %d runs, %d queries; want 2 and 4", r.Fuzzer, r.Runs, r.Queries)
		}
	}
	if c.Perf.Unit != "z3 rlimit-count" || c.Perf.Limit != 1_000_000 || c.Perf.RunsPerFuzzer != 2 {
		t.Errorf("comparison: unit %q, limit %g, %d runs per fuzzer", c.Perf.Unit, c.Perf.Limit, c.Perf.RunsPerFuzzer)
	}
}
