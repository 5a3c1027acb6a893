package campaign_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/campaign/toy"
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
