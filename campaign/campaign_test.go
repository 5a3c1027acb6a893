package campaign_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/toy"
)

func TestIterationSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for i := uint64(0); i < 10000; i++ {
		s := campaign.IterationSeed(1, i)
		if seen[s] {
			t.Fatalf("seed of iteration %d repeats", i)
		}
		seen[s] = true
	}
	if campaign.IterationSeed(1, 5) == campaign.IterationSeed(2, 5) {
		t.Error("different master seeds give the same iteration seed")
	}
	a, b := campaign.NewIteration(7, 123), campaign.NewIteration(7, 123)
	for i := 0; i < 100; i++ {
		if a.Rand.Uint64() != b.Rand.Uint64() {
			t.Fatal("an iteration's generator is not determined by its seed")
		}
	}
}

func TestNormalizeMessage(t *testing.T) {
	same := [][2]string{
		{"ASSERTION VIOLATION File: /build/z3-4.8.12/src/smt/theory_lra.cpp Line: 1234 at 0x7ffd1234",
			"ASSERTION VIOLATION File: /home/ci/z3/src/smt/theory_lra.cpp Line: 99 at 0xdeadbeef"},
		{"==12345==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010",
			"==999==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020000000ff"},
		{"error in /tmp/tandem-123/q7.smt2:3:4: unknown constant x12", "error in /tmp/other/q9.smt2:31:14: unknown constant x7"},
		{"id 123e4567-e89b-12d3-a456-426614174000  failed", "id 00000000-0000-0000-0000-000000000000 failed"},
		{"Parse Error: <stdin>:4.17: Symbol -3 is not declared.\n(assert (< x0 -3))\n ^", "Parse Error: <stdin>:5.9: Symbol -17 is not declared.\n(assert (= -17 x2))\n ^"},
	}
	for _, p := range same {
		if a, b := campaign.NormalizeMessage(p[0]), campaign.NormalizeMessage(p[1]); a != b {
			t.Errorf("%q and %q normalize to %q and %q", p[0], p[1], a, b)
		}
	}
	differ := [][2]string{
		{"ASSERTION VIOLATION File: theory_lra.cpp", "ASSERTION VIOLATION File: theory_bv.cpp"},
		{"heap-use-after-free", "stack-buffer-overflow"},
	}
	for _, p := range differ {
		if campaign.NormalizeMessage(p[0]) == campaign.NormalizeMessage(p[1]) {
			t.Errorf("%q and %q normalize alike", p[0], p[1])
		}
	}
	f := campaign.Finding{Class: campaign.Crash, Solver: "z3", SolverVersion: "4.8.12", Message: "x at 0x1"}
	g := f
	g.SolverVersion = "4.13.0"
	if campaign.Signature("s", &f) == campaign.Signature("s", &g) {
		t.Error("the solver version is not part of the signature")
	}
}

