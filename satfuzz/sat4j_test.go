package satfuzz

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/satfuzz/trace"
)

func TestSat4jTarget(t *testing.T) {
	testutil.RequireBinary(t, "javac")
	testutil.RequireBinary(t, "java")
	if ps := run(t, "sat4j", smallTrace); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	if ps := run(t, "sat4j", "init\noption solver=Glucose21\nnewVar 5\naddClause 1 2\naddClause -1\nenumerating\n"); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
}

// TestSat4jKnownBugs replays the reduced traces of the Sat4j 2.3.5 bugs the
// campaigns found (docs/satfuzz.md); they are logged, not failed, when a
// fixed Sat4j no longer shows them.
func TestSat4jKnownBugs(t *testing.T) {
	testutil.RequireBinary(t, "javac")
	testutil.RequireBinary(t, "java")
	for _, c := range []struct{ trace, want string }{
		{"1 init\n221 addClause -2 1\n256 addClause 4\n261 assuming 3 2 -3\n263 failed\n", "the failed assumptions are satisfiable with the clauses"},
		{"1 init\n7 addClause -1\n8 enumerating\n", "error: java.lang.UnsupportedOperationException"},
		{"1 init\n484 addClause -2 1\n809 addClause -1\n963 addClause 2\n1107 assuming -3\n1109 failed\n", "error: java.lang.NullPointerException"},
		// The 30-minute campaign: the thesis' #181 (DB simplification) in
		// both its forms, and the unit blocking clause with Best17.
		{"1 init\n8 option dbSimplification=true\n19 addClause 1 2\n384 addClause -2\n399 solve\n679 addClause -1\n1254 solve\n1255 model\n", "the model does not satisfy a clause"},
		{"1 init\n4 option dbSimplification=true\n9 addClause 1 -2\n15 addClause 2\n17 enumerating\n", "model count of the external enumerator is wrong"},
		{"1 init\n2 option solver=Best17\n16 addClause -1\n17 enumerating\n", "error: java.lang.AssertionError"},
		// Best17 with restarts after every conflict and random walk answers
		// unsat on satisfiable clauses (242 clauses, two solves; the
		// reduction's fixed point).
		{testdata(t, "sat4j-best17-unsat.trace"), "unsat, but the clauses and assumptions have a model"},
	} {
		ps := run(t, "sat4j", c.trace)
		if len(ps) == 0 || !strings.HasPrefix(ps[0].Message, c.want) {
			t.Logf("no longer shows %q: %+v", c.want, ps)
		}
	}
}

func testdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// requireJava skips (fails in CI) without a JDK.
func requireJava(t *testing.T) {
	t.Helper()
	testutil.RequireBinary(t, "javac")
	testutil.RequireBinary(t, "java")
}

