package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
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

	// A call that times out kills the process and starts none; the next
	// call starts one and replays the stack, including the assertion that
	// hangs; popping it works afterwards.
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "hang"))
	r, err := s.CheckSat(ctx)
	if err != nil || r.Status != StatusTimeout || r.Restarted {
		t.Fatalf("hanging check-sat: %+v, %v", r, err)
	}
	checkNoStrays(t, firstPID)
	if pid := s.PID(); pid != 0 {
		t.Fatalf("a process (%d) was started after the timeout, before any call", pid)
	}
	ok(s.Pop(ctx, 1)) // no process needed
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat || !r.Restarted {
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
	if err != nil || r.Status != StatusCrash || r.Restarted || r.Signature != "signal SIGKILL" {
		t.Fatalf("killed check-sat: %+v, %v", r, err)
	}
	checkNoStrays(t, pid)
	ok(s.Pop(ctx, 1))
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat || !r.Restarted {
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
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat || !r.Restarted {
		t.Fatalf("check-sat after the crash: %+v", r)
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
	if rs[0].Kind != RespSuccess || rs[1].Status != StatusTimeout || rs[2].Kind != ReplyNone || rs[2].Restarted || s.PID() != 0 {
		t.Fatalf("hanging batch: %+v, pid %d", rs, s.PID())
	}
	checkNoStrays(t, pid)
	if d := s.Depth(); d != 1 {
		t.Errorf("depth %d after the restart, want 1", d)
	}
	rs, err = s.Batch(ctx, "(pop 1)", "(check-sat)")
	if err != nil || rs[1].Status != StatusSat || !rs[0].Restarted {
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

// TestSessionLazyRestart: a failed call leaves no process behind and
// starts none; a call whose context is already done starts none either
// (no replay of the stack for a caller that has given up), and a
// deadline that passes during a call is a timeout, never a failed
// restart ("turning on :print-success failed").
func TestSessionLazyRestart(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	ok := mustOK(t)
	ok(s.Exec(ctx, "(declare-const x Int)"))
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "hang"))
	pid := s.PID()
	dctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	r, err := s.CheckSat(dctx)
	// the call can return at its deadline before the context's own timer
	// marks it done; a cancel() then would make it "cancelled", not
	// "deadline exceeded", for the calls below
	<-dctx.Done()
	if err != nil || r.Status != StatusTimeout || r.Restarted {
		t.Fatalf("check-sat past the deadline: %+v, %v", r, err)
	}
	checkNoStrays(t, pid)
	st := s.Stats()
	if st.Processes != 1 || st.Restarts != 0 || s.PID() != 0 {
		t.Fatalf("after the timeout: %+v, pid %d: want no new process", st, s.PID())
	}
	// done contexts: nothing is started
	r, err = s.CheckSat(dctx)
	if err != nil || r.Status != StatusTimeout || r.Restarted {
		t.Errorf("call with a passed deadline: %+v, %v", r, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if r, err := s.Exec(cctx, "(assert true)"); err == nil || r.Status != StatusError {
		t.Errorf("call with a cancelled context: %+v, %v", r, err)
	}
	if rs, err := s.Batch(cctx, "(push 1)", "(check-sat)"); err == nil || len(rs) != 2 || rs[0].Kind != ReplyNone {
		t.Errorf("batch with a cancelled context: %+v, %v", rs, err)
	}
	if _, err := s.Isolated(dctx, "(check-sat)"); err != nil {
		t.Errorf("isolated call with a passed deadline: %v", err)
	}
	if st := s.Stats(); st.Processes != 1 || s.PID() != 0 {
		t.Fatalf("calls on done contexts started a process: %+v", st)
	}
	// a pop (or push) with no process running needs none: it is tracked,
	// even on a done context (a deferred pop after a failed call)
	if r := ok(s.Pop(dctx, 1)); r.Restarted || s.PID() != 0 || s.Depth() != 0 {
		t.Errorf("pop after the timeout: %+v, pid %d, depth %d", r, s.PID(), s.Depth())
	}
	// the next live call restarts, with the stack (the hang is popped)
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat || !r.Restarted {
		t.Errorf("check-sat after the restart: %+v", r)
	}
	if st := s.Stats(); st.Processes != 2 || st.Restarts != 1 || st.Timeouts != 1 {
		t.Errorf("stats %+v, want 2 processes, 1 restart, 1 timeout", st)
	}
	last := s.PID()
	s.Close()
	checkNoStrays(t, last)
	checkGoroutines(t, before)
}

// TestSessionCPULimit: with CallCPU a call that burns CPU is a timeout
// when the solver tree's CPU for the call passes the limit, long before
// the wall limit (a hang detector here, a minute).
func TestSessionCPULimit(t *testing.T) {
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: time.Minute, CallCPU: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ok := mustOK(t)
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "spin"))
	pid := s.PID()
	r, err := s.CheckSat(ctx)
	if err != nil || r.Status != StatusTimeout || !strings.Contains(r.Message, "CPU") {
		t.Fatalf("spinning check-sat: %+v, %v", r, err)
	}
	checkNoStrays(t, pid)
	if cpu := s.CPU(); cpu < 300*time.Millisecond {
		t.Errorf("session CPU %v after a call killed at 300ms of CPU", cpu)
	}
	ok(s.Pop(ctx, 1))
	if r := ok(s.CheckSat(ctx)); r.Status != StatusSat {
		t.Errorf("after the CPU timeout: %+v", r)
	}
	if _, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallCPU: -time.Second}); err == nil {
		t.Error("a negative CPU limit was accepted")
	}
}

