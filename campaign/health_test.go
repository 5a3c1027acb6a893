package campaign_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/toy"
)

// scripted is a test system whose every iteration reports the same
// counters, as a fuzzer against a broken solver would; with block set an
// iteration waits for its context (a budget that cuts every iteration).
type scripted struct {
	stats campaign.Stats
	block bool
}

func (s *scripted) Name() string { return "test-scripted" }
func (s *scripted) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	if s.block {
		<-ctx.Done()
	}
	return nil, s.stats, nil
}

func init() {
	campaign.Register("test-scripted", func(cfg []byte) (campaign.System, error) {
		s := &scripted{}
		return s, json.Unmarshal(cfg, s)
	})
}

func (s *scripted) UnmarshalJSON(b []byte) error {
	var v struct {
		Stats campaign.Stats
		Block bool
	}
	err := json.Unmarshal(b, &v)
	s.stats, s.block = v.Stats, v.Block
	return err
}

func scriptedConfig(st campaign.Stats, block bool) []byte {
	b, _ := json.Marshal(struct {
		Stats campaign.Stats
		Block bool
	}{st, block})
	return b
}

// A campaign whose every iteration is skipped (the solver answers every
// seed query with an error: `diver --solver 'z3 smt.bogus_option=1'`), or
// whose solver calls mostly end in an error, is broken: Run returns an
// UnhealthyError that says why and quotes the solver's error, and the
// summary says BROKEN. A few errors are not.
func TestBrokenCampaignIsNotClean(t *testing.T) {
	const bogus = `unknown parameter 'smt.bogus_option'`
	cases := []struct {
		name   string
		stats  campaign.Stats
		broken string
	}{
		{"every seed skipped", campaign.Stats{SolverCalls: 1, Error: 1, Skipped: 1, FirstError: bogus}, "all 6 iterations were skipped"},
		{"seed crashes", campaign.Stats{SolverCalls: 1, Crash: 1, Skipped: 1, FirstError: "ASSERTION VIOLATION"}, "all 6 iterations were skipped"},
		{"most calls error", campaign.Stats{SolverCalls: 5, Sat: 2, Error: 3, FirstError: bogus}, "18 of 30 solver calls (60%) ended in an error"},
		{"every call hangs", campaign.Stats{Timeout: 1}, "none of the 0 solver calls was answered sat or unsat"},
		{"no answers", campaign.Stats{SolverCalls: 2, Unknown: 2}, "none of the 12 solver calls was answered sat or unsat"},
		{"some errors", campaign.Stats{SolverCalls: 5, Sat: 3, Error: 2}, ""},
		{"healthy", campaign.Stats{SolverCalls: 5, Sat: 5}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var progress bytes.Buffer
			sum, err := campaign.Run(context.Background(), t.TempDir(), "test-scripted", scriptedConfig(c.stats, false),
				campaign.Options{Iterations: 6, Workers: 1, Progress: &progress})
			if c.broken == "" {
				if err != nil || len(sum.Problems) > 0 {
					t.Fatalf("healthy run: err %v, problems %q", err, sum.Problems)
				}
				return
			}
			var ue *campaign.UnhealthyError
			if !errors.As(err, &ue) {
				t.Fatalf("err = %v, want an UnhealthyError\n%s", err, progress.String())
			}
			msg := err.Error()
			if !strings.Contains(msg, c.broken) || !strings.Contains(msg, c.stats.FirstError) {
				t.Errorf("error %q: want %q and the solver's first error %q", msg, c.broken, c.stats.FirstError)
			}
			if !strings.Contains(progress.String(), "BROKEN") {
				t.Errorf("the summary does not say BROKEN:\n%s", progress.String())
			}
		})
	}
}

