package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tandem/internal/testutil"
)

// bandit perf end to end on a small query budget: a campaign in --out (its
// store, one run file per fuzzer and run), the side-by-side table with the
// first-gap columns, summary.json and one suite file per run.
func TestBanditPerfCLI(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	testutil.RequireBinary(t, "cvc5")
	bin := campaignBinary(t)
	out := filepath.Join(t.TempDir(), "perf")
	cmd := exec.Command(bin, "bandit", "perf", "--target", "z3", "--ref", "cvc5", "--theory", "lia",
		"--fuzzers", "banditfuzz,random", "--timeout", "2s", "--wall", "1m", "--max-queries", "4", "--run-budget", "1m",
		"--runs", "2", "--seed", "3", "-j", "2", "-q", "--out", out)
	stdout, err := cmd.Output()
	if code := exitCode(err); code != 0 && code != 10 {
		t.Fatalf("exit %d: %v\n%s", code, err, stdout)
	}
	for _, f := range []string{"findings.db", "campaign.json", "runs/banditfuzz-00.json", "runs/random-01.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("campaign directory: %v", err)
		}
	}
	for _, want := range []string{"PAR-2 margin", "gap runs", "first gap", "banditfuzz vs best baseline"} {
		if !strings.Contains(string(stdout), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Rows []struct {
			Fuzzer  string  `json:"fuzzer"`
			Runs    int     `json:"runs"`
			Queries int     `json:"queries"`
			GapRuns int     `json:"gap_runs"`
			Gap     float64 `json:"first_gap_median_s"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Rows) != 2 {
		t.Fatalf("summary rows %+v, want banditfuzz and random", sum.Rows)
	}
	for _, r := range sum.Rows {
		if r.Runs != 2 || r.Queries != 8 || r.GapRuns < 0 || r.GapRuns > 2 || r.Gap < 0 || r.Gap > 60 {
			t.Errorf("summary row %+v", r)
		}
	}
	suite, _ := filepath.Glob(filepath.Join(out, "suite", "*.smt2"))
	if len(suite) != 4 {
		t.Errorf("suite has %d files, want 4 (2 fuzzers × 2 runs)", len(suite))
	}
	// 'bandit report DIR' rebuilds the page from what perf wrote.
	page := filepath.Join(out, "report.html")
	if err := os.Remove(page); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(bin, "bandit", "report", out).CombinedOutput(); err != nil {
		t.Fatalf("bandit report: %v\n%s", err, msg)
	}
	h, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1m0s per run × 2 runs per fuzzer", "first gap", "/2 runs)</td>"} {
		if !strings.Contains(string(h), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
}
