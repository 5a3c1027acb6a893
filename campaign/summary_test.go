package campaign

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

// When the store is unreachable at the end (PostgreSQL stopped), the
// summary says so instead of "8 new bugs; 0 distinct bugs in the campaign".
func TestSummaryStoreUnreachable(t *testing.T) {
	var out bytes.Buffer
	p := newProgress("d", Options{Progress: &out}, Meta{ID: "c", System: "toy", Iterations: 10}, Shard{}, 0, 10, 0)
	p.printSummary(&Summary{Campaign: "c", System: "toy", Iterations: 10, Findings: 9, NewSignatures: 8, Signatures: 8,
		Elapsed: time.Second, Complete: true, StoreError: "connecting: dial tcp 127.0.0.1:5432: connection refused"})
	s := out.String()
	if strings.Contains(s, "0 distinct bugs") || !strings.Contains(s, "the store was unreachable at the end") ||
		!strings.Contains(s, "at least 8 distinct bugs") {
		t.Errorf("summary:\n%s", s)
	}
}

// Local SQLite errors get advice about the file or the disk, never the
// PostgreSQL hint about a server.
func TestSQLiteHint(t *testing.T) {
	for msg, want := range map[string]string{
		"database disk image is malformed (11)":     "damaged",
		"file is not a database (26)":               "damaged",
		"database or disk is full (13)":             "disk is full",
		"attempt to write a readonly database (8)":  "writable",
		"unable to open database file: no such dir": "writable",
	} {
		if got := sqliteHint(errors.New(msg)); !strings.Contains(got, want) || strings.Contains(got, "server") {
			t.Errorf("%q: hint %q, want %q", msg, got, want)
		}
	}
}

// Issue 26: the summary counts the calls answered after a refused option
// on a line of their own, says how many findings of cut iterations were
// kept, and Health warns when the outcome counters do not sum to the
// solver calls (a call counted twice, or under no outcome).
func TestSummaryRefusedCutFindingsAndMiscount(t *testing.T) {
	var out bytes.Buffer
	p := newProgress("d", Options{Progress: &out}, Meta{ID: "c", System: "toy", Iterations: 10}, Shard{}, 0, 10, 0)
	st := Stats{SolverCalls: 5, Sat: 2, Unsat: 3, Counters: map[string]int64{RefusedCounter: 3, ErrorCounter + "invalid parameter for x": 3}}
	sum := &Summary{Campaign: "c", System: "toy", Iterations: 9, Cut: 1, CutFindings: 2, Findings: 2, Stats: st, Elapsed: time.Second}
	p.printSummary(sum)
	s := out.String()
	for _, want := range []string{"refused      3 solver calls answered after the solver refused an option", "3× invalid parameter for x", "2 confirmed findings recorded"} {
		if !strings.Contains(s, want) {
			t.Errorf("the summary lacks %q:\n%s", want, s)
		}
	}
	if _, warnings := sum.Health(); len(warnings) != 0 {
		t.Errorf("warnings on counters that reconcile: %v", warnings)
	}
	sum.Stats.Crash++ // a call counted twice: once sat, once crash
	if _, warnings := sum.Health(); len(warnings) != 1 || !strings.Contains(warnings[0], "tandem miscounted") {
		t.Errorf("no miscount warning: %v", warnings)
	}
}
