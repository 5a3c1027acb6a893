package solver

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestRunMisbehavingSolvers(t *testing.T) {
	cases := []struct {
		mode    string
		lim     Limits
		want    Status
		answers []Status
		check   func(t *testing.T, r *Result)
	}{
		{mode: "sat", want: StatusSat, answers: []Status{StatusSat}},
		{mode: "hang", lim: Limits{Wall: 300 * time.Millisecond}, want: StatusTimeout},
		{mode: "sat-hang", lim: Limits{Wall: 300 * time.Millisecond}, want: StatusTimeout, answers: []Status{StatusSat}},
		{mode: "spawn", want: StatusSat, answers: []Status{StatusSat}},
		{mode: "spawn-hang", lim: Limits{Wall: 300 * time.Millisecond}, want: StatusTimeout, answers: []Status{StatusSat}},
		{mode: "segv", want: StatusCrash, check: func(t *testing.T, r *Result) {
			if r.Signal != "SIGSEGV" || r.SignatureNorm != "signal SIGSEGV" {
				t.Errorf("signal %q signature %q, want SIGSEGV", r.Signal, r.SignatureNorm)
			}
		}},
		{mode: "abrt", want: StatusCrash, check: func(t *testing.T, r *Result) {
			want := "ASSERTION VIOLATION | File: ../src/smt/theory_lra.cpp"
			if r.Signal != "SIGABRT" || r.SignatureNorm != want {
				t.Errorf("signal %q signature %q, want SIGABRT and %q", r.Signal, r.SignatureNorm, want)
			}
		}},
		{mode: "garbage", want: StatusError},
		{mode: "truncated", want: StatusError, answers: []Status{StatusSat}, check: func(t *testing.T, r *Result) {
			if !strings.Contains(r.Reason, "truncated") {
				t.Errorf("reason %q does not say the output is truncated", r.Reason)
			}
		}},
		{mode: "flood", lim: Limits{OutputCap: 1 << 20}, want: StatusSat, answers: []Status{StatusSat}, check: func(t *testing.T, r *Result) {
			if len(r.Stdout) != 1<<20 {
				t.Errorf("kept %d bytes of stdout, want the cap %d", len(r.Stdout), 1<<20)
			}
			if total := int64(len(r.Stdout)) + r.StdoutDropped; total != 200<<20+4 {
				t.Errorf("kept+dropped = %d bytes, want %d", total, 200<<20+4)
			}
		}},
		{mode: "alloc", lim: Limits{Memory: 1536 << 20}, want: StatusMemout, check: func(t *testing.T, r *Result) {
			if r.PeakRSS < 128<<20 || r.PeakRSS > 1536<<20 {
				t.Errorf("peak RSS %s, want between 128 MiB and the 1.5 GiB limit", FormatSize(r.PeakRSS))
			}
		}},
		{mode: "spin", lim: Limits{Wall: 10 * time.Second, CPU: time.Second}, want: StatusTimeout, check: func(t *testing.T, r *Result) {
			if r.Signal != "SIGXCPU" && r.Signal != "SIGKILL" {
				t.Errorf("signal %q, want SIGXCPU from RLIMIT_CPU", r.Signal)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			before := runtime.NumGoroutine()
			var ms0 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			r, err := Run(context.Background(), fakeProfile(c.mode), BytesInput([]byte("(check-sat)\n")), RunOptions{Limits: c.lim})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != c.want {
				t.Errorf("status %v (%s), want %v; stdout %.200q stderr %.200q", r.Status, r.Reason, c.want, r.Stdout, r.Stderr)
			}
			if fmt.Sprint(r.Answers) != fmt.Sprint(c.answers) {
				t.Errorf("answers %v, want %v", r.Answers, c.answers)
			}
			if c.check != nil {
				c.check(t, r)
			}
			var extra []int
			for _, raw := range r.RawResponses {
				var pid int
				if _, err := fmt.Sscanf(raw, "(child-pid %d)", &pid); err == nil {
					extra = append(extra, pid)
				}
			}
			if strings.HasPrefix(c.mode, "spawn") && len(extra) == 0 {
				t.Errorf("no child pid in %q", r.RawResponses)
			}
			checkNoStrays(t, r.PID, extra...)
			checkGoroutines(t, before)
			var ms1 runtime.MemStats
			runtime.ReadMemStats(&ms1)
			if grew := int64(ms1.HeapAlloc) - int64(ms0.HeapAlloc); grew > 64<<20 {
				t.Errorf("tandem's heap grew by %s during the run", FormatSize(grew))
			}
			t.Logf("%s: %v (%s) wall %v cpu %v rss %s", c.mode, r.Status, r.Reason, r.Wall.Round(time.Millisecond), r.CPU().Round(time.Millisecond), FormatSize(r.PeakRSS))
		})
	}
}

func TestRunCancelKillsGroup(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(200 * time.Millisecond); cancel() }()
	r, err := Run(ctx, fakeProfile("spawn-hang"), BytesInput(nil), RunOptions{Limits: Limits{Wall: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != StatusError || !strings.Contains(r.Reason, "cancelled") {
		t.Errorf("status %v (%s), want error (cancelled)", r.Status, r.Reason)
	}
	checkNoStrays(t, r.PID)
	checkGoroutines(t, before)
}

func TestRunMissingBinary(t *testing.T) {
	p := fakeProfile("sat")
	p.Binary = "/nonexistent/solver"
	if _, err := Run(context.Background(), p, BytesInput(nil), RunOptions{}); err == nil || !strings.Contains(err.Error(), "install") {
		t.Errorf("err = %v, want a hint to install the solver", err)
	}
}