// TestTimeBudgetAcrossResumes stops a time-budgeted campaign early and
// resumes it: the budget counts both runs, a campaign whose budget is used
// up runs nothing more, and a larger budget given on resume is kept. It
// judges the campaign's own account (TimeUsed, allowing one iteration in
// flight), not the wall clock, which a loaded machine stretches.
func TestTimeBudgetAcrossResumes(t *testing.T) {
	config, _ := json.Marshal(toy.FakeOptions{Rate: 0.1, Work: 2 * time.Millisecond})
	dir := t.TempDir()
	const budget = 1500 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	first, err := campaign.Run(ctx, dir, toy.FakeName, config, campaign.Options{Seed: 9, Duration: budget, Workers: 2})
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if !first.Interrupted || first.TimeUsed <= 0 || first.TimeUsed > budget {
		t.Fatalf("first run: interrupted %v, %v used", first.Interrupted, first.TimeUsed)
	}
	second, err := campaign.Resume(context.Background(), dir, campaign.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if second.Interrupted || second.Iterations == 0 || second.TimeUsed < budget || second.TimeUsed > budget+time.Second {
		t.Errorf("resumed run: %d iterations in %v, %v used in all; %v of %v were left",
			second.Iterations, second.Elapsed, second.TimeUsed, budget-first.TimeUsed, budget)
	}
	third, err := campaign.Resume(context.Background(), dir, campaign.Options{Workers: 2})
	if err != nil || third.Iterations != 0 {
		t.Errorf("resuming with the budget used up: %d iterations in %v, %v", third.Iterations, third.Elapsed, err)
	}
	// A longer budget on resume: the run gets the difference, and the
	// budget is kept for later resumes.
	fourth, err := campaign.Resume(context.Background(), dir, campaign.Options{Workers: 2, Duration: budget + 500*time.Millisecond})
	if err != nil || fourth.Iterations == 0 || fourth.TimeUsed > budget+500*time.Millisecond+time.Second {
		t.Errorf("resuming with 500ms more: %d iterations in %v, %v", fourth.Iterations, fourth.Elapsed, err)
	}
	fifth, err := campaign.Resume(context.Background(), dir, campaign.Options{Workers: 2})
	if err != nil || fifth.Iterations != 0 {
		t.Errorf("resuming after the longer budget was used: %d iterations, %v", fifth.Iterations, err)
	}
	// Iterations ran in order across the runs, each once.
	st, err := campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if n := doneCount(t, st, first.Campaign); uint64(n) != first.Iterations+second.Iterations+fourth.Iterations {
		t.Errorf("%d iterations done, the runs report %d+%d+%d", n, first.Iterations, second.Iterations, fourth.Iterations)
	}
}

// Fuzzy dedup as Murxla does it: normalized messages whose token diff
// changes at most 5% of their characters are one bug.
func TestSimilarMessages(t *testing.T) {
	similar := [][2]string{
		// The same error about another symbol, in a long message.
		{"unknown constant x12 in the assertion that was given to the solver on line 3 of the input after the declarations",
			"unknown constant y in the assertion that was given to the solver on line 9 of the input after the declarations"},
		{"Parse Error: <stdin>:4.17: Symbol -3 is not declared.", "Parse Error: <stdin>:2.9: Symbol x is not declared."},
		// Digits, addresses and paths do not count at all.
		{"ASSERTION VIOLATION File: /build/z3/src/smt/theory_lra.cpp Line: 1234 at 0x7ffd1234",
			"ASSERTION VIOLATION File: /home/ci/z3/src/smt/theory_lra.cpp Line: 99 at 0xdeadbeef"},
	}
	for _, p := range similar {
		if !campaign.SimilarMessages(p[0], p[1]) {
			t.Errorf("not similar (distance %.3f): %q and %q", campaign.MessageDistance(campaign.NormalizeMessage(p[0]), campaign.NormalizeMessage(p[1])), p[0], p[1])
		}
	}
	differ := [][2]string{
		// Another source file is another assertion.
		{"ASSERTION VIOLATION File: /build/src/theory_lra.cpp Line: 1", "ASSERTION VIOLATION File: /build/src/theory_bv.cpp Line: 1"},
		// One word in a short message is more than 5% of it.
		{"arith: 12 ms where the reference needs 3 ms", "uf: 12 ms where the reference needs 3 ms"},
		{"heap-use-after-free", "stack-buffer-overflow"},
	}
	for _, p := range differ {
		if campaign.SimilarMessages(p[0], p[1]) {
			t.Errorf("similar (distance %.3f): %q and %q", campaign.MessageDistance(campaign.NormalizeMessage(p[0]), campaign.NormalizeMessage(p[1])), p[0], p[1])
		}
	}
	if d := campaign.MessageDistance("a b c", "a b c"); d != 0 {
		t.Errorf("distance of equal messages %v", d)
	}
	if d := campaign.MessageDistance("abc", "xyz"); d != 1 {
		t.Errorf("distance of disjoint messages %v", d)
	}
}

// Clusters link similar signatures transitively and do not depend on the
// order of the rows; class, solver and version must agree.
func TestClusterSignatures(t *testing.T) {
	long := "the solver reported an unexpected internal error while it was simplifying the assertions of the input"
	row := func(sig string, class campaign.Class, solver, msg string) campaign.SignatureRow {
		return campaign.SignatureRow{Signature: sig, Class: class, Solver: solver, SolverVersion: "1",
			Key: strings.Join([]string{"sys", solver, "1", string(class), msg}, " | "), Count: 1}
	}
	rows := []campaign.SignatureRow{
		row("a", campaign.Crash, "z3", long+" one"),
		row("b", campaign.Crash, "z3", long+" one twotwo"),        // like a
		row("c", campaign.Crash, "z3", long+" one twotwo threee"), // like b, not like a
		row("d", campaign.Crash, "z3", "something else entirely"),
		row("e", campaign.Crash, "cvc5", long+" one"),     // another solver
		row("f", campaign.APIError, "z3", long+" one"),    // another class
		row("g", campaign.Crash, "z3", long+" one gamma"), // like a, not like c
	}
	if d := campaign.MessageDistance(long+" one", long+" one twotwo threee"); d <= campaign.SimilarShare {
		t.Fatalf("a and c are too close (%.3f) to show that clusters are transitive", d)
	}
	want := "[a b c g] [d] [e] [f]"
	got := func(cs []campaign.Cluster) string {
		var groups []string
		for _, c := range cs {
			s := append([]string(nil), c.Signatures...)
			sort.Strings(s)
			groups = append(groups, "["+strings.Join(s, " ")+"]")
		}
		sort.Strings(groups)
		return strings.Join(groups, " ")
	}
	cs := campaign.ClusterSignatures("sys", rows)
	if g := got(cs); g != want {
		t.Errorf("clusters %s, want %s", g, want)
	}
	if cs[0].Signatures[0] != "a" || cs[0].Count != 4 {
		t.Errorf("first cluster %+v, want a first and 4 findings", cs[0])
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		if g := got(campaign.ClusterSignatures("sys", rows)); g != want {
			t.Fatalf("clusters of shuffled rows %s, want %s", g, want)
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := campaign.ParseShard("2/4"); err != nil || s != (campaign.Shard{K: 2, N: 4}) {
		t.Errorf("2/4: %v %v", s, err)
	}
	for _, bad := range []string{"4/4", "1/0", "x/2", "3", ""} {
		if _, err := campaign.ParseShard(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestInterruptResume stops a campaign by cancelling its context (what the
// CLI does on SIGINT), resumes it, and compares with an uninterrupted run.
func TestInterruptResume(t *testing.T) {
	config, _ := json.Marshal(toy.FakeOptions{Rate: 0.2, Work: 6 * time.Millisecond})
	wantRecs, wantSigs, wantRed := reference(t, 5, 500, config)
	before := runtime.NumGoroutine()
	dir := t.TempDir()
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
		var sum *campaign.Summary
		var err error
		if i == 0 {
			sum, err = campaign.Run(ctx, dir, toy.FakeName, config, campaign.Options{Seed: 5, Iterations: 500, Workers: 2})
		} else {
			sum, err = campaign.Resume(ctx, dir, campaign.Options{Workers: 2})
		}
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if sum.Complete {
			// A fast machine finished within the deadlines; the runs
			// before were still stopped in mid-campaign.
			if i < 2 {
				t.Fatalf("run %d completed the campaign; the test needs slower iterations", i)
			}
			break
		}
		if !sum.Interrupted {
			t.Fatalf("run %d: neither interrupted nor complete: %+v", i, sum)
		}
	}
	sum, err := campaign.Resume(context.Background(), dir, campaign.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Complete {
		t.Fatalf("final resume: %+v", sum)
	}
	// Resuming a complete campaign does nothing.
	again, err := campaign.Resume(context.Background(), dir, campaign.Options{Workers: 2})
	if err != nil || again.Iterations != 0 || again.Findings != 0 {
		t.Fatalf("resuming a complete campaign: %+v, %v", again, err)
	}
	// Every worker, committer, reducer and progress goroutine has ended.
	for deadline := time.Now().Add(3 * time.Second); runtime.NumGoroutine() > before && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before the runs, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
	st, err := campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	gotRecs, gotSigs, gotRed := snapshot(t, st, sum.Campaign)
	compare(t, "after interrupts", gotRecs, wantRecs, gotSigs, wantSigs, gotRed, wantRed)
}

func TestCampaignMismatch(t *testing.T) {
	dir := t.TempDir()
	if _, err := campaign.Run(context.Background(), dir, toy.FakeName, nil, campaign.Options{Seed: 1, Iterations: 10, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	_, err := campaign.Run(context.Background(), dir, toy.FakeName, nil, campaign.Options{Seed: 2, Iterations: 10, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("a second campaign with another seed in the same store: %v", err)
	}
	if _, err := campaign.Run(context.Background(), dir, toy.FakeName, nil, campaign.Options{Seed: 1}); err == nil {
		t.Fatal("a campaign without a budget was accepted")
	}
}

type failing struct {
	panics bool
	calls  atomic.Int64
}

func (f *failing) Name() string { return "test-failing" }
func (f *failing) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	if f.calls.Add(1) > 20 {
		if f.panics {
			panic("boom")
		}
		return nil, campaign.Stats{}, errors.New("solver binary vanished")
	}
	return nil, campaign.Stats{}, nil
}

func init() {
	campaign.Register("test-failing", func([]byte) (campaign.System, error) { return &failing{}, nil })
	campaign.Register("test-panicking", func([]byte) (campaign.System, error) { return &failing{panics: true}, nil })
}

// A system error or panic stops the campaign with a message that says how
// to replay the iteration, and what was done stays committed.
func TestSystemFailure(t *testing.T) {
	for _, name := range []string{"test-failing", "test-panicking"} {
		dir := t.TempDir()
		sum, err := campaign.Run(context.Background(), dir, name, nil, campaign.Options{Iterations: 1000, Workers: 2})
		if err == nil || !strings.Contains(err.Error(), "tandem replay") {
			t.Fatalf("%s: err = %v", name, err)
		}
		if sum == nil || sum.Iterations < 10 || sum.Iterations > 30 {
			t.Fatalf("%s: summary %+v", name, sum)
		}
	}
}

// failsOnce fails (or panics in) iteration 7 only: an input that trips a
// bug of the system.
type failsOnce struct{ panics bool }

func (f *failsOnce) Name() string { return "test-fails-once" }
func (f *failsOnce) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	if it.Index == 7 {
		if f.panics {
			panic("boom")
		}
		return nil, campaign.Stats{SolverCalls: 1, Sat: 1}, errors.New("complicate: const is built with a dedicated builder")
	}
	return nil, campaign.Stats{SolverCalls: 1, Sat: 1}, nil
}

func init() {
	campaign.Register("test-fails-once", func([]byte) (campaign.System, error) { return &failsOnce{}, nil })
	campaign.Register("test-panics-once", func([]byte) (campaign.System, error) { return &failsOnce{panics: true}, nil })
}

// One iteration's error costs that iteration, not the campaign: the run
// goes on to its budget, says which iteration failed and how to replay it,
// and ends with an error; the iteration runs again on resume.
func TestOneFailedIteration(t *testing.T) {
	for _, name := range []string{"test-fails-once", "test-panics-once"} {
		dir := t.TempDir()
		var out bytes.Buffer
		sum, err := campaign.Run(context.Background(), dir, name, nil, campaign.Options{Iterations: 100, Workers: 2, Progress: &out})
		if err == nil || !strings.Contains(err.Error(), "1 iterations failed") || !strings.Contains(err.Error(), "tandem replay "+dir+" 7") {
			t.Fatalf("%s: err = %v", name, err)
		}
		if calls := int64(99); sum.Iterations != 99 || sum.Failed != 1 || sum.Stats.SolverCalls < calls {
			t.Errorf("%s: %d iterations done, %d failed, %d calls; want 99, 1, ≥ %d (the failed iteration's work counts when it returned)", name, sum.Iterations, sum.Failed, sum.Stats.SolverCalls, calls)
		}
		if !strings.Contains(out.String(), "failed: iteration 7") || !strings.Contains(out.String(), "FAILED       1 iterations") {
			t.Errorf("%s: progress output lacks the failure:\n%s", name, out.String())
		}
		sum, err = campaign.Resume(context.Background(), dir, campaign.Options{Workers: 1})
		if err == nil || sum.Iterations != 0 || sum.Failed != 1 {
			t.Errorf("%s: resume ran %d iterations, %d failed (%v); want iteration 7 alone, failing again", name, sum.Iterations, sum.Failed, err)
		}
	}
}

func TestReportAndExport(t *testing.T) {
	dir := t.TempDir()
	sum, err := campaign.Run(context.Background(), dir, toy.FakeName, []byte(`{"rate":0.1}`), campaign.Options{Seed: 3, Iterations: 3000, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	st, err := campaign.OpenStore(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rep, err := campaign.BuildReport(context.Background(), st, sum.Campaign)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Iterations != 3000 || rep.Findings != sum.Findings || len(rep.Signatures) != sum.Signatures || rep.Stats.SolverCalls != 6000 {
		t.Errorf("report totals: %d iterations, %d findings, %d signatures, %d calls", rep.Iterations, rep.Findings, len(rep.Signatures), rep.Stats.SolverCalls)
	}
	var html bytes.Buffer
	if err := rep.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	page := html.String()
	if strings.Count(page, "<svg") < 4 {
		t.Error("the report has fewer than 4 charts")
	}
	for _, bad := range []string{"<script", "src=\"http", "href=\"http", "@import"} {
		if strings.Contains(page, bad) {
			t.Errorf("the report is not self-contained: it has %q", bad)
		}
	}
	if _, err := json.Marshal(rep); err != nil {
		t.Error(err)
	}
	n, err := campaign.ExportFindings(context.Background(), st, rep.Campaign, filepath.Join(dir, campaign.FindingsDir))
	if err != nil || n != len(rep.Signatures) {
		t.Fatalf("export: %d, %v", n, err)
	}
	s := rep.Signatures[0]
	d := filepath.Join(dir, campaign.FindingsDir, campaign.SignatureDirName(s.Class, s.Signature))
	for _, f := range []string{"trigger.smt2", "original.smt2", "command.txt", "output.txt", "versions.txt", "finding.json", "README.md"} {
		if _, err := os.Stat(filepath.Join(d, f)); err != nil {
			t.Errorf("findings directory: %v", err)
		}
	}
	trig, _ := os.ReadFile(filepath.Join(d, "trigger.smt2"))
	if int64(len(trig)) >= s.SmallestSize || !bytes.Contains(trig, []byte("(assert (bug-")) {
		t.Errorf("trigger.smt2 is not the reduced trigger: %q", trig)
	}
}

// closing counts the Close calls of the systems it built.
type closing struct{ failing }

var closed atomic.Int64

func (*closing) Name() string { return "test-closing" }
func (*closing) Close() error { closed.Add(1); return nil }

func init() {
	campaign.Register("test-closing", func([]byte) (campaign.System, error) { return &closing{}, nil })
}

// The harness closes every system it builds: after a campaign, a resume and
// a replay (a system with warm solver processes ends them there).
func TestSystemClosed(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := campaign.Run(ctx, dir, "test-closing", nil, campaign.Options{Iterations: 5, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := campaign.Resume(ctx, dir, campaign.Options{Iterations: 10, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := campaign.Replay(ctx, dir, 3, ""); err != nil {
		t.Fatal(err)
	}
	if n := closed.Load(); n != 3 {
		t.Errorf("%d Close calls, want 3", n)
	}
}

// dirUser records the campaign directories the harness hands it.
type dirUser struct{ failing }

var usedDirs struct {
	sync.Mutex
	dirs []string
}

func (*dirUser) Name() string { return "test-dir-user" }
func (*dirUser) UseDir(dir string) {
	usedDirs.Lock()
	usedDirs.dirs = append(usedDirs.dirs, dir)
	usedDirs.Unlock()
}

func init() {
	campaign.Register("test-dir-user", func([]byte) (campaign.System, error) { return &dirUser{}, nil })
}

// Run and Resume tell a DirUser system the campaign directory, as an
// absolute path, and the one it is now in after a move; Replay does not.
func TestSystemUsesDir(t *testing.T) {
	base := t.TempDir()
	dir, moved := filepath.Join(base, "a"), filepath.Join(base, "b")
	ctx := context.Background()
	if _, err := campaign.Run(ctx, dir, "test-dir-user", nil, campaign.Options{Iterations: 3, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	if _, err := campaign.Resume(ctx, moved, campaign.Options{Iterations: 6, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := campaign.Replay(ctx, moved, 1, ""); err != nil {
		t.Fatal(err)
	}
	usedDirs.Lock()
	defer usedDirs.Unlock()
	if want := []string{dir, moved}; !reflect.DeepEqual(usedDirs.dirs, want) {
		t.Errorf("UseDir calls %q, want %q", usedDirs.dirs, want)
	}
}
