package satfuzz

import (
	"context"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/satfuzz/trace"
)

// TestStopIsNoOutcome: tandem's stop (the caller's context ends: a cancel,
// the campaign budget's deadline, the pool's Close) is never the target's
// timeout, error or crash (issue 26, class A), for every kind of target:
// in process (tandem, gophersat), an external driver (cadical, sat4j with
// a JVM per trace), a warm JVM of the pool (sat4j), and kissat. Each
// target runs a trace whose context is done before the run and one whose
// context is cancelled while the target works on a hard trace (12 pigeons
// in 11 holes, a minute's limit): both are Stopped, with no outcome, and a
// campaign iteration counts no solver call for them. The external driver
// and the pool used to call a cancel a timeout.
func TestStopIsNoOutcome(t *testing.T) {
	type target struct {
		name string
		mk   func(t *testing.T) Target
		hard bool // stops mid-solve (gophersat checks its context only between calls)
	}
	sat4j := func(fresh bool) func(t *testing.T) Target {
		return func(t *testing.T) Target {
			requireJava(t)
			j := &Sat4j{Fresh: fresh}
			t.Cleanup(func() { j.Close() })
			return j
		}
	}
	for _, tc := range []target{
		{"tandem", func(*testing.T) Target { return &Tandem{} }, true},
		{"gophersat", func(*testing.T) Target { return &Gophersat{} }, false},
		{"cadical", func(t *testing.T) Target {
			testutil.RequireBinary(t, "g++")
			testutil.RequireBinary(t, "cadical")
			return &CaDiCaL{}
		}, true},
		{"sat4j-fresh", sat4j(true), true},
		{"sat4j-pool", sat4j(false), true},
		{"kissat", func(t *testing.T) Target {
			k, err := NewTarget("kissat@" + kissatBin(t))
			if err != nil {
				t.Fatal(err)
			}
			return k
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := tc.mk(t)
			small := mustParse(t, smallTrace)
			runOn(t, tg, small, Limits{}) // builds the driver, starts a JVM
			check := func(what string, tr *trace.Trace, res *Result) {
				t.Helper()
				if !res.Stopped || res.Timeout || res.Memout || res.Error != "" || res.Crash != "" || res.ProofError != "" {
					t.Errorf("%s: stopped %v, timeout %v, memout %v, error %q, crash %q, proof error %q; want stopped, no outcome",
						what, res.Stopped, res.Timeout, res.Memout, res.Error, res.Crash, res.ProofError)
				}
				var st campaign.Stats
				countRun(&st, tr, res)
				if st.SolverCalls != 0 || st.Timeout+st.Crash+st.Memout != 0 {
					t.Errorf("%s: counted %+v", what, st)
				}
			}
			done, cancel := context.WithCancel(context.Background())
			cancel()
			res, err := tg.Run(done, small, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			check("cancelled before the run", small, res)
			if !tc.hard {
				return
			}
			ctx, cancel := context.WithCancel(context.Background())
			tm := time.AfterFunc(300*time.Millisecond, cancel)
			defer tm.Stop()
			hard := pigeonhole(11)
			res, err = tg.Run(ctx, hard, Limits{Time: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			check("cancelled while solving", hard, res)
		})
	}
}