// TestSessionSetCallLimits: a per-call CPU limit set with SetCallLimits,
// smaller than the session's, stops a spinning exchange as a CPU
// timeout (the session's own limit, a minute, is far away), the restart
// that follows runs under the limits in force, and a later, larger limit
// lets a normal call answer. Negative limits are refused.
func TestSessionSetCallLimits(t *testing.T) {
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 2 * time.Minute, CallCPU: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SetCallLimits(200*time.Millisecond, time.Minute); err != nil {
		t.Fatal(err)
	}
	pid := s.PID()
	ex, err := s.Isolated(ctx, "(assert spin)", "(check-sat)")
	if err != nil || ex.Failure.Status != StatusTimeout || !strings.Contains(ex.Failure.Message, "CPU") {
		t.Fatalf("spinning exchange under a 200ms call limit: %+v, %v", ex.Failure, err)
	}
	checkNoStrays(t, pid)
	if err := s.SetCallLimits(time.Minute, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	ex, err = s.Isolated(ctx, "(check-sat)")
	if err != nil || ex.Failed() || !ex.Restarted || len(ex.Replies) < 2 || ex.Replies[1].Status != StatusSat {
		t.Fatalf("after the cut: %+v, %v", ex, err)
	}
	if err := s.SetCallLimits(-time.Second, 0); err == nil {
		t.Error("a negative CPU limit was accepted")
	}
}

// TestSessionIsolated: an isolated exchange returns every response, also
// the extra one a self-check prints after sat, leaves the stack as it
// was, and after a hang inside it the next call restarts with the stack
// of before the exchange.
func TestSessionIsolated(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ok := mustOK(t)
	ok(s.Exec(ctx, "(declare-const x Int)"))
	ex, err := s.Isolated(ctx, "(declare-const y Int)", "(assert twice)", "(check-sat)", "(get-model)")
	if err != nil || ex.Failed() || ex.Restarted {
		t.Fatalf("exchange: %+v, %v", ex, err)
	}
	var kinds []ResponseKind
	for _, r := range ex.Replies {
		kinds = append(kinds, r.Kind)
	}
	want := []ResponseKind{RespSuccess, RespSuccess, RespSuccess, RespAnswer, RespError, RespOther, RespSuccess}
	if !slices.Equal(kinds, want) || !strings.Contains(ex.Replies[5].Raw, "depth () Int 1") {
		t.Fatalf("replies %v, want %v: %+v", kinds, want, ex.Replies)
	}
	if d := s.Depth(); d != 0 {
		t.Errorf("depth %d after the exchange", d)
	}
	pid := s.PID()
	ex, err = s.Isolated(ctx, "(assert hang)", "(check-sat)")
	if err != nil || ex.Failure.Status != StatusTimeout || len(ex.Replies) != 2 {
		t.Fatalf("hanging exchange: %+v, %v", ex, err)
	}
	checkNoStrays(t, pid)
	ex, err = s.Isolated(ctx, "(check-sat)", "(get-model)")
	if err != nil || ex.Failed() || !ex.Restarted || ex.Replies[1].Status != StatusSat || !strings.Contains(ex.Replies[2].Raw, "depth () Int 1") {
		t.Fatalf("exchange after the restart: %+v, %v", ex, err)
	}
	for _, bad := range []string{"(push 1)", "(pop 1)", "(reset)", "(exit)", "(set-option :print-success true)", "(assert true) (assert false)"} {
		if _, err := s.Isolated(ctx, bad); err == nil {
			t.Errorf("exchange with %s accepted", bad)
		}
	}
	last := s.PID()
	s.Close()
	if _, err := s.Isolated(ctx, "(check-sat)"); err == nil {
		t.Error("exchange after Close succeeded")
	}
	checkNoStrays(t, last)
	checkGoroutines(t, before)
}

// TestSessionReplayKeepsGlobalDeclarations: the stack a restart replays
// is the one the standard defines (SMT-LIB 2.6 §4.2.2): a declaration made
// under :global-declarations outlives the pop of its level and
// reset-assertions, one made before it does not outlive reset-assertions,
// and an option set inside a push outlives the pop. The fake solver scopes
// its declared names by the standard, so the names it lists after a
// restart must be those it listed before.
func TestSessionReplayKeepsGlobalDeclarations(t *testing.T) {
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ok := mustOK(t)
	declared := func() string {
		t.Helper()
		return ok(s.Exec(ctx, "(get-info :declared)")).Raw
	}
	ok(s.Exec(ctx, "(declare-const a Int)"))
	ok(s.Push(ctx, 1))
	ok(s.Exec(ctx, "(set-option :global-declarations true)"))
	ok(s.Exec(ctx, "(declare-const g Int)"))
	ok(s.Push(ctx, 1))
	ok(s.Exec(ctx, "(define-fun h () Int g)"))
	ok(s.Pop(ctx, 2))
	before := declared()
	if before != `(:declared "g h a")` {
		t.Fatalf("the fake lists %s", before)
	}
	// a timeout, then a restart that replays the stack
	ok(s.Push(ctx, 1))
	ok(s.Assert(ctx, "hang"))
	if r, err := s.CheckSat(ctx); err != nil || r.Status != StatusTimeout {
		t.Fatalf("hanging check-sat: %+v, %v", r, err)
	}
	ok(s.Pop(ctx, 1))
	if r, err := s.Exec(ctx, "(get-info :declared)"); err != nil || !r.Restarted || r.Raw != before {
		t.Fatalf("after the restart: %+v, %v; want %s", r, err, before)
	}
	// reset-assertions keeps the global ones only, and so does the replay
	ok(s.Exec(ctx, "(reset-assertions)"))
	ok(s.Exec(ctx, "(declare-const b Int)")) // global: the option outlived the pop
	before = declared()
	if before != `(:declared "g h b")` {
		t.Fatalf("after reset-assertions the fake lists %s", before)
	}
	pid := s.PID()
	syscall.Kill(pid, syscall.SIGKILL)
	checkNoStrays(t, pid)
	if r, err := s.Exec(ctx, "(get-info :declared)"); err != nil || !r.Restarted || r.Raw != before {
		t.Fatalf("after the kill: %+v, %v; want %s", r, err, before)
	}
	// reset ends the global mode and forgets everything
	ok(s.Exec(ctx, "(reset)"))
	ok(s.Exec(ctx, "(declare-const c Int)"))
	ok(s.Exec(ctx, "(reset-assertions)"))
	if got := declared(); got != `(:declared "")` {
		t.Fatalf("after reset: %s", got)
	}
	// an isolated exchange may not declare under :global-declarations
	ok(s.Exec(ctx, "(set-option :global-declarations true)"))
	if _, err := s.Isolated(ctx, "(declare-const d Int)", "(check-sat)"); err == nil {
		t.Error("an isolated global declaration was accepted")
	}
}

// TestSessionReplayRandomStreams closes the class of the test above: on
// random streams of push, pop, declarations, reset-assertions and
// :global-declarations, a restart at any point (the process killed)
// leaves the fake solver with the names it had declared before.
func TestSessionReplayRandomStreams(t *testing.T) {
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ok := mustOK(t)
	rng := rand.New(rand.NewPCG(27, 1))
	for i := range 300 {
		var cmd string
		switch k := rng.IntN(10); {
		case k < 3:
			cmd = fmt.Sprintf("(declare-const c%d Int)", i)
		case k < 5:
			cmd = "(push 1)"
		case k < 7 && s.Depth() > 0:
			cmd = "(pop 1)"
		case k == 7:
			cmd = "(reset-assertions)"
		case k == 8:
			cmd = fmt.Sprintf("(set-option :global-declarations %v)", rng.IntN(2) == 0)
		default:
			cmd = "(set-info :status sat)"
		}
		ok(s.Exec(ctx, cmd))
		if rng.IntN(8) > 0 {
			continue
		}
		before := ok(s.Exec(ctx, "(get-info :declared)")).Raw
		syscall.Kill(s.PID(), syscall.SIGKILL)
		r, err := s.Exec(ctx, "(get-info :declared)")
		if err == nil && r.Status == StatusCrash { // the process was still dying
			r, err = s.Exec(ctx, "(get-info :declared)")
		}
		if err != nil || !r.Restarted || r.Raw != before {
			t.Fatalf("command %d (%s): after a restart %+v, %v; want %s", i, cmd, r, err, before)
		}
	}
}

// TestSessionResetWithoutAnswer: a solver that prints nothing for (reset)
// (cvc5 turns print-success off before it would answer) does not make
// Exec wait for an answer that never comes: the reset ends at the closing
// sync command, in the same process, and forgets the stack.
func TestSessionResetWithoutAnswer(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"interactive", "quiet-reset"} {
		s, err := StartSession(ctx, fakeProfile(mode), SessionOptions{CallTimeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ok := func(r Reply, err error) {
			t.Helper()
			if err != nil || r.Kind != RespSuccess || r.Restarted {
				t.Fatalf("%s: %+v, %v", mode, r, err)
			}
		}
		ok(s.Exec(ctx, "(declare-const c Int)"))
		pid := s.PID()
		ok(s.Exec(ctx, "(reset)"))
		ok(s.Exec(ctx, "(reset)"))
		if r, err := s.Exec(ctx, "(get-info :declared)"); err != nil || r.Raw != `(:declared "")` || s.PID() != pid {
			t.Fatalf("%s: after reset: %+v, %v (pid %d, was %d)", mode, r, err, s.PID(), pid)
		}
		ok(s.Exec(ctx, "(declare-const c Int)")) // c is no longer declared
		s.Close()
	}
}

// A session solver that dies of its memory limit with the C++ runtime's
// "terminate called after throwing an instance of 'std::bad_alloc'" is a
// memout, as in a one-shot run, although the line also matches the C++
// crash signature (Bitwuzla on a Float64 mutant: DIVER reported an
// incremental-only crash).
func TestSessionOOMIsMemout(t *testing.T) {
	script := `while read -r l; do case "$l" in *check-sat*) ` +
		`echo "terminate called after throwing an instance of 'std::bad_alloc'" >&2; echo "  what():  std::bad_alloc" >&2; kill -ABRT $$;; ` +
		`*) echo success;; esac; done`
	p := Command("oom", "/bin/sh", "-c", script)
	p.InteractiveArgs = []string{"-c", script}
	p.Signatures = sigs()
	s, err := StartSession(context.Background(), p, SessionOptions{CallTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, _ := s.CheckSat(context.Background())
	if r.Status != StatusMemout {
		t.Errorf("check-sat: %v (%s), signature %q; want memout", r.Status, r.Message, r.Signature)
	}
}

// A solver that answers a command with an error and then exits normally
// (cvc5 trunk on an exception in interactive mode: "(error "The exponent
// of the POW(^) operator …")" and exit code 1) ended on that error, as Run
// calls it: the next call is an error, not a crash. A signal, or a crash
// signature on stderr, is still a crash.
func TestSessionExitAfterError(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		want       Status
	}{
		{"exit 1", "exit 1", StatusError},
		{"silent exit", "exec 1>&-; exit 3", StatusError},
		{"exit 0", "exit 0", StatusError},
		{"signal", "kill -SEGV $$", StatusCrash},
		{"signature", `echo "Fatal failure within void f() at f.cpp:1" >&2; exit 1`, StatusCrash},
	} {
		script := `while read -r l; do case "$l" in *check-sat*) echo '(error "exponent too large")';; ` +
			`*get-model*) ` + tc.then + `;; *) echo success;; esac; done`
		p := Command("errexit", "/bin/sh", "-c", script)
		p.InteractiveArgs = []string{"-c", script}
		p.Signatures = sigs("Fatal failure within")
		s, err := StartSession(context.Background(), p, SessionOptions{CallTimeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := s.CheckSat(context.Background()); r.Status != StatusError {
			t.Errorf("%s: check-sat %v (%s), want error", tc.name, r.Status, r.Message)
		}
		r, _ := s.GetModel(context.Background())
		if r.Status != tc.want {
			t.Errorf("%s: get-model after the error: %v (%s), want %v", tc.name, r.Status, r.Message, tc.want)
		}
		if tc.want == StatusError && !strings.Contains(r.Message, "after the error: exponent too large") {
			t.Errorf("%s: message %q does not name the error", tc.name, r.Message)
		}
		s.Close()
	}
}

// Run and a session judge the same solver behaviour at check-sat alike:
// one-shot runs confirm what sessions find, so a behaviour the two call
// differently makes a false "incremental-only" finding (a session called
// cvc5's exit after an error a crash, the one-shot run an error).
func TestSessionAgreesWithRun(t *testing.T) {
	for _, tc := range []struct{ name, at string }{
		{"sat", "echo sat"},
		{"unsat", "echo unsat"},
		{"error then exit 1", `echo '(error "boom")'; exit 1`},
		{"silent exit 1", "exit 1"},
		{"silent exit 0", "exit 0"},
		{"segfault", "kill -SEGV $$"},
		{"abort", "kill -ABRT $$"},
		{"signature then exit", `echo "Fatal failure within void f() at f.cpp:1" >&2; exit 1`},
		{"out of memory", `echo "terminate called after throwing an instance of 'std::bad_alloc'" >&2; kill -ABRT $$`},
	} {
		script := `while read -r l; do case "$l" in *check-sat*) ` + tc.at + `;; *exit*) exit 0;; *) echo success;; esac; done`
		p := Command("agree", "/bin/sh", "-c", script)
		p.InteractiveArgs = []string{"-c", script}
		p.StdinArgs = []string{"-c", script}
		p.Signatures = sigs("Fatal failure within")
		res, err := Run(context.Background(), p, BytesInput([]byte("(check-sat)\n")), RunOptions{Limits: Limits{CPU: 10 * time.Second, Wall: time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := StartSession(context.Background(), p, SessionOptions{CallTimeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := s.CheckSat(context.Background())
		s.Close()
		if r.Status != res.Status {
			t.Errorf("%s: session %v (%s), Run %v (%s)", tc.name, r.Status, r.Message, res.Status, res.Reason)
		}
	}
}
