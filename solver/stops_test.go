package solver

import (
	"context"
	"testing"
	"time"
)

// TestTandemStopsAreNotCrashes is the invariant behind every crash
// counter (issue 26: a campaign's crash count jumped by 15 with no crash
// behind it): a solver process tandem stops, whichever way (a cancelled
// context, the call's CPU limit, its wall limit, Close, the restart that
// follows a stop), is never reported as a crash, neither by the reply
// nor by the session's Crashes; a solver that dies on its own is, once.
// One-shot runs are held to the same rule.
func TestTandemStopsAreNotCrashes(t *testing.T) {
	bg := context.Background()
	s, err := StartSession(bg, fakeProfile("interactive"), SessionOptions{CallTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	notCrash := func(stop string, r Reply, wantStatus Status) {
		t.Helper()
		if r.Status == StatusCrash || r.Signature != "" {
			t.Errorf("%s: reported as a crash: %+v", stop, r)
		} else if r.Status != wantStatus {
			t.Errorf("%s: status %v (%s), want %v", stop, r.Status, r.Message, wantStatus)
		}
		if n := s.Stats().Crashes; n != 0 {
			t.Errorf("%s: the session counts %d crashes", stop, n)
		}
	}
	ok := mustOK(t)
	stopOn := func(body string) {
		t.Helper()
		ok(s.Push(bg, 1))
		ok(s.Assert(bg, body))
	}
	pop := func() {
		t.Helper()
		ok(s.Pop(bg, 1))
	}

	// cancel: the caller's context ends in the middle of a check-sat
	stopOn("hang")
	ctx, cancel := context.WithCancel(bg)
	time.AfterFunc(200*time.Millisecond, cancel)
	r, _ := s.CheckSat(ctx)
	notCrash("cancel", r, StatusError)
	pop()

	// the restart after a stop replays the stack and answers
	r = ok(s.CheckSat(bg))
	if !r.Restarted {
		t.Errorf("restart: the call after a stop did not restart the solver: %+v", r)
	}
	notCrash("restart", r, StatusSat)

	// the call's CPU limit
	if err := s.SetCallLimits(200*time.Millisecond, time.Minute); err != nil {
		t.Fatal(err)
	}
	stopOn("spin")
	r, _ = s.CheckSat(bg)
	notCrash("CPU limit", r, StatusTimeout)
	pop()

	// the call's wall limit
	if err := s.SetCallLimits(0, 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	stopOn("hang")
	r, _ = s.CheckSat(bg)
	notCrash("wall limit", r, StatusTimeout)
	pop()

	// a context deadline is the wall limit's twin
	stopOn("hang")
	dctx, dcancel := context.WithTimeout(bg, 300*time.Millisecond)
	r, _ = s.CheckSat(dctx)
	dcancel()
	notCrash("context deadline", r, StatusTimeout)
	pop()

	// a solver that dies on its own is a crash, counted once
	if err := s.SetCallLimits(0, time.Minute); err != nil {
		t.Fatal(err)
	}
	stopOn("crash")
	if r, _ = s.CheckSat(bg); r.Status != StatusCrash || s.Stats().Crashes != 1 {
		t.Errorf("a real crash: %+v, %d crashes counted", r, s.Stats().Crashes)
	}
	pop()
	if r := ok(s.CheckSat(bg)); r.Status != StatusSat || s.Stats().Crashes != 1 {
		t.Errorf("after the crash: %+v, %d crashes counted", r, s.Stats().Crashes)
	}

	// Close, then a call: refused, not a crash
	s.Close()
	r, _ = s.CheckSat(bg)
	if r.Status == StatusCrash || s.Stats().Crashes != 1 {
		t.Errorf("Close: %+v, %d crashes counted", r, s.Stats().Crashes)
	}

	// one-shot runs: cancel, CPU limit, wall limit
	cctx, ccancel := context.WithCancel(bg)
	time.AfterFunc(200*time.Millisecond, ccancel)
	for _, c := range []struct {
		stop string
		ctx  context.Context
		mode string
		lim  Limits
		want Status
	}{
		{"one-shot cancel", cctx, "hang", Limits{Wall: time.Minute}, StatusError},
		{"one-shot CPU limit", bg, "spin", Limits{CPU: 300 * time.Millisecond, Wall: time.Minute}, StatusTimeout},
		{"one-shot wall limit", bg, "hang", Limits{Wall: 300 * time.Millisecond}, StatusTimeout},
	} {
		res, err := Run(c.ctx, fakeProfile(c.mode), FileInput("/dev/null"), RunOptions{Limits: c.lim})
		if err != nil {
			t.Fatalf("%s: %v", c.stop, err)
		}
		if res.Status != c.want || res.Signature != "" {
			t.Errorf("%s: status %v (%s), signature %q; want %v", c.stop, res.Status, res.Reason, res.Signature, c.want)
		}
	}
}
