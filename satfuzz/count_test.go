package satfuzz

import (
	"testing"

	"tandem/campaign"
	"tandem/satfuzz/trace"
)

// A run that ends early (timeout, memout, crash, an exception) ends in a
// call no answer counts: countRun counts it once, under that outcome, so
// that the campaign's outcome counters sum to its calls (issue 26:
// campaign.Stats.Reconcile, which every campaign run checks).
func TestCountRunReconciles(t *testing.T) {
	for _, c := range []struct {
		name string
		res  Result
		got  func(campaign.Stats) int64
	}{
		{"timeout", Result{Timeout: true}, func(s campaign.Stats) int64 { return s.Timeout }},
		{"memout", Result{Memout: true}, func(s campaign.Stats) int64 { return s.Memout }},
		{"crash", Result{Crash: "signal SIGSEGV"}, func(s campaign.Stats) int64 { return s.Crash }},
		{"exception", Result{Error: "java.lang.NullPointerException"}, func(s campaign.Stats) int64 { return s.Crash }},
		{"clean", Result{}, func(s campaign.Stats) int64 { return 1 - s.SolverCalls }},
	} {
		var st campaign.Stats
		countRun(&st, &trace.Trace{}, &c.res)
		if err := st.Reconcile(); err != nil || c.got(st) != 1 {
			t.Errorf("%s: %v; stats %+v", c.name, err, st)
		}
	}
}
