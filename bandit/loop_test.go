package bandit

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
)

// TestLoopsAgainstZ3 runs a few queries of both loops and a two-iteration
// campaign with z3 under two arithmetic solvers (no timing assertions).
func TestLoopsAgainstZ3(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	ctx := context.Background()
	g, _ := LookupGrammar("lia")
	e, err := NewEnv(ctx, g, GenOptions{}, []string{"z3", "z3 smt.arith.solver=2"}, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Perf(ctx, e, rand.New(rand.NewPCG(1, 1)), PerfOptions{MaxQueries: 6})
	if err != nil {
		t.Fatal(err)
	}
	if pr.Stats.Queries != 6 || pr.Best == "" || len(pr.Ranking) != len(g.Constructs) || len(pr.Trace) != 6 {
		t.Fatalf("perf run: %d queries, best %q, ranking %d", pr.Stats.Queries, pr.Best, len(pr.Ranking))
	}
	for _, fz := range []string{FuzzerRandom, FuzzerEvolutionary} {
		if _, err := Perf(ctx, e, rand.New(rand.NewPCG(1, 1)), PerfOptions{Fuzzer: fz, MaxQueries: 3}); err != nil {
			t.Fatal(fz, err)
		}
	}
	br, err := Bug(ctx, e, rand.New(rand.NewPCG(2, 2)), BugOptions{Queries: 6, CheckModels: true})
	if err != nil {
		t.Fatal(err)
	}
	if br.Stats.Queries != 6 {
		t.Fatalf("bug run: %d queries", br.Stats.Queries)
	}
	solvers := []string{"z3", "z3 smt.arith.solver=2"}
	sum, rep := campaignReport(t, SystemOptions{Mode: "bug", Theory: "lia", Solvers: solvers, Timeout: 2 * time.Second, Queries: 4})
	if sum.Iterations != 2 || sum.Stats.Counters["queries"] != 8 {
		t.Fatalf("campaign: %d iterations, %d queries", sum.Iterations, sum.Stats.Counters["queries"])
	}
	if len(rep.Panels) != 1 || !strings.Contains(string(rep.Panels[0].HTML), "svg") {
		t.Fatalf("report panels: %d", len(rep.Panels))
	}

	// A perf campaign's report adds the cactus plot of its findings.
	_, prep := campaignReport(t, SystemOptions{Mode: "perf", Theory: "lia", Solvers: solvers, Timeout: 2 * time.Second, Queries: 3, MinMargin: 1e-9})
	if len(prep.Panels) != 2 || !strings.Contains(string(prep.Panels[1].HTML), "performance findings") {
		t.Fatalf("perf report panels: %+v", prep.Panels)
	}
}

// campaignReport runs a two-iteration campaign of the bandit system with o
// and builds its report.
func campaignReport(t *testing.T, o SystemOptions) (*campaign.Summary, *campaign.Report) {
	t.Helper()
	ctx := context.Background()
	cfg, _ := json.Marshal(o)
	dir := t.TempDir()
	sum, err := campaign.Run(ctx, dir, SystemName, cfg, campaign.Options{Iterations: 2, Workers: 1, NoReduce: true})
	if err != nil {
		t.Fatal(err)
	}
	st, err := campaign.OpenStore(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rep, err := campaign.BuildReport(ctx, st, sum.Campaign)
	if err != nil {
		t.Fatal(err)
	}
	return sum, rep
}

func TestTimingLineRoundTrip(t *testing.T) {
	specs := []string{"z3", "z3 smt.string_solver=z3str3", "cvc5 --fp-exp"}
	for _, c := range []struct {
		spec, version, status string
		par2                  float64
	}{
		{"z3", "4.8.12", "sat", 0.125},
		{"z3 smt.string_solver=z3str3", "4.8.12", "timeout", 10},
		{"cvc5 --fp-exp", "1.0.3 [git: x]", "unsat", 1.5},
	} {
		sp, st, v, ok := parseTiming(timingLine(c.spec, c.version, c.status, c.par2, "s"), specs)
		if !ok || sp != c.spec || st != c.status || v != c.par2 {
			t.Errorf("parseTiming(timingLine(%q, %q, %q, %g)) = %q, %q, %g, %v", c.spec, c.version, c.status, c.par2, sp, st, v, ok)
		}
	}
	// Effort units: the number is read, whatever the unit.
	if _, st, v, ok := parseTiming(timingLine("z3", "4.8.12", "sat", 12345, "z3 rlimit-count"), specs); !ok || st != "sat" || v != 12345 {
		t.Errorf("effort timing line read as %q, %g, %v", st, v, ok)
	}
	for _, bad := range []string{"", "- cvc4 1.8: sat, PAR-2 1 s", "- z3 4.8.12 sat", "Top constructs of this run: a, b, c."} {
		if _, _, _, ok := parseTiming(bad, specs); ok {
			t.Errorf("parseTiming(%q) accepted", bad)
		}
	}
}

func TestFirstGap(t *testing.T) {
	r := &PerfRun{Limit: 2, Trace: []TracePoint{{1, 0.5, 0.01, ""}, {2, 3.25, 1.5, ""}, {3, 7, 2.5, ""}, {4, 9, 3.9, ""}}}
	if g, ok := r.FirstGap(); !ok || g != 7 {
		t.Errorf("FirstGap with limit 2 = %v, %v; want 7, true (the first best score ≥ one timeout)", g, ok)
	}
	r.Limit = 5
	if _, ok := r.FirstGap(); ok {
		t.Error("FirstGap with limit 5 found a gap in a run whose best score stays below 5")
	}
}