// Iterations cut short by the time budget do not finish, but their solver
// calls and CPU time are counted, and a budget that finishes no iteration
// says so.
func TestCutIterationsCounted(t *testing.T) {
	st := campaign.Stats{SolverCalls: 2, Timeout: 2, SolverCPU: 300 * time.Millisecond}
	var progress bytes.Buffer
	sum, err := campaign.Run(context.Background(), t.TempDir(), "test-scripted", scriptedConfig(st, true),
		campaign.Options{Duration: 200 * time.Millisecond, Workers: 2, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Iterations != 0 || sum.Cut != 2 {
		t.Fatalf("%d iterations done, %d cut; want 0 and 2", sum.Iterations, sum.Cut)
	}
	if sum.Stats.SolverCalls != 4 || sum.Stats.SolverCPU != 600*time.Millisecond || sum.CutStats.SolverCalls != 4 {
		t.Errorf("stats %+v, cut %+v: want the cut iterations' 4 calls and 600ms", sum.Stats, sum.CutStats)
	}
	if len(sum.Warnings) == 0 || !strings.Contains(sum.Warnings[0], "no iteration finished within the budget") {
		t.Errorf("warnings %q", sum.Warnings)
	}
	for _, want := range []string{"cut short    2 iterations", "WARNING", "solvers 600ms"} {
		if !strings.Contains(progress.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, progress.String())
		}
	}
}

// The scratch directory of a killed run (named host_pid) is removed by the
// next run when its process is gone; a live process's is kept.
func TestStaleScratchRemoved(t *testing.T) {
	dir := t.TempDir()
	host, _ := os.Hostname()
	host = strings.NewReplacer("/", "_", ":", "_", " ", "_").Replace(host)
	dead := filepath.Join(dir, "scratch", fmt.Sprintf("%s_%d", host, deadPID(t)), "0")
	live := filepath.Join(dir, "scratch", fmt.Sprintf("%s_%d", host, os.Getppid()), "0")
	other := filepath.Join(dir, "scratch", "otherhost_1", "0")
	for _, d := range []string{dead, live, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := campaign.Run(context.Background(), dir, toy.FakeName, nil, campaign.Options{Iterations: 5, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(dead)); !os.IsNotExist(err) {
		t.Errorf("the dead run's scratch directory is still there (%v)", err)
	}
	for _, d := range []string{live, other} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", d, err)
		}
	}
}

// deadPID is the pid of a process that has exited.
func deadPID(t *testing.T) int {
	p, err := os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{})
	if err != nil {
		t.Fatal(err)
	}
	p.Wait()
	return p.Pid
}

// A campaign started with --no-reduce is not reduced when resumed, and
// its findings' READMEs say reduction was off, not that the system has no
// reducer.
func TestNoReducePersists(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	cfg := []byte(`{"rate":0.2}`)
	if _, err := campaign.Run(ctx, dir, toy.FakeName, cfg, campaign.Options{Seed: 5, Iterations: 100, Workers: 1, NoReduce: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := campaign.Resume(ctx, dir, campaign.Options{Iterations: 300, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	st, err := campaign.OpenStore(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.Signatures(ctx, filepath.Base(dir))
	if err != nil || len(rows) == 0 {
		t.Fatalf("signatures: %v (%d)", err, len(rows))
	}
	for _, r := range rows {
		if r.ReduceStatus != campaign.ReduceOff {
			t.Errorf("signature %s: reduce status %q, want %q", r.Signature, r.ReduceStatus, campaign.ReduceOff)
		}
	}
	readme, err := os.ReadFile(filepath.Join(dir, campaign.FindingsDir, string(rows[0].Class)+"-"+rows[0].Signature, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "--no-reduce") || strings.Contains(string(readme), "no reducer") {
		t.Errorf("README: %s", readme)
	}
}

// A damaged local SQLite store gets advice about the file, not the
// PostgreSQL hint about a server.
func TestSQLiteErrorHint(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, campaign.DBFile), bytes.Repeat([]byte("garbage!"), 1024), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := campaign.OpenStore(context.Background(), "", dir)
	if err == nil {
		t.Fatal("a garbage store opened")
	}
	if strings.Contains(err.Error(), "server") || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("error %q: want the SQLite advice", err)
	}
}

// One crash under several option sets is one bug; soundness findings,
// whose message is the oracle's, keep the options apart.
func TestSignatureIgnoresCrashOptions(t *testing.T) {
	sig := func(class campaign.Class, spec string) string {
		return campaign.Signature("diver", &campaign.Finding{Class: class, Solver: spec, SolverVersion: "4.8.12",
			Message: "ASSERTION VIOLATION File: ../src/smt/theory_lra.cpp Line: 1234"})
	}
	crash := map[string]bool{}
	for _, spec := range []string{"z3", "z3 smt.arith.solver=2", "z3 rewriter.flat=false smt.string_solver=z3str3",
		"z3 model_validate=true", "z3 smt.phase_selection=5", "z3 sat.euf=true"} {
		crash[sig(campaign.Crash, spec)] = true
	}
	if len(crash) != 1 {
		t.Errorf("one crash under 6 option sets has %d signatures, want 1", len(crash))
	}
	if sig(campaign.Crash, "z3 a=1") == sig(campaign.Crash, "cvc5 a=1") {
		t.Error("crashes of two solvers share a signature")
	}
	if sig(campaign.Soundness, "z3 smt.arith.solver=2") == sig(campaign.Soundness, "z3 smt.arith.solver=6") {
		t.Error("soundness findings under different options share a signature")
	}
	if got := campaign.SignatureSolver(campaign.Crash, "z3 a=1 | cvc5 --b"); got != "z3 | cvc5" {
		t.Errorf("SignatureSolver = %q", got)
	}
}
