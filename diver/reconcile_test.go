package diver

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/solver"
)

// TestCountersReconcile is the invariant of DIVER's counting (issue 26)
// on every side and outcome the fake solver can give: sat-seed mutants
// answered sat, refused options answered anyway (on both sides), failed
// self-checks after sat, wrong sat answers on unsat seeds, CPU cuts with
// their re-checks, one-shot and in sessions: every mutant has one
// outcome, the campaign counts each call once under one outcome, and its
// crashes are the calls DIVER judged crashes (Stats.reconcile, which
// Iterate checks on every iteration of every campaign: a failure shows as
// a "miscount: …" counter).
func TestCountersReconcile(t *testing.T) {
	for _, c := range []struct {
		mode        string
		interactive bool
		unsatSeed   bool
		o           Options
	}{
		{mode: "refuseok", o: Options{Mutants: 6, OneShot: true, FixedTimeout: true}},
		{mode: "refuse", o: Options{Mutants: 6, OneShot: true, FixedTimeout: true}},
		{mode: "refusebad", o: Options{Mutants: 6, OneShot: true, FixedTimeout: true}},
		{mode: "slowconfirm", o: Options{Mutants: 3, OneShot: true, FixedTimeout: true}},
		{mode: "spin", o: Options{Mutants: 2, OneShot: true, Timeout: 400 * time.Millisecond, LimitFloor: 100 * time.Millisecond, RecheckCuts: true}},
		{mode: "spin", interactive: true, o: Options{Mutants: 2, Timeout: 400 * time.Millisecond, LimitFloor: 100 * time.Millisecond}},
		{mode: "unsatbad", unsatSeed: true, o: Options{Mutants: 8, OneShot: true, FixedTimeout: true}},
		{mode: "unsatrefuse", unsatSeed: true, o: Options{Mutants: 8, OneShot: true, FixedTimeout: true}},
		{mode: "unsatselfcheck", unsatSeed: true, o: Options{Mutants: 8, OneShot: true, FixedTimeout: true}},
		{mode: "unsatgood", o: Options{Mutants: 8, OneShot: true, FixedTimeout: true}},
	} {
		name := c.mode
		if c.interactive {
			name += "/session"
		}
		t.Run(name, func(t *testing.T) {
			if c.o.Timeout == 0 {
				c.o.Timeout = 5 * time.Second
			}
			d := fakeDiver(t, c.mode, c.interactive, c.o)
			d.profile.Signatures = []string{"invalid model was generated"}
			d.profile.OptionStyle = solver.OptionKeyValue
			d.options.all = []string{"fake.opt=1"}
			d.opt.OptionFuzzProb = 1
			if c.unsatSeed {
				if err := os.WriteFile(d.files[0], []byte(fakeUnsatSeed), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			it := campaign.NewIteration(1, 0)
			it.Rand = rand.New(rand.NewPCG(1, 2))
			_, cst, err := d.Iterate(context.Background(), it)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range cst.Counters {
				if strings.HasPrefix(k, MiscountCounter) {
					t.Errorf("%s: %d", k, v)
				}
			}
			if cst.SolverCalls == 0 {
				t.Fatal("no solver call")
			}
			t.Logf("calls %d: sat %d unsat %d unknown %d timeout %d cut %d crash %d error %d; refused %d",
				cst.SolverCalls, cst.Sat, cst.Unsat, cst.Unknown, cst.Timeout, cst.LimitCut, cst.Crash, cst.Error, cst.Counters[campaign.RefusedCounter])
		})
	}
}

// A call that the campaign's budget (a context deadline) or a stop (a
// cancel) ends is no outcome of the solver's: not a timeout, error or
// crash, only its CPU time counts (issue 26), one-shot and in a session.
func TestStopIsNoOutcome(t *testing.T) {
	for _, interactive := range []bool{false, true} {
		for _, deadline := range []bool{false, true} {
			d := fakeDiver(t, "spin", interactive, Options{Mutants: 2, OneShot: !interactive, Timeout: 20 * time.Second, FixedTimeout: true})
			ctx, cancel := context.WithCancel(context.Background())
			if deadline {
				ctx, cancel = context.WithTimeout(context.Background(), 500*time.Millisecond)
			} else {
				time.AfterFunc(500*time.Millisecond, cancel)
			}
			var st Stats
			var cst campaign.Stats
			_, err := d.round(ctx, rand.New(rand.NewPCG(1, 2)), &st, &cst)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if cst.SolverCalls != st.SeedRuns || cst.Timeout+cst.Error+cst.Crash+cst.LimitCut != 0 {
				t.Errorf("session %v, deadline %v: %d calls (%d seed runs): timeout %d, error %d, crash %d, cut %d; want only the seed's call",
					interactive, deadline, cst.SolverCalls, st.SeedRuns, cst.Timeout, cst.Error, cst.Crash, cst.LimitCut)
			}
			if err := cst.Reconcile(); err != nil || cst.SolverCPU == 0 {
				t.Errorf("session %v, deadline %v: %v; solver CPU %v", interactive, deadline, err, cst.SolverCPU)
			}
		}
	}
}

// The seed's run is held to the same rule: cut by the budget's deadline,
// it is no timeout, only CPU time.
func TestStopOnSeedIsNoOutcome(t *testing.T) {
	d := fakeDiver(t, "spinseed", false, Options{Mutants: 2, OneShot: true, Timeout: 20 * time.Second})
	d.opt.SeedTimeout = 20 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	var st Stats
	var cst campaign.Stats
	if _, err := d.round(ctx, rand.New(rand.NewPCG(1, 2)), &st, &cst); err != nil {
		t.Fatal(err)
	}
	if cst.SolverCalls != 0 || cst.Timeout != 0 || st.SeedRuns != 0 || cst.SolverCPU == 0 {
		t.Errorf("a seed run cut by the deadline: %d calls, %d timeouts, %d seed runs, CPU %v; want no call, its CPU counted",
			cst.SolverCalls, cst.Timeout, st.SeedRuns, cst.SolverCPU)
	}
}

// An error that a stop causes (a solver run that could not start because
// the context was done) is no error of the iteration: it is cut, and the
// findings it confirmed before stand (campaign.CutKeeper).
func TestStopErrorIsCut(t *testing.T) {
	d := fakeDiver(t, "refuseok", false, Options{Mutants: 2, OneShot: true})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	it := campaign.NewIteration(1, 0)
	it.Rand = rand.New(rand.NewPCG(1, 2))
	if _, _, err := d.Iterate(ctx, it); err != nil {
		t.Errorf("a stopped iteration returned an error: %v", err)
	}
	if !d.KeepsCutFindings() {
		t.Error("DIVER confirms every finding it returns: it keeps those of cut iterations")
	}
}

// The sat side judges an answer after a refused option as a default-mode
// answer, and its re-check judges it the same way: a model that falsifies
// the mutant after a refusal is an invalid-model finding, confirmed.
func TestRefusedOptionInvalidModelConfirmed(t *testing.T) {
	d := fakeDiver(t, "refusebad", false, Options{Mutants: 4, OneShot: true, FixedTimeout: true, Timeout: 5 * time.Second})
	d.profile.OptionStyle = solver.OptionKeyValue
	d.options.all = []string{"fake.opt=1"}
	d.opt.OptionFuzzProb = 1
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Class != campaign.InvalidModel || st.ModelFalse != 1 || st.MutantError != 0 {
		t.Errorf("%d findings %v; model false %d, errors %d: want one confirmed invalid model", len(fs), fs, st.ModelFalse, st.MutantError)
	}
	if cst.Counters[campaign.RefusedCounter] != 1 || st.NotReproduced != 0 {
		t.Errorf("refused %d, not reproduced %d", cst.Counters[campaign.RefusedCounter], st.NotReproduced)
	}
}