func mustParse(t *testing.T, s string) *trace.Trace {
	t.Helper()
	tr, err := trace.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// runOn runs a trace on tg and fails the test when Run cannot run it.
func runOn(t *testing.T, tg Target, tr *trace.Trace, lim Limits) *Result {
	t.Helper()
	res, err := tg.Run(context.Background(), tr, lim)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// onlyPool is the pool of a Sat4j target that used one java command line.
func onlyPool(t *testing.T, j *Sat4j) *jvmPool {
	t.Helper()
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.pools) != 1 {
		t.Fatalf("%d pools, want 1", len(j.pools))
	}
	for _, p := range j.pools {
		return p
	}
	return nil
}

// idlePids lists the pool's idle processes.
func idlePids(pl *jvmPool) []int {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	var ps []int
	for _, p := range pl.idle {
		ps = append(ps, p.Pid)
	}
	return ps
}

// TestSat4jServe runs traces one after another on one warm JVM: answers as
// in a fresh JVM, an exception with its stack trace as comment lines and
// the rest of its trace skipped, and every trace from fresh state (options,
// clauses, a trivially unsatisfiable formula do not leak into the next).
func TestSat4jServe(t *testing.T) {
	requireJava(t)
	j := &Sat4j{}
	defer j.Close()
	if ps := Check(context.Background(), mustParse(t, smallTrace), runOn(t, j, mustParse(t, smallTrace), Limits{})); len(ps) != 0 {
		t.Fatalf("problems on a correct run: %+v", ps)
	}
	pl := onlyPool(t, j)
	pids := idlePids(pl)
	if len(pids) != 1 {
		t.Fatalf("idle JVMs %v, want one", pids)
	}

	// The known exception, with calls after it that must be skipped.
	exc := mustParse(t, "init\noption phase=PositiveLiteralSelectionStrategy\naddClause -1\nenumerating\n")
	// Calls after enumerating do not parse, but the driver must skip them.
	exc.Calls = append(exc.Calls, trace.Call{Op: trace.Solve}, trace.Call{Op: trace.Model})
	res := runOn(t, j, exc, Limits{})
	if !strings.HasPrefix(res.Error, "java.lang.UnsupportedOperationException") || len(res.Answers) != 3 || res.Crash != "" {
		t.Fatalf("exception trace: error %q, %d answers, crash %q\n%s", res.Error, len(res.Answers), res.Crash, res.Output)
	}
	if !bytes.Contains(res.Output, []byte("\nc \tat org.sat4j.")) {
		t.Errorf("no stack trace in the output:\n%s", res.Output)
	}
	if bytes.Contains(res.Output, []byte("s ")) {
		t.Errorf("the calls after the exception were answered:\n%s", res.Output)
	}

	// An unsatisfiable trace, then one that is satisfiable only when its
	// predecessor's clauses and options are gone.
	unsat := mustParse(t, "init\noption solver=MiniSATHeap\nnewVar 3\naddClause 1\naddClause -1\nsolve\n")
	if res := runOn(t, j, unsat, Limits{}); len(res.Answers) != 6 || res.Answers[5].Status != Unsat {
		t.Fatalf("unsat trace: %+v", res)
	}
	next := mustParse(t, "init\nnewVar 2\naddClause 1 2\nsolve\nmodel\nenumerating\n")
	res = runOn(t, j, next, Limits{})
	if ps := Check(context.Background(), next, res); len(ps) != 0 || res.Error != "" {
		t.Fatalf("the trace after others: %+v, %+v\n%s", ps, res, res.Output)
	}
	if len(res.Answers) != 6 || res.Answers[3].Status != Sat || fmt.Sprint(res.Answers[5].Counts) != "[{internal 3} {external 3}]" {
		t.Fatalf("state leaked from the earlier traces: %+v", res.Answers)
	}
	if got := idlePids(pl); len(got) != 1 || got[0] != pids[0] {
		t.Fatalf("idle JVMs %v after four traces, want the first one, %v", got, pids)
	}
	if !slices.Equal(res.Command[len(res.Command)-2:], []string{"Driver", "serve"}) {
		t.Errorf("command %q", res.Command)
	}
}

// pigeonhole is the trace of n+1 pigeons in n holes, solved once.
func pigeonhole(n int) *trace.Trace {
	v := func(p, h int) int { return p*n + h + 1 }
	var b strings.Builder
	fmt.Fprintf(&b, "init\nnewVar %d\n", (n+1)*n)
	for p := 0; p <= n; p++ {
		b.WriteString("addClause")
		for h := 0; h < n; h++ {
			fmt.Fprintf(&b, " %d", v(p, h))
		}
		b.WriteString("\n")
	}
	for h := 0; h < n; h++ {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				fmt.Fprintf(&b, "addClause %d %d\n", -v(p, h), -v(q, h))
			}
		}
	}
	b.WriteString("solve\n")
	tr, err := trace.Parse([]byte(b.String()))
	if err != nil {
		panic(err)
	}
	return tr
}

// alive says whether pid is a process that has not been reaped.
func alive(pid int) bool {
	_, err := os.Stat(fmt.Sprintf("/proc/%d", pid))
	return err == nil
}

// TestSat4jServeLimits: a trace over its time limit kills its JVM and the
// next trace runs on a new one; a heap exhaustion is a memory-out that ends
// the JVM (exit status 3) without a finding; a JVM is recycled after its
// quota of traces.
func TestSat4jServeLimits(t *testing.T) {
	requireJava(t)
	j := &Sat4j{}
	defer j.Close()
	small := mustParse(t, smallTrace)
	runOn(t, j, small, Limits{})
	pl := onlyPool(t, j)
	first := idlePids(pl)[0]

	start := time.Now()
	res := runOn(t, j, pigeonhole(11), Limits{Time: time.Second})
	if !res.Timeout || res.Error != "" || res.Crash != "" {
		t.Fatalf("pigeonhole 12/11 in 1s: %+v\n%s", res, res.Output)
	}
	// The limit is on CPU time, bounded at WallFactor × it of wall time:
	// only a hang fails here (a loaded machine stretches the wall time).
	if d := time.Since(start); d > WallFactor*time.Second+time.Minute {
		t.Errorf("the timeout took %v", d)
	}
	if alive(first) {
		t.Errorf("the JVM %d lives on after its timeout", first)
	}
	if ps := Check(context.Background(), small, runOn(t, j, small, Limits{})); len(ps) != 0 {
		t.Fatalf("after a timeout: %+v", ps)
	}
	second := idlePids(pl)
	if len(second) != 1 || second[0] == first {
		t.Fatalf("idle JVMs %v after a timeout of %d", second, first)
	}

	// -Xmx16m: Sat4j's arrays for a million variables do not fit.
	oom := mustParse(t, "init\nnewVar 1000000\nsolve\n")
	memLim := Limits{Memory: 64 << 20}
	res = runOn(t, j, oom, memLim)
	if !res.Memout || res.Error != "" || res.Crash != "" {
		t.Fatalf("heap exhaustion: %+v\n%s", res, res.Output)
	}
	if ps := Check(context.Background(), small, runOn(t, j, small, memLim)); len(ps) != 0 {
		t.Fatalf("after a memory-out: %+v", ps)
	}

	// The JVM of second has run one trace: it runs one more, is recycled,
	// and a new one runs the next two.
	pl.recycle = 2
	var seen [][]int
	for range 3 {
		runOn(t, j, small, Limits{})
		seen = append(seen, idlePids(pl))
	}
	if len(seen[0]) != 0 || len(seen[1]) != 1 || seen[1][0] == second[0] || len(seen[2]) != 0 {
		t.Fatalf("idle JVMs after each run %v (the JVM before: %d), want [] [new] []", seen, second[0])
	}
}

