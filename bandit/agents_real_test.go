package bandit

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tandem/internal/testutil"
)

// effortEnv is z3 under its old arithmetic solver (the target) against
// z3's default, on QF_LIA, measured by z3's rlimit-count: the runs are
// deterministic, so a loop's whole path replays from its seed.
func effortEnv(t *testing.T, target string) *Env {
	t.Helper()
	testutil.RequireBinary(t, "z3")
	g, _ := LookupGrammar("lia")
	e, err := NewEnv(context.Background(), g, GenOptions{}, []string{target, "z3"}, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	e.Wall = 30 * e.Timeout // no inconclusive runs on a loaded machine
	if err := e.UseMeasure(MeasureEffort, 2_000_000); err != nil {
		t.Fatal(err)
	}
	return e
}

// checkRealRun asserts what must hold of every hill-climbing run on real
// solvers: each mutant solved updates the agent once (pulls = mutations),
// the rewards the agent holds are the run's, every solver call of every
// query is counted, the best score only grows, and the best input's
// recorded margin is the median re-run's score.
func checkRealRun(t *testing.T, e *Env, r *PerfRun, queries int) {
	t.Helper()
	pulls, rewards := 0.0, 0.0
	for _, x := range r.Ranking {
		pulls += x.Pulls
		rewards += x.Rewards
	}
	if r.Stats.Queries != queries || len(r.Trace) != queries {
		t.Errorf("%d queries, %d trace points; want %d", r.Stats.Queries, len(r.Trace), queries)
	}
	if int(pulls) != r.Stats.Mutations || int(rewards) != r.Stats.Rewards {
		t.Errorf("agent holds %g pulls and %g rewards; the run made %d mutants and rewarded %d", pulls, rewards, r.Stats.Mutations, r.Stats.Rewards)
	}
	if r.Stats.Mutations+r.Stats.Fresh != queries {
		t.Errorf("%d mutants + %d fresh inputs ≠ %d queries", r.Stats.Mutations, r.Stats.Fresh, queries)
	}
	if r.Stats.SolverCalls != 2*queries+r.Stats.Reruns || r.Stats.Sat+r.Stats.Unsat+r.Stats.Unknown+r.Stats.Timeouts+r.Stats.Errors+r.Stats.Inconclusive < 2*queries {
		t.Errorf("stats %+v: not every solver call of %d queries counted", r.Stats, queries)
	}
	for i := 1; i < len(r.Trace); i++ {
		if r.Trace[i].Score < r.Trace[i-1].Score {
			t.Errorf("best score fell from %g to %g at query %d", r.Trace[i-1].Score, r.Trace[i].Score, i+1)
		}
	}
	if r.FuzzScore != r.Trace[len(r.Trace)-1].Score || r.Confirmed == 0 || len(r.Effort) != 2 {
		t.Errorf("fuzzing margin %g, last trace score %g, confirmed %d, effort %v", r.FuzzScore, r.Trace[len(r.Trace)-1].Score, r.Confirmed, r.Effort)
	}
	if r.Status["z3"] == "sat" || r.Status["z3"] == "unsat" {
		if r.Times["z3"] != float64(r.Effort["z3"]) || r.Unit != "z3 rlimit-count" {
			t.Errorf("reference PAR-2 cost %g is not its effort count %d %s", r.Times["z3"], r.Effort["z3"], r.Unit)
		}
	}
}

// TestAgentsOnRealSolvers runs ε-greedy, UCB1 and Thompson sampling on real
// z3 runs (issue 26 §2: they were tested only on the simulated bandit).
// With the effort measure a run is deterministic: the same seed gives the
// same inputs, rewards and ranking.
func TestAgentsOnRealSolvers(t *testing.T) {
	e := effortEnv(t, "z3 smt.arith.solver=2")
	arms := len(e.Gen.G.Constructs)
	for _, agent := range []string{"epsilon", "ucb", "thompson"} {
		t.Run(agent, func(t *testing.T) {
			queries := arms + 4
			o := PerfOptions{Agent: agent, MaxQueries: queries, Confirm: 1}
			a := perfRun(t, e, o)
			if a.Agent != agent {
				t.Errorf("run's agent %q", a.Agent)
			}
			checkRealRun(t, e, a, queries)
			if a.Stats.Rewards == 0 {
				t.Errorf("no reward in %d queries: the agent learned nothing from the real runs", queries)
			}
			if agent == "ucb" {
				// UCB1 pulls every arm once before any twice; every LIA
				// construct has a position in a generated input.
				for _, x := range a.Ranking {
					if x.Pulls == 0 && a.Stats.Mutations >= arms {
						t.Errorf("UCB1 never pulled %s in %d mutations", x.Construct, a.Stats.Mutations)
					}
				}
			}
			if agent == "epsilon" {
				b := perfRun(t, e, o)
				if a.Best != b.Best || a.Score != b.Score || !slices.Equal(a.Ranking, b.Ranking) {
					t.Errorf("two runs with one seed differ under the effort measure: margins %g and %g, rankings %v and %v", a.Score, b.Score, a.Ranking, b.Ranking)
				}
				for i := range a.Trace {
					if a.Trace[i].Score != b.Trace[i].Score || a.Trace[i].Top != b.Trace[i].Top {
						t.Fatalf("traces differ at query %d: %g and %g", i+1, a.Trace[i].Score, b.Trace[i].Score)
					}
				}
			}
		})
	}
}

// TestErroringRealTarget: a real z3 that rejects its options answers every
// input with an error; as the target it gives no score, no reward, no gap
// and no finding (issue 26 §2: it was scored as maximally slow).
func TestErroringRealTarget(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	g, _ := LookupGrammar("lia")
	e, err := NewEnv(context.Background(), g, GenOptions{}, []string{"z3 smt.bogus_option=1", "z3"}, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	e.Wall = 30 * e.Timeout
	r, err := Perf(context.Background(), e, rand.New(rand.NewPCG(3, 3)), PerfOptions{MaxQueries: 4, Confirm: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != NoScore(e.Timeout) || r.Status["z3 smt.bogus_option=1"] != "error" || r.Stats.Rewards != 0 || r.Stats.Errors != 4 {
		t.Errorf("margin %g, target %q, %d rewards, %d errors; want no score, error, 0, 4", r.Score, r.Status["z3 smt.bogus_option=1"], r.Stats.Rewards, r.Stats.Errors)
	}
	if _, ok := r.FirstGap(); ok {
		t.Error("an erroring target gave a gap")
	}
	// the errors are counted by solver and kind, for the campaign summary
	if k := "z3 smt.bogus_option=1: ERROR: unknown parameter 'bogus_option' at module 'smt'"; r.Stats.ErrorKinds[k] != 4 {
		t.Errorf("error kinds %v, want 4 × %q", r.Stats.ErrorKinds, k)
	}
	sys := &System{opt: SystemOptions{Mode: "perf", MinMargin: 1e-9}, g: g}
	if fs := sys.perfFindings(e, r); len(fs) != 0 {
		t.Errorf("an erroring target gave a performance finding: %+v", fs)
	}
}
