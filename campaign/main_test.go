package campaign_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/toy"
)

// The kill tests run this test binary as a campaign worker: with
// TANDEM_CAMPAIGN_CHILD set, TestMain runs (or resumes) one campaign and
// exits instead of running tests. The parent kills it with SIGKILL.
func TestMain(m *testing.M) {
	if os.Getenv("TANDEM_CAMPAIGN_CHILD") != "" {
		os.Exit(child())
	}
	os.Exit(m.Run())
}

type childSpec struct {
	Dir        string        `json:"dir"`
	Resume     bool          `json:"resume"`
	Store      string        `json:"store"`
	Campaign   string        `json:"campaign"`
	Shard      string        `json:"shard"`
	Seed       uint64        `json:"seed"`
	Iterations uint64        `json:"iterations"`
	Duration   time.Duration `json:"duration"`
	Workers    int           `json:"workers"`
	Config     []byte        `json:"config"`
}

func child() int {
	var s childSpec
	if err := json.Unmarshal([]byte(os.Getenv("TANDEM_CAMPAIGN_CHILD")), &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	opts := campaign.Options{Store: s.Store, Campaign: s.Campaign, Seed: s.Seed, Iterations: s.Iterations, Duration: s.Duration, Workers: s.Workers}
	if s.Shard != "" {
		sh, err := campaign.ParseShard(s.Shard)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		opts.Shard = sh
	}
	var err error
	if s.Resume {
		_, err = campaign.Resume(context.Background(), s.Dir, opts)
	} else {
		_, err = campaign.Run(context.Background(), s.Dir, toy.FakeName, s.Config, opts)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	return 0
}

func startChild(t *testing.T, s childSpec) *exec.Cmd {
	t.Helper()
	js, _ := json.Marshal(s)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "TANDEM_CAMPAIGN_CHILD="+string(js))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting a campaign worker: %v", err)
	}
	return cmd
}

// record is one finding reduced to what must match between runs.
type record struct {
	Iter    uint64
	Idx     int
	Sig     string
	Trigger string // sha256 of the trigger
}

func snapshot(t *testing.T, st *campaign.Store, id string) (recs []record, sigs map[string]int64, reduced map[string]string) {
	t.Helper()
	ctx := context.Background()
	fs, err := st.Findings(ctx, id, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		h := sha256.Sum256(f.Trigger)
		recs = append(recs, record{f.Iteration, f.Index, f.Signature, hex.EncodeToString(h[:8])})
	}
	sort.Slice(recs, func(i, j int) bool {
		return recs[i].Iter < recs[j].Iter || recs[i].Iter == recs[j].Iter && recs[i].Idx < recs[j].Idx
	})
	rows, err := st.Signatures(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sigs, reduced = map[string]int64{}, map[string]string{}
	for _, r := range rows {
		sigs[r.Signature] = r.Count
		// The reduced size is left out: reduction runs under a time budget,
		// so how far it gets depends on the machine's load, not on kills.
		reduced[r.Signature] = r.ReduceStatus + ":" + strconv.FormatUint(r.SmallestIter, 10)
	}
	return recs, sigs, reduced
}

func doneCount(t *testing.T, st *campaign.Store, id string) int {
	t.Helper()
	done, err := st.DoneIterations(context.Background(), id, campaign.Shard{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(done); i++ {
		if done[i] == done[i-1] {
			t.Fatalf("iteration %d recorded twice", done[i])
		}
	}
	return len(done)
}

// reference runs the campaign uninterrupted in this process.
func reference(t *testing.T, seed, iterations uint64, config []byte) (recs []record, sigs map[string]int64, reduced map[string]string) {
	t.Helper()
	dir := t.TempDir()
	sum, err := campaign.Run(context.Background(), dir, toy.FakeName, config,
		campaign.Options{Seed: seed, Iterations: iterations, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Complete {
		t.Fatalf("reference run incomplete: %+v", sum)
	}
	st, err := campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return snapshot(t, st, sum.Campaign)
}

func compare(t *testing.T, what string, gotRecs, wantRecs []record, gotSigs, wantSigs map[string]int64, gotRed, wantRed map[string]string) {
	t.Helper()
	if len(gotRecs) != len(wantRecs) {
		t.Errorf("%s: %d findings, the uninterrupted run has %d", what, len(gotRecs), len(wantRecs))
	}
	for i := 0; i < min(len(gotRecs), len(wantRecs)); i++ {
		if gotRecs[i] != wantRecs[i] {
			t.Errorf("%s: finding %d is %+v, the uninterrupted run has %+v", what, i, gotRecs[i], wantRecs[i])
			break
		}
	}
	if fmt.Sprint(gotSigs) != fmt.Sprint(wantSigs) {
		t.Errorf("%s: signature counts %v, the uninterrupted run has %v", what, gotSigs, wantSigs)
	}
	if gotRed != nil && fmt.Sprint(gotRed) != fmt.Sprint(wantRed) {
		t.Errorf("%s: reductions %v, the uninterrupted run has %v", what, gotRed, wantRed)
	}
}

func waitExit(cmd *exec.Cmd, d time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		return fmt.Errorf("worker still running after %s", d)
	}
}
