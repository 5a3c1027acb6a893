package campaign

import (
	"bytes"
	"strings"
	"testing"
)

func TestCountersLine(t *testing.T) {
	c := map[string]int64{ErrorCounter + "b": 2, ErrorCounter + "a": 2, ErrorCounter + "c": 5, ErrorCounter + "d": 1, "mutants": 9, RetiredCounter + "x=1": 1}
	if got, want := countersLine(c, ErrorCounter, 3), "5× c; 2× a; 2× b; 1 more"; got != want {
		t.Errorf("errors: %q, want %q", got, want)
	}
	if got, want := countersLine(c, RetiredCounter, 5), "1× x=1"; got != want {
		t.Errorf("retired: %q, want %q", got, want)
	}
	if got := countersLine(map[string]int64{"mutants": 3}, ErrorCounter, 3); got != "" {
		t.Errorf("no error counters: %q", got)
	}
}

// A run whose solver calls are a third errors (one solver of three that
// refuses every query) is warned about once while it runs; one with a few
// errors is not.
func TestEarlyErrorWarning(t *testing.T) {
	var out bytes.Buffer
	p := newProgress("", Options{Progress: &out}, Meta{}, Shard{}, 0, 0, 0)
	it := iterResult{stats: Stats{SolverCalls: 3, Sat: 2, Error: 1,
		Counters: map[string]int64{ErrorCounter + "cvc5: logic QF_LNA is not supported": 1}}}
	for range 30 {
		p.addIteration(it)
	}
	got := out.String()
	if strings.Count(got, "warning:") != 1 || !strings.Contains(got, "14 of the first 42 solver calls (33%)") ||
		!strings.Contains(got, "14× cvc5: logic QF_LNA") {
		t.Errorf("progress output %q: want one warning on 14 of 42 calls naming the error kind", got)
	}
	out.Reset()
	q := newProgress("", Options{Progress: &out}, Meta{}, Shard{}, 0, 0, 0)
	q.addIteration(iterResult{stats: Stats{SolverCalls: 100, Sat: 80, Error: 20}})
	if strings.Contains(out.String(), "warning") {
		t.Errorf("20%% errors warned about: %q", out.String())
	}
}
