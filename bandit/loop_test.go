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
	"tandem/smtlib"
)

// TestLoopsAgainstZ3 runs both loops, every perf fuzzer and a bug and a
// perf campaign with z3 under two arithmetic solvers, and checks what must
// hold of them (no timing assertions): the perf run's recorded margin is
// the score of its best input's median re-runs; random draws only fresh
// inputs; every solver answer of a bug run is counted and every sat model
// checks (z3's models of small LIA inputs are valid, so an invalid one
// would be a bug of tandem's evaluator); a perf campaign turns each run
// into a performance finding whose timing lines its cactus plot reads.
func TestLoopsAgainstZ3(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	ctx := context.Background()
	g, _ := LookupGrammar("lia")
	solvers := []string{"z3", "z3 smt.arith.solver=2"}
	e, err := NewEnv(ctx, g, GenOptions{}, solvers, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	e.Wall = 30 * e.Timeout
	pr, err := Perf(ctx, e, rand.New(rand.NewPCG(1, 1)), PerfOptions{MaxQueries: 6})
	if err != nil {
		t.Fatal(err)
	}
	if pr.Stats.Queries != 6 || pr.Best == "" || len(pr.Ranking) != len(g.Constructs) || len(pr.Trace) != 6 {
		t.Fatalf("perf run: %d queries, best %q, ranking %d", pr.Stats.Queries, pr.Best, len(pr.Ranking))
	}
	if pr.Confirmed != DefaultConfirm || len(pr.Reruns["z3"]) != DefaultConfirm || pr.Stats.Confirmations != 2*DefaultConfirm {
		t.Errorf("best input confirmed %d times, re-runs %v, %d confirmation runs", pr.Confirmed, pr.Reruns, pr.Stats.Confirmations)
	}
	if st := pr.Status["z3"]; (st == "sat" || st == "unsat") && pr.Status[solvers[1]] == st {
		if want := pr.Times["z3"] - pr.Times[solvers[1]]; pr.Score != want {
			t.Errorf("margin %g, but the median runs' PAR-2 times differ by %g", pr.Score, want)
		}
	}
	if _, err := smtlib.Parse("best.smt2", []byte(pr.Best)); err != nil {
		t.Errorf("best input does not parse: %v", err)
	}
	rr, err := Perf(ctx, e, rand.New(rand.NewPCG(1, 1)), PerfOptions{Fuzzer: FuzzerRandom, MaxQueries: 3, Confirm: -1})
	if err != nil || rr.Stats.Fresh != 3 || rr.Stats.Mutations != 0 || rr.Ranking != nil || rr.Confirmed != 0 {
		t.Errorf("random: %v, %+v, ranking %v", err, rr.Stats, rr.Ranking)
	}
	if er, err := Perf(ctx, e, rand.New(rand.NewPCG(1, 1)), PerfOptions{Fuzzer: FuzzerEvolutionary, MaxQueries: 3, Confirm: -1}); err != nil || er.Stats.Fresh != 3 {
		t.Errorf("evolutionary: %v, %d fresh inputs of 3 (the first generation is fresh)", err, er.Stats.Fresh)
	}
	br, err := Bug(ctx, e, rand.New(rand.NewPCG(2, 2)), BugOptions{Queries: 6, CheckModels: true})
	if err != nil {
		t.Fatal(err)
	}
	st := br.Stats
	if st.Queries != 6 || st.Sat+st.Unsat+st.Unknown+st.Timeouts+st.Inconclusive != 12 || st.Errors != 0 {
		t.Fatalf("bug run: %+v; want 6 queries and 12 answers", st)
	}
	if st.InvalidModels != 0 || len(br.Problems) != 0 {
		t.Errorf("z3's models of small LIA inputs judged invalid: %+v", br.Problems)
	}
	sum, rep := campaignReport(t, SystemOptions{Mode: "bug", Theory: "lia", Solvers: solvers, Timeout: 2 * time.Second, Queries: 3, Wall: time.Minute})
	if sum.Iterations != 2 || sum.Stats.Counters["queries"] != 6 || sum.Stats.SolverCalls != 12 {
		t.Fatalf("campaign: %d iterations, %d queries, %d solver calls", sum.Iterations, sum.Stats.Counters["queries"], sum.Stats.SolverCalls)
	}
	if len(rep.Panels) != 1 || !strings.Contains(string(rep.Panels[0].HTML), "svg") {
		t.Fatalf("report panels: %d", len(rep.Panels))
	}

	// A perf campaign with a margin threshold every run reaches: each run
	// is a finding (one signature), and the cactus plot reads their
	// timing lines.
	psum, prep := campaignReport(t, SystemOptions{Mode: "perf", Theory: "lia", Solvers: solvers, Timeout: 2 * time.Second, Queries: 2, MinMargin: -1e9, Confirm: -1, Wall: time.Minute})
	if psum.Findings != 2 || psum.Signatures != 1 {
		t.Errorf("perf campaign: %d findings, %d signatures; want 2 and 1", psum.Findings, psum.Signatures)
	}
	if len(prep.Panels) != 2 || !strings.Contains(string(prep.Panels[1].HTML), "among the 2 performance findings") {
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
