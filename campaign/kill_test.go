package campaign_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/toy"
)

// TestKillResume kills a campaign worker process with SIGKILL at 20 random
// moments (during start-up, migration, iterations, commits and background
// reductions), resumes it each time, and checks that the final store holds
// exactly what an uninterrupted run with the same seed finds: the same
// findings, no duplicates, every iteration done once, the same signatures
// and counts, the same reductions, and a sound SQLite file.
func TestKillResume(t *testing.T) {
	const (
		seed       = 42
		iterations = 600
		kills      = 20
	)
	config, _ := json.Marshal(toy.FakeOptions{Rate: 0.15, Work: 4 * time.Millisecond})
	wantRecs, wantSigs, wantRed := reference(t, seed, iterations, config)
	if len(wantRecs) < 50 {
		t.Fatalf("the reference run found only %d findings; the test needs more", len(wantRecs))
	}

	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 7))
	killed := 0
	for i := 0; i < kills; i++ {
		cmd := startChild(t, childSpec{Dir: dir, Resume: i > 0, Seed: seed, Iterations: iterations, Workers: 2, Config: config})
		// Early moments hit start-up and migration; later ones iterations
		// and commits.
		time.Sleep(time.Duration(rng.IntN(150)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		if err := waitExit(cmd, 10*time.Second); err != nil && cmd.ProcessState != nil && cmd.ProcessState.Exited() {
			t.Logf("worker %d finished before the kill", i)
		} else {
			killed++
		}
		if i == 0 {
			// A kill before the campaign was created leaves nothing to
			// resume; start it again until it exists.
			for !hasMeta(dir) {
				c := startChild(t, childSpec{Dir: dir, Seed: seed, Iterations: iterations, Workers: 2, Config: config})
				time.Sleep(100 * time.Millisecond)
				c.Process.Signal(syscall.SIGKILL)
				waitExit(c, 10*time.Second)
			}
		}
	}
	st, err := campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	midDone := doneCount(t, st, dirID(t, dir))
	st.Close()
	t.Logf("%d kills; %d of %d iterations done before the last resume", killed, midDone, iterations)

	final := startChild(t, childSpec{Dir: dir, Resume: true, Workers: 2})
	if err := waitExit(final, 60*time.Second); err != nil {
		t.Fatalf("final resume: %v", err)
	}
	st, err = campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	id := dirID(t, dir)
	if n := doneCount(t, st, id); n != iterations {
		t.Errorf("%d iterations done, want %d", n, iterations)
	}
	gotRecs, gotSigs, gotRed := snapshot(t, st, id)
	compare(t, "after kills", gotRecs, wantRecs, gotSigs, wantSigs, gotRed, wantRed)
	if v, err := st.IntegrityCheck(context.Background()); err != nil || v != "ok" {
		t.Errorf("integrity check: %q, %v", v, err)
	}
}

func hasMeta(dir string) bool {
	id, _, _, err := campaign.ReadDirMeta(dir)
	return err == nil && id != ""
}

func dirID(t *testing.T, dir string) string {
	t.Helper()
	id, _, _, err := campaign.ReadDirMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestKillTimeBudget kills a time-budgeted campaign with SIGKILL twice and
// resumes it: the time the killed runs used counts, so the last run only
// goes on for what is left of the budget, not for the whole budget again.
func TestKillTimeBudget(t *testing.T) {
	const budget = 5 * time.Second
	config, _ := json.Marshal(toy.FakeOptions{Rate: 0.05, Work: 3 * time.Millisecond})
	dir := t.TempDir()
	ran := time.Duration(0)
	for i := 0; i < 2; i++ {
		cmd := startChild(t, childSpec{Dir: dir, Resume: i > 0, Seed: 3, Duration: budget, Workers: 2, Config: config})
		t0 := time.Now()
		// Long enough for the time used to be written at least once
		// (every DefaultQuietBatchDelay).
		time.Sleep(1500 * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		waitExit(cmd, 10*time.Second)
		ran += time.Since(t0)
	}
	st, err := campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	id := dirID(t, dir)
	used, err := st.TimeUsed(context.Background(), id, campaign.Shard{})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	// Each kill forgets at most the time since the last write.
	if used <= 0 || used > ran || used < ran-2*(campaign.DefaultQuietBatchDelay+500*time.Millisecond) {
		t.Fatalf("%v of the budget used after the killed runs, which ran %v", used, ran)
	}

	t0 := time.Now()
	final := startChild(t, childSpec{Dir: dir, Resume: true, Workers: 2})
	if err := waitExit(final, 30*time.Second); err != nil {
		t.Fatalf("final resume: %v", err)
	}
	last := time.Since(t0)
	// The last run gets what is left (plus start-up, the final commit and
	// a loaded machine's slack), not the whole budget again.
	if left := budget - used; last > left+1500*time.Millisecond || last >= budget {
		t.Errorf("the last run took %v; %v of the %v budget was left", last, left, budget)
	}
	st, err = campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	total, err := st.TimeUsed(context.Background(), id, campaign.Shard{})
	if err != nil || total < budget || total > budget+time.Second {
		t.Errorf("time used in all: %v, %v; want the budget %v", total, err, budget)
	}
	if n := doneCount(t, st, id); n == 0 {
		t.Error("no iteration done")
	}
	t.Logf("killed runs ran %v, recorded %v; the last run took %v; %v used in all", ran.Round(time.Millisecond), used.Round(time.Millisecond), last.Round(time.Millisecond), total.Round(time.Millisecond))
}
