package satfuzz

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/satfuzz/trace"
)

// sat4jNPE is a serve-mode driver's output for a NullPointerException
// thrown at frame (the stack trace as comment lines).
func sat4jNPE(frame string) []byte {
	return []byte("s SATISFIABLE\nx java.lang.NullPointerException: Cannot read field \"x\" because \"<local4>\" is null\n" +
		"c java.lang.NullPointerException: Cannot read field \"x\" because \"<local4>\" is null\n" +
		"c \tat java.base/java.util.Objects.requireNonNull(Objects.java:209)\n" +
		"c \tat org.sat4j.minisat.core.Solver." + frame + "(Solver.java:1234)\n" +
		"c \tat org.sat4j.minisat.core.Solver.search(Solver.java:1712)\n" +
		"c \tat org.sat4j.minisat.core.Solver.isSatisfiable(Solver.java:2061)\n" +
		"c \tat Driver.call(Driver.java:262)\n")
}

// goPanic is debug.Stack's output for a panic in gophersat at frame.
func goPanic(frame string) []byte {
	return []byte("goroutine 7 [running]:\nruntime/debug.Stack()\n\t/usr/lib/go/src/runtime/debug/stack.go:26 +0x5e\n" +
		"tandem/satfuzz.(*Gophersat).Run.func1()\n\t/src/satfuzz/gophersat.go:66 +0x65\n" +
		"panic({0x6b2f40?, 0xc000014180?})\n\t/usr/lib/go/src/runtime/panic.go:785 +0x132\n" +
		"github.com/crillab/gophersat/solver.(*Solver)." + frame + "(0xc0001a4000, 0x3)\n\t/home/u/go/pkg/mod/github.com/crillab/gophersat@v1.4.0/solver/solver.go:512 +0x2d5\n" +
		"github.com/crillab/gophersat/solver.(*Solver).search(0xc0001a4000)\n\t/home/u/.../solver.go:601 +0x1a\n" +
		"tandem/satfuzz.(*Gophersat).Run(0x0, {0x7a1f28, 0xc00002a0a0}, 0xc000180000, {0x2540be400, 0x80000000})\n\t/src/satfuzz/gophersat.go:120 +0x5b1\n")
}

// One crash under six fuzzed option sets is one bug: the signature is the
// exception type and the solver's top frames, not the options; a crash in
// another method is another bug. Checked for a Sat4j exception and a Go
// panic in gophersat.
func TestCrashSignatureIgnoresOptions(t *testing.T) {
	sys, err := NewSystem([]byte(`{"target":"tandem","generator":{"OptionsFuzz":true}}`))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	sigs := func(out []byte, errMsg string) map[string]string {
		got := map[string]string{}
		for i := 0; i < 6; i++ {
			tr := Generate(r, TandemOptions, Options{OptionsFuzz: true})
			res := &Result{Error: errMsg, Output: out}
			for _, f := range sys.findings(tr, res, Check(context.Background(), tr, &Result{Error: errMsg, Output: out})) {
				if f.Class == campaign.Crash {
					got[campaign.Signature(SystemName, &f)] = f.Message
				}
			}
		}
		return got
	}
	for _, c := range []struct {
		name       string
		out, other []byte
		err, want  string
	}{
		{"sat4j", sat4jNPE("analyze"), sat4jNPE("propagate"), "java.lang.NullPointerException: Cannot read field \"x\" because \"<local4>\" is null",
			"error: java.lang.NullPointerException at Solver.analyze < Solver.search < Solver.isSatisfiable"},
		{"gophersat", goPanic("propagate"), goPanic("backtrack"), "panic: runtime error: index out of range [5] with length 3",
			"error: panic: runtime error: index out of range [5] with length 3 at solver.(*Solver).propagate < solver.(*Solver).search"},
	} {
		one := sigs(c.out, c.err)
		if len(one) != 1 {
			t.Errorf("%s: one crash under 6 option sets has %d signatures: %v", c.name, len(one), one)
		}
		for _, m := range one {
			if m != c.want {
				t.Errorf("%s: message %q, want %q", c.name, m, c.want)
			}
		}
		two := sigs(c.other, c.err)
		for s := range two {
			if _, ok := one[s]; ok {
				t.Errorf("%s: crashes in two methods share signature %s", c.name, s)
			}
		}
	}
	if got := crashKind(`exit 1: Exception in thread "main" java.lang.IllegalStateException: restarts=12`); got != "exit 1: java.lang.IllegalStateException" {
		t.Errorf("crashKind = %q", got)
	}
}

// The in-process targets report the CPU time of their solving thread, and
// the campaign counts it as solver CPU inside tandem's process.
func TestInProcessCPU(t *testing.T) {
	for _, target := range []string{"tandem", "gophersat"} {
		sys, err := NewSystem([]byte(`{"target":"` + target + `"}`))
		if err != nil {
			t.Fatal(err)
		}
		var total campaign.Stats
		for i := uint64(0); i < 40 && total.SolverCPU == 0; i++ {
			_, st, err := sys.Iterate(context.Background(), campaign.NewIteration(1, i))
			if err != nil {
				t.Fatal(err)
			}
			total.Add(st)
		}
		if total.SolverCPU <= 0 || total.InProcessCPU != total.SolverCPU {
			t.Errorf("%s: solver CPU %v, in process %v: want equal and positive", target, total.SolverCPU, total.InProcessCPU)
		}
	}
}

// A warm JVM's CPU time is its traces': the first trace's share includes
// the JVM's start, every later one is counted, and nothing is in process.
func TestSat4jPoolCPU(t *testing.T) {
	requireJava(t)
	tg, err := NewTarget("sat4j")
	if err != nil {
		t.Fatal(err)
	}
	defer tg.(*Sat4j).Close()
	tr, err := trace.Parse([]byte(smallTrace))
	if err != nil {
		t.Fatal(err)
	}
	first := runOn(t, tg, tr, Limits{})
	if first.CPU <= 0 || first.InProcess {
		t.Fatalf("first trace: CPU %v, in process %v (the JVM's start must count)", first.CPU, first.InProcess)
	}
}

// cpuWatch stops a run once the CPU time it reads passes the limit, or
// once the wall clock passes WallFactor × the limit, and not otherwise.
func TestCPUWatch(t *testing.T) {
	// CPU: each read reports 1 s more; the limit is 3 s.
	var mu sync.Mutex
	var reads time.Duration
	used := func() (time.Duration, error) {
		mu.Lock()
		defer mu.Unlock()
		reads += time.Second
		return reads, nil
	}
	stopped := make(chan struct{})
	end := cpuWatch(3*time.Second, used, func() { close(stopped) })
	<-stopped
	if !end() {
		t.Fatal("the watch stopped the run but does not say so")
	}
	// Wall clock: no CPU used, a limit of 1 ns, so 10 ns of wall time.
	stopped = make(chan struct{})
	end = cpuWatch(time.Nanosecond, func() (time.Duration, error) { return 0, nil }, func() { close(stopped) })
	<-stopped
	if !end() {
		t.Fatal("the wall-clock bound does not say it fired")
	}
	// Ended before the limit: stop is never called.
	end = cpuWatch(time.Hour, func() (time.Duration, error) { return 0, nil }, func() { t.Error("stopped") })
	if end() {
		t.Fatal("a watch ended early says it fired")
	}
}