// TestSat4jServeMatchesFresh runs 50 generated traces (options fuzzed) on
// warm JVMs and on one fresh JVM per trace: the answers and errors must be
// the same, as a warm JVM must not carry state from one trace to the next.
func TestSat4jServeMatchesFresh(t *testing.T) {
	requireJava(t)
	const n = 50
	opts := Options{MinVars: 10, MaxVars: 60, MaxIncrements: 3, OptionsFuzz: true}
	traces := make([]*trace.Trace, n)
	for i := range traces {
		traces[i] = Generate(rand.New(rand.NewPCG(uint64(i), 77)), Sat4jOptions, opts)
	}
	lim := Limits{Time: 3 * time.Second}
	warm := &Sat4j{}
	defer warm.Close()
	served := make([]*Result, n)
	for i, tr := range traces {
		served[i] = runOn(t, warm, tr, lim)
	}
	if pl := onlyPool(t, warm); len(idlePids(pl)) != 1 {
		t.Errorf("idle JVMs %v after sequential runs, want one", idlePids(pl))
	}
	fresh := make([]*Result, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res, err := (&Sat4j{Fresh: true}).Run(context.Background(), traces[i], lim)
				if err != nil {
					res = &Result{Crash: "Run: " + err.Error()}
				}
				fresh[i] = res
			}
		}()
	}
	for i := range traces {
		next <- i
	}
	close(next)
	wg.Wait()
	errs := 0
	for i := range traces {
		s, f := served[i], fresh[i]
		if s.Timeout || f.Timeout {
			t.Logf("trace %d: timeout (served %v, fresh %v), options %v", i, s.Timeout, f.Timeout, traces[i].Options())
			continue
		}
		if s.Error != "" {
			errs++
		}
		if !reflect.DeepEqual(s.Answers, f.Answers) || s.Error != f.Error || s.Crash != f.Crash || s.Memout != f.Memout {
			t.Errorf("trace %d differs:\nserved: %d answers, error %q, crash %q, memout %v\nfresh:  %d answers, error %q, crash %q, memout %v\n%s",
				i, len(s.Answers), s.Error, s.Crash, s.Memout, len(f.Answers), f.Error, f.Crash, f.Memout, traces[i].Bytes())
		}
	}
	t.Logf("%d traces, %d with an exception", n, errs)
}

// TestSat4jCloseEndsJVMs runs traces concurrently (one JVM each) and
// closes the targets: no java process of this test process is left.
func TestSat4jCloseEndsJVMs(t *testing.T) {
	requireJava(t)
	j := &Sat4j{}
	small := mustParse(t, smallTrace)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				if res, err := j.Run(context.Background(), small, Limits{}); err != nil || res.Error != "" {
					t.Errorf("%v %+v", err, res)
				}
			}
		}()
	}
	wg.Wait()
	pids := idlePids(onlyPool(t, j))
	if len(pids) == 0 || len(pids) > 2 {
		t.Fatalf("idle JVMs %v after two concurrent workers", pids)
	}
	var sys System
	sys.target = j
	if err := sys.Close(); err != nil {
		t.Fatal(err)
	}
	for _, pid := range pids {
		if alive(pid) {
			t.Errorf("JVM %d lives on after Close", pid)
		}
	}
	if len(idlePids(onlyPool(t, j))) != 0 {
		t.Error("idle JVMs after Close")
	}
	// The targets of other tests too (the run helper leaves its JVMs idle).
	CloseTargets()
	if kids := javaChildren(t); len(kids) != 0 {
		t.Errorf("java children left after CloseTargets: %v", kids)
	}
	// A closed target runs again, on a new JVM.
	if ps := Check(context.Background(), small, runOn(t, j, small, Limits{})); len(ps) != 0 {
		t.Fatal(ps)
	}
	j.Close()
	if kids := javaChildren(t); len(kids) != 0 {
		t.Errorf("java children left after the second Close: %v", kids)
	}
}

// javaChildren lists the java processes whose parent is this process.
func javaChildren(t *testing.T) []int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc:", err)
	}
	var kids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(st)
		i := strings.LastIndexByte(s, ')')
		if i < 0 || !strings.Contains(s[:i], "(java") {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(os.Getpid()) {
			kids = append(kids, pid)
		}
	}
	return kids
}

// TestSat4jServeStartError: a driver that cannot start is an error of Run
// (the target cannot run), with the JVM's complaint, not a finding.
func TestSat4jServeStartError(t *testing.T) {
	requireJava(t)
	pl := newJVMPool([]string{"java", "-cp", t.TempDir(), "Driver", "serve"})
	defer pl.Close()
	_, err := pl.run(context.Background(), mustParse(t, smallTrace), 10*time.Second)
	if err == nil || !strings.Contains(err.Error(), "did not start: exit 1") || !strings.Contains(err.Error(), "Driver") {
		t.Fatalf("error %v", err)
	}
}
