package solver

import (
	"context"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mustOK returns a checker that fails the test when a call fails.
func mustOK(t *testing.T) func(Reply, error) Reply {
	return func(r Reply, err error) Reply {
		t.Helper()
		if err != nil {
			t.Fatalf("call failed: %v", err)
		}
		if r.Failed() {
			t.Fatalf("call failed: %v %s %s", r.Status, r.Message, r.Raw)
		}
		return r
	}
}

func TestSessionFake(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ok := mustOK(t)
	firstPID := s.PID()
	ok(s.Exec(ctx, "(declare-const x Int)"))
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "(> x 0)"))
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat || r.Restarted {
		t.Fatalf("check-sat: %+v", r)
	}
	m := ok(s.GetModel(ctx))
	if !strings.Contains(m.Raw, "(define-fun depth () Int 1)") || !strings.Contains(m.Raw, `"a "" ) ;"`) {
		t.Errorf("model text %q", m.Raw)
	}

	// A call that times out restarts the process and replays the stack,
	// including the assertion that hangs; popping it works afterwards.
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "hang"))
	r, err := s.CheckSat(ctx)
	if err != nil || r.Status != StatusTimeout || !r.Restarted {
		t.Fatalf("hanging check-sat: %+v, %v", r, err)
	}
	checkNoStrays(t, firstPID)
	ok(s.Pop(ctx, 1))
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat {
		t.Fatalf("check-sat after restart: %+v", r)
	}
	if m := ok(s.GetModel(ctx)); !strings.Contains(m.Raw, "depth () Int 1") {
		t.Errorf("after the restart the stack depth is wrong: %q", m.Raw)
	}

	// A kill from outside in the middle of a query.
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "hang"))
	pid := s.PID()
	go func() { time.Sleep(100 * time.Millisecond); syscall.Kill(pid, syscall.SIGKILL) }()
	r, err = s.CheckSat(ctx)
	if err != nil || r.Status != StatusCrash || !r.Restarted || r.Signature != "signal SIGKILL" {
		t.Fatalf("killed check-sat: %+v, %v", r, err)
	}
	checkNoStrays(t, pid)
	ok(s.Pop(ctx, 1))
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat {
		t.Fatalf("check-sat after the kill: %+v", r)
	}

	// The solver's own crash.
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "crash"))
	if r, err := s.CheckSat(ctx); err != nil || r.Status != StatusCrash || r.Signature != "signal SIGSEGV" {
		t.Fatalf("crashing check-sat: %+v, %v", r, err)
	}
	ok(s.Pop(ctx, 1))
	if d := s.Depth(); d != 1 {
		t.Errorf("depth %d, want 1", d)
	}

	st := s.Stats()
	if st.Restarts != 3 || st.Timeouts != 1 || st.Crashes != 2 || st.Processes != 4 {
		t.Errorf("stats %+v, want 3 restarts, 1 timeout, 2 crashes, 4 processes", st)
	}
	if r := ok(s.Pop(ctx, 1)); r.Restarted {
		t.Errorf("pop restarted: %+v", r)
	}
	if _, err := s.Exec(ctx, "(set-option :print-success false)"); err == nil {
		t.Error("print-success false was accepted")
	}
	if _, err := s.Exec(ctx, "(assert true) (assert false)"); err == nil {
		t.Error("two commands in one Exec were accepted")
	}
	last := s.PID()
	s.Close()
	s.Close()
	if _, err := s.CheckSat(ctx); err == nil {
		t.Error("call after Close succeeded")
	}
	checkNoStrays(t, last)
	checkGoroutines(t, before)
}

// TestSessionBatch: a pipelined batch answers like the same commands one
// by one (an error answer does not stop the batch), tracks the live stack,
// and a solver that hangs in the middle is restarted with the stack of the
// commands that succeeded.
func TestSessionBatch(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rs, err := s.Batch(ctx, "(declare-const x Int)", "(push 1)", "(assert (> x 0))", "(check-sat)", "(get-value (x))", "(pop 1)", "(pop 1)", "(push 1)")
	if err != nil {
		t.Fatal(err)
	}
	want := []ResponseKind{RespSuccess, RespSuccess, RespSuccess, RespAnswer, RespOther, RespSuccess, RespError, RespSuccess}
	for i, r := range rs {
		if r.Kind != want[i] || r.Restarted {
			t.Errorf("reply %d: %+v, want kind %v", i, r, want[i])
		}
	}
	if rs[3].Status != StatusSat || rs[4].Raw != "((x 1))" {
		t.Errorf("check-sat %v, get-value %q", rs[3].Status, rs[4].Raw)
	}
	if d := s.Depth(); d != 1 {
		t.Errorf("depth %d after the batch, want 1", d)
	}
	pid := s.PID()
	// a hang in the middle: the rest is not run, the process restarts
	// with the asserted hang (it succeeded), and popping it recovers
	rs, err = s.Batch(ctx, "(assert hang)", "(check-sat)", "(push 1)")
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].Kind != RespSuccess || rs[1].Status != StatusTimeout || rs[2].Kind != ReplyNone || !rs[2].Restarted {
		t.Fatalf("hanging batch: %+v", rs)
	}
	checkNoStrays(t, pid)
	if d := s.Depth(); d != 1 {
		t.Errorf("depth %d after the restart, want 1", d)
	}
	rs, err = s.Batch(ctx, "(pop 1)", "(check-sat)")
	if err != nil || rs[1].Status != StatusSat || rs[0].Restarted {
		t.Fatalf("after the restart: %+v %v", rs, err)
	}
	for _, bad := range [][]string{{"(assert true) (assert false)"}, {"(reset)"}, {"(exit)"}, {"(set-option :print-success false)"}} {
		if _, err := s.Batch(ctx, bad...); err == nil {
			t.Errorf("batch %q accepted", bad)
		}
	}
	if st := s.Stats(); st.Restarts != 1 || st.Timeouts != 1 {
		t.Errorf("stats %+v, want 1 restart, 1 timeout", st)
	}
	last := s.PID()
	s.Close()
	if _, err := s.Batch(ctx, "(check-sat)"); err == nil {
		t.Error("batch after Close succeeded")
	}
	checkNoStrays(t, last)
	checkGoroutines(t, before)
}
