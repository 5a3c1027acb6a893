package cbox

import (
	"context"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tandem/smt"
)

// helperBox opens the Go helper (runHelper) as the exec box of f.
func helperBox(t testing.TB, f *smt.Func, opts Options) Box {
	t.Helper()
	t.Setenv(helperEnv, "1")
	// No RLIMIT_AS: a -race test binary reserves terabytes of address space.
	opts.MemoryLimit = -1
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(context.Background(), "exec:'"+exe+"'", f, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func execOf(b Box) *execBox { return b.(bitsBox).impl.(*execBox) }

// TestExecValues: values of every sort the protocol passes, answered by one
// long-lived process.
func TestExecValues(t *testing.T) {
	ctx := context.Background()
	mul := helperBox(t, decl("mul", bv(32), bv(32), bv(32)), testOptions())
	for _, c := range [][3]uint64{{3, 4, 12}, {0, 7, 0}, {1<<32 - 1, 2, 1<<32 - 2}, {65536, 65536, 0}} {
		if x, err := mul.(Bits).CallBits(ctx, c[:2]); err != nil || x != c[2] {
			t.Fatalf("mul %d %d = %d, %v", c[0], c[1], x, err)
		}
		if v := mustCall(t, mul, bvv(c[0], 32), bvv(c[1], 32)); !smt.ValueEqual(v, bvv(c[2], 32)) {
			t.Fatalf("mul %d %d = %s", c[0], c[1], v)
		}
	}
	add := helperBox(t, decl("add", smt.IntSort(), smt.IntSort(), smt.IntSort()), testOptions())
	huge, _ := new(big.Int).SetString("-100000000000000000000000", 10)
	v := mustCall(t, add, smt.IntValue{V: big.NewInt(-7)}, smt.IntValue{V: huge})
	if want := new(big.Int).Add(huge, big.NewInt(-7)); v.(smt.IntValue).V.Cmp(want) != 0 {
		t.Fatalf("add = %s, want %s", v, want)
	}
	not := helperBox(t, decl("not", smt.BoolSort(), smt.BoolSort()), testOptions())
	if v := mustCall(t, not, smt.BoolValue(true)); v != smt.BoolValue(false) {
		t.Fatalf("not true = %s", v)
	}
	if x, err := not.(Bits).CallBits(ctx, []uint64{0}); err != nil || x != 1 {
		t.Fatalf("not 0 = %d, %v", x, err)
	}
	// One process serves every call.
	count := helperBox(t, decl("count", bv(32)), testOptions())
	for i := uint64(1); i <= 5; i++ {
		if x, err := count.(Bits).CallBits(ctx, nil); err != nil || x != i {
			t.Fatalf("call %d: count = %d, %v", i, x, err)
		}
	}
	// Bit-vectors wider than 64 bits travel as decimals too.
	wide := helperBox(t, decl("big", bv(72), bv(72)), testOptions())
	if v := mustCall(t, wide, bvv(5, 72)); v.(smt.BVValue).V.String() != "1180591620717411303429" {
		t.Fatalf("big 5 = %s", v)
	}
	if _, ok := wide.(Bits); ok {
		t.Fatal("a 72-bit exec box implements Bits")
	}
}

// TestExecFailures: hanging, dying, garbage and the box's own errors, each
// classified, and the box answering again on the next call.
func TestExecFailures(t *testing.T) {
	ctx := context.Background()
	opts := testOptions()
	short := opts
	short.CallTimeout = shortTimeout

	hang := helperBox(t, decl("hang", bv(8), bv(8)), short)
	_, err := hang.(Bits).CallBits(ctx, []uint64{1})
	wantKind(t, err, Timeout, "700ms", "(hang #x01)")
	if x, err := hang.(Bits).CallBits(ctx, []uint64{2}); err != nil || x != 2 {
		t.Fatalf("after a timeout: %d, %v", x, err)
	}

	die := helperBox(t, decl("die", bv(8), bv(8)), opts)
	_, err = die.(Bits).CallBits(ctx, []uint64{1})
	wantKind(t, err, Crash, "exited with status 3", "dying on purpose")
	if x, err := die.(Bits).CallBits(ctx, []uint64{4}); err != nil || x != 4 {
		t.Fatalf("after a crash: %d, %v", x, err)
	}

	garbage := helperBox(t, decl("garbage", bv(8), bv(8)), opts)
	_, err = garbage.(Bits).CallBits(ctx, []uint64{1})
	wantKind(t, err, Protocol, "#!?garbage")
	_, err = garbage.Call(ctx, []smt.Value{bvv(1, 8)})
	wantKind(t, err, Protocol)
	if x, err := garbage.(Bits).CallBits(ctx, []uint64{9}); err != nil || x != 9 {
		t.Fatalf("after garbage: %d, %v", x, err)
	}
	big := helperBox(t, decl("big", bv(8), bv(8)), opts)
	_, err = big.(Bits).CallBits(ctx, []uint64{1})
	wantKind(t, err, Protocol, "does not fit")

	fail := helperBox(t, decl("fail", bv(8), bv(8)), opts)
	_, err = fail.(Bits).CallBits(ctx, []uint64{3})
	wantKind(t, err, Failed, "3 is odd")
	_, err = fail.Call(ctx, []smt.Value{bvv(5, 8)})
	wantKind(t, err, Failed, "5 is odd")
	if x, err := fail.(Bits).CallBits(ctx, []uint64{6}); err != nil || x != 6 {
		t.Fatalf("fail 6: %d, %v", x, err)
	}

	// The caller's context: Canceled, and the box answers afterwards.
	cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	_, err = hang.(Bits).CallBits(cctx, []uint64{1})
	wantKind(t, err, Canceled)
	if x, err := hang.(Bits).CallBits(ctx, []uint64{3}); err != nil || x != 3 {
		t.Fatalf("after a cancellation: %d, %v", x, err)
	}
}

// TestExecShell: a shell script as a box, the memory limit applied with
// RLIMIT_AS, quoting in the spec, and the errors of Open.
func TestExecShell(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "a dir")
	os.Mkdir(dir, 0o755)
	script := filepath.Join(dir, "box.sh")
	os.WriteFile(script, []byte(`#!/bin/sh
# sub a b: a-b mod 2^16; limit: this process's address-space limit
while read name a b; do
	case $name in
	sub) echo $(( (a - b) & 65535 )) ;;
	limit) awk '/Max address space/ {print $4}' /proc/$$/limits ;;
	esac
done
`), 0o755)
	f := decl("sub", bv(16), bv(16), bv(16))
	b, err := Open(ctx, `exec:sh "`+script+`"`, f, Options{MemoryLimit: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if x, err := b.(Bits).CallBits(ctx, []uint64{3, 5}); err != nil || x != 65534 {
		t.Fatalf("sub 3 5 = %d, %v", x, err)
	}
	lim, err := Open(ctx, "exec:"+strings.ReplaceAll(script, " ", `\ `), decl("limit", bv(64)), Options{MemoryLimit: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer lim.Close()
	if x, err := lim.(Bits).CallBits(ctx, nil); err != nil || x != 256<<20 {
		t.Fatalf("RLIMIT_AS of the box = %d, %v; want %d", x, err, 256<<20)
	}

	_, err = Open(ctx, "exec:/nonexistent/box", f, Options{})
	wantKind(t, err, Start, "no such file")
	_, err = Open(ctx, "exec:no-such-program-here", f, Options{})
	wantKind(t, err, Start, "PATH")
	_, err = Open(ctx, "exec:", f, Options{})
	wantKind(t, err, Spec, "exec:CMD")
	_, err = Open(ctx, `exec:sh "unterminated`, f, Options{})
	wantKind(t, err, Spec, "unterminated")
	_, err = Open(ctx, "exec:sh", decl("r", smt.RealSort(), bv(8)), Options{})
	wantKind(t, err, Signature, "Real")
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string][]string{
		`python3 box.py`:           {"python3", "box.py"},
		`  a   'b c'  "d e" f\ g `: {"a", "b c", "d e", "f g"},
		`a "it's" 'say "hi"'`:      {"a", "it's", `say "hi"`},
		`a ''`:                     {"a", ""},
		``:                         nil,
	} {
		got, err := splitCommand(in)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{`a 'b`, `a "b`, `a\`} {
		if _, err := splitCommand(in); err == nil {
			t.Errorf("splitCommand(%q): no error", in)
		}
	}
}

func TestParseAnswer(t *testing.T) {
	for _, c := range []struct {
		s    string
		sort *smt.Sort
		want string // "" for an error
	}{
		{"255", bv(8), "#xff"}, {"256", bv(8), ""}, {"#xff", bv(8), "#xff"}, {"#x0ff", bv(8), ""},
		{"#b101", bv(3), "#b101"}, {"(_ bv5 8)", bv(8), "#x05"}, {"-1", bv(8), ""}, {"1.5", bv(8), ""},
		{"", bv(8), ""}, {"-12", smt.IntSort(), "(- 12)"}, {"(- 12)", smt.IntSort(), "(- 12)"},
		{"12", smt.IntSort(), "12"}, {"x", smt.IntSort(), ""}, {"true", smt.BoolSort(), "true"},
		{"0", smt.BoolSort(), "false"}, {"yes", smt.BoolSort(), ""},
	} {
		v, err := parseAnswer(c.s, c.sort)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("parseAnswer(%q, %s) = %s, want an error", c.s, c.sort, v)
		case c.want != "" && (err != nil || v.String() != c.want):
			t.Errorf("parseAnswer(%q, %s) = %v, %v; want %s", c.s, c.sort, v, err, c.want)
		}
	}
	if _, err := parseAnswer("error out of range", bv(8)); !errors.Is(err, errBoxError) {
		t.Errorf("error line: %v", err)
	}
}

// TestExecConcurrent calls one exec box from many goroutines (run with
// -race); calls are serialized on the one process.
func TestExecConcurrent(t *testing.T) {
	b := helperBox(t, decl("mul", bv(32), bv(32), bv(32)), testOptions())
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				x, err := b.(Bits).CallBits(context.Background(), []uint64{uint64(g), uint64(i)})
				if err != nil || x != uint64(g*i) {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// TestExecNoLeaks: after Close (also during a hanging call, and after
// timeouts and crashes) no process and no goroutine is left.
func TestExecNoLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	opts := testOptions()
	short := opts
	short.CallTimeout = shortTimeout
	ctx := context.Background()
	var pids []int
	func() {
		hang := helperBox(t, decl("hang", bv(8), bv(8)), short)
		die := helperBox(t, decl("die", bv(8), bv(8)), opts)
		for i := 0; i < 2; i++ {
			hang.(Bits).CallBits(ctx, []uint64{1})
			die.(Bits).CallBits(ctx, []uint64{1})
		}
		hang.(Bits).CallBits(ctx, []uint64{0})
		die.(Bits).CallBits(ctx, []uint64{0})
		pids = append(pids, execOf(hang).p.Pid, execOf(die).p.Pid)

		// Close during a hanging call ends the call at once.
		slow := opts
		slow.CallTimeout = time.Minute
		h2 := helperBox(t, decl("hang", bv(8), bv(8)), slow)
		pids = append(pids, execOf(h2).p.Pid)
		done := make(chan error)
		go func() {
			_, err := h2.(Bits).CallBits(ctx, []uint64{1})
			done <- err
		}()
		time.Sleep(100 * time.Millisecond)
		h2.Close()
		select {
		case err := <-done:
			wantKind(t, err, Closed)
		case <-time.After(30 * time.Second): // a hang, not a slow machine
			t.Fatal("Close did not end the call")
		}
		hang.Close()
		die.Close()
		_, err := hang.(Bits).CallBits(ctx, []uint64{0})
		wantKind(t, err, Closed)
	}()
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("process %d still exists after Close (kill 0: %v)", pid, err)
		}
	}
	waitGoroutines(t, before)
}

// TestExecSet: an exec box in a Set; a timeout is cached as a fact.
func TestExecSet(t *testing.T) {
	opts := testOptions()
	opts.CallTimeout = shortTimeout
	f := decl("hang", bv(8), bv(8))
	s := NewSet(opts)
	s.Add(helperBox(t, f, opts))
	defer s.Close()
	for i := 0; i < 3; i++ {
		_, err := s.Call(f, []uint64{1})
		wantKind(t, err, Timeout)
	}
	st := s.Stats() // one run, two hits: the timeout is cached (no clock: the hang's wall limit is ExecWallFactor × the call's)
	if st.Hits != 2 || st.Errors[Timeout] != 3 {
		t.Fatalf("stats %+v", st)
	}
	if x, err := s.Call(f, []uint64{7}); err != nil || x != 7 {
		t.Fatalf("hang 7 = %d, %v", x, err)
	}
}

// TestExecCallLimitIsTreeCPU: an exec box's call limit (--cb-timeout) is
// CPU time of the box's process tree, with Options.CallWall of wall time
// as the safety limit (issue 26, class C): a box that burns CPU is cut by
// the CPU limit (the wall limit far), one that sleeps by the wall limit
// (the CPU limit far). The reason is checked, not the clock.
func TestExecCallLimitIsTreeCPU(t *testing.T) {
	for _, c := range []struct {
		name        string
		limit, wall time.Duration
		want        string
	}{
		{"burn", shortTimeout, 5 * time.Minute, "within 700ms of CPU time"},
		{"hang", 5 * time.Minute, shortTimeout, "within 700ms of wall time (the safety limit"},
	} {
		opts := testOptions()
		opts.CallTimeout, opts.CallWall = c.limit, c.wall
		b := helperBox(t, decl(c.name, bv(8), bv(8)), opts)
		_, err := b.(Bits).CallBits(context.Background(), []uint64{1})
		wantKind(t, err, Timeout, c.want)
		if x, err := b.(Bits).CallBits(context.Background(), []uint64{2}); err != nil || x != 2 {
			t.Fatalf("%s after a timeout: %d, %v", c.name, x, err)
		}
	}
}
