package bandit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
)

// Issue 26, item 2, on BanditFuzz's side: a solver that refuses an option
// of its spec and then answers answered in its default mode: the answer
// counts (here it disagrees with the other solver's), not an error; the
// refusal has its counter and its error kind.
func TestRefusedOptionAnswerStands(t *testing.T) {
	e := fakeEnv(t, 5*time.Second, `echo '(error "line 1 column 7: invalid parameter for fake.opt, valid options are 0")'; echo unsat`, fakeSat)
	e.Profiles[0].Options = []string{"fake.opt=1"}
	run, err := Bug(context.Background(), e, rand.New(rand.NewPCG(3, 3)), BugOptions{Fuzzer: FuzzerRandom, Queries: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := run.Stats
	if s.Errors != 0 || s.Unsat != 2 || s.Refused != 2 || len(run.Disagreements) == 0 {
		t.Errorf("errors %d, unsat %d, refused %d, %d disagreements: want 0, 2, 2 and the disagreements", s.Errors, s.Unsat, s.Refused, len(run.Disagreements))
	}
	var st campaign.Stats
	fillStats(&st, s)
	if st.Counters[campaign.RefusedCounter] != 2 || st.Error != 0 {
		t.Errorf("campaign: refused %d, error %d", st.Counters[campaign.RefusedCounter], st.Error)
	}
	found := false
	for k := range st.Counters {
		found = found || strings.HasPrefix(k, campaign.ErrorCounter) && strings.Contains(k, "invalid parameter for fake.opt")
	}
	if !found {
		t.Errorf("the refusal is not an error kind: %v", st.Counters)
	}
	// an error before the answer that refuses no option of the spec still
	// makes the answer an error: the solver skipped a command
	e = fakeEnv(t, 5*time.Second, `echo '(error "line 3 column 1: unknown constant x")'; echo unsat`, fakeSat)
	e.Profiles[0].Options = []string{"fake.opt=1"}
	run, err = Bug(context.Background(), e, rand.New(rand.NewPCG(3, 3)), BugOptions{Fuzzer: FuzzerRandom, Queries: 1})
	if err != nil {
		t.Fatal(err)
	}
	if run.Stats.Errors != 1 || run.Stats.Refused != 0 {
		t.Errorf("an unrelated error: errors %d, refused %d; want 1, 0", run.Stats.Errors, run.Stats.Refused)
	}
}

// The campaign counts every solver call of a run once, under one outcome
// (campaign.Stats.Reconcile), also the inconclusive runs re-run and the
// memouts that fillStats once left out.
func TestFillStatsReconciles(t *testing.T) {
	for _, s := range []Stats{
		{SolverCalls: 10, Sat: 2, Unsat: 1, Unknown: 1, Timeouts: 1, Inconclusive: 1, Reruns: 2, Crashes: 1, KnownCrashes: 1, Memouts: 1, Errors: 1},
		{SolverCalls: 3, Sat: 1}, // a run cut by a stop before its queries were counted
	} {
		var st campaign.Stats
		fillStats(&st, s)
		if err := st.Reconcile(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
		if n := st.Counters["calls without an outcome"]; n != int64(s.SolverCalls)-st.SolverCalls {
			t.Errorf("%+v: %d calls without an outcome", s, n)
		}
	}
	to := 200 * time.Millisecond
	e := fakeEnv(t, to, fakeSleep, fakeSat)
	r := perfRun(t, e, PerfOptions{Fuzzer: FuzzerRandom, MaxQueries: 1, Confirm: 1})
	var st campaign.Stats
	fillStats(&st, r.Stats)
	if err := st.Reconcile(); err != nil || st.Timeout == 0 {
		t.Errorf("an inconclusive target: %v (timeouts %d)", err, st.Timeout)
	}
}

// Issue 26, item 3: a bug run the campaign's budget cuts short keeps the
// findings it had already made. Two fake solvers disagree on every
// query; --queries is far more than the budget allows, so the only run is
// cut: its disagreements are in the store all the same, and the summary
// says the run was cut and how many findings it kept.
func TestBugBudgetKeepsFindings(t *testing.T) {
	dir := t.TempDir()
	var toml strings.Builder
	for _, c := range []struct{ name, answer string }{{"fakesat", "sat"}, {"fakeunsat", "unsat"}} {
		path := filepath.Join(dir, c.name)
		body := "#!/bin/sh\ncase \"$1\" in --version) echo fake 1.0; exit 0;; esac\necho " + c.answer + "\n"
		if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&toml, "[solver.%s]\nbase = \"generic\"\nbinary = %q\n", c.name, path)
	}
	profiles := filepath.Join(dir, "solvers.toml")
	if err := os.WriteFile(profiles, []byte(toml.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TANDEM_SOLVERS", profiles)
	o := SystemOptions{Mode: "bug", Theory: "lia", Solvers: []string{"fakesat", "fakeunsat"}, Fuzzers: []string{FuzzerRandom},
		Queries: 1 << 20, Timeout: 5 * time.Second}
	cfg, _ := json.Marshal(o)
	cdir := filepath.Join(dir, "c")
	var log bytes.Buffer
	sum, err := campaign.Run(context.Background(), cdir, SystemName, cfg,
		campaign.Options{Duration: 1500 * time.Millisecond, Workers: 1, NoReduce: true, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Iterations != 0 || sum.Cut != 1 {
		t.Fatalf("%d runs done, %d cut: want the one run cut by the budget", sum.Iterations, sum.Cut)
	}
	if sum.Findings == 0 || sum.CutFindings != sum.Findings || sum.Signatures == 0 {
		t.Errorf("findings %d (kept from cut runs %d), signatures %d: want the cut run's findings kept", sum.Findings, sum.CutFindings, sum.Signatures)
	}
	if want := "cut short    1 iterations"; !strings.Contains(log.String(), want) || !strings.Contains(log.String(), "confirmed findings recorded") {
		t.Errorf("the summary does not say the run was cut and its findings kept:\n%s", log.String())
	}
	st, err := campaign.OpenStore(context.Background(), "", cdir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sigs, err := st.Signatures(context.Background(), sum.Campaign)
	if err != nil || len(sigs) == 0 {
		t.Errorf("the store holds %d signatures (%v)", len(sigs), err)
	}
}
