package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/cbsolve"
)

// TestResume: a run records each job as it ends; a rerun reads the records
// back (dropping a torn last line), skips exactly the jobs done with the
// same mode, seed and timeout, and judges the recorded answers against the
// current labels.
func TestResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out", "results.jsonl")
	a := &instance{Name: "a.smt2", Source: "crc8", Expected: "sat"}
	b := &instance{Name: "b.smt2", Source: "crc8", Expected: "unsat"}
	f, err := openResults(path, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []*outcome{
		{Inst: a, Mode: "cdfl", Status: "sat", Time: 2 * time.Second},
		{Inst: b, Mode: "cdfl", Status: "sat", Time: time.Second}, // wrong under b's label
	} {
		if err := appendRecord(f, o, 60*time.Second, "cpu"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.WriteString(`{"instance":"a.smt2","mo`); err != nil { // a run killed mid-write
		t.Fatal(err)
	}
	f.Close()
	recs, err := readRecords(path)
	if err != nil || len(recs) != 2 {
		t.Fatalf("read %d records (%v), want 2", len(recs), err)
	}
	modes := []cbsolve.Mode{cbsolve.CDFL, cbsolve.FuzzOnly}
	outs, done := resumed(recs, []*instance{a, b}, modes, 60*time.Second)
	if len(outs) != 2 || !done[jobKey(a, "cdfl", 60*time.Second)] || done[jobKey(a, "fuzz-only", 60*time.Second)] {
		t.Fatalf("resumed %d outcomes, done %v", len(outs), done)
	}
	for _, o := range outs {
		if o.Inst == b && o.Wrong == "" {
			t.Errorf("b's recorded sat is not judged wrong against its unsat label")
		}
		if o.Inst == a && (o.Wrong != "" || o.Time != 2*time.Second) {
			t.Errorf("a: %+v", o)
		}
	}
	if outs, _ := resumed(recs, []*instance{a, b}, modes, 10*time.Second); len(outs) != 0 {
		t.Errorf("records of a 60 s run resumed a 10 s run")
	}
	// A child-process record from before solve_timeout_s (tandem was given
	// ten times the CPU limit) is not resumed.
	old := *recs[0]
	old.SolveTimeout = 0
	if outs, _ := resumed([]*record{&old}, []*instance{a, b}, modes, 60*time.Second); len(outs) != 0 {
		t.Errorf("an old child-process record (no solve_timeout_s) was resumed")
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// TestNotRunCountsAsTimeout: a fuzz-only job that -skip-fuzz-unsat does not
// run is an unknown that costs PAR-2 twice the timeout, and the summary
// says it was not run.
func TestNotRunCountsAsTimeout(t *testing.T) {
	in := &instance{Name: "u.smt2", Source: "crc8", Expected: "unsat"}
	o := notRun(in, cbsolve.FuzzOnly, 60*time.Second)
	if solved(o) || o.Status != "unknown" {
		t.Fatalf("not-run outcome %+v counts as solved", o)
	}
	rep := summarize([]*outcome{o}, []cbsolve.Mode{cbsolve.FuzzOnly}, 1, 60*time.Second)
	if !strings.Contains(rep, "| 120.00 |") || !strings.Contains(rep, "1 fuzz-only unknowns on unsat instances were recorded without a run") {
		t.Fatalf("summary does not count the job as a timeout or does not say it was not run:\n%s", rep)
	}
}
