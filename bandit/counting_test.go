package bandit

import (
	"context"
	"math/rand/v2"
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
