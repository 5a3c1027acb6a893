package satfuzz

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/satfuzz/trace"
)

func TestGeneratorDistributions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var enum, traces, incs, solves int
	lens := map[int]int{}
	var clauses, uniformClauses int
	for i := 0; i < 2000; i++ {
		tr := Generate(r, nil, Options{})
		traces++
		if tr.Calls[len(tr.Calls)-1].Op == trace.Enumerating {
			enum++
			if mv := tr.MaxVar(); mv < 1 || mv > 20 {
				t.Fatalf("enumeration with %d variables", mv)
			}
			continue
		}
		first := 0
		uniform := true
		for _, c := range tr.Calls {
			switch c.Op {
			case trace.NewVar:
				incs++
				if first == 0 {
					first = c.N
					if c.N < 20 || c.N > 200 {
						t.Fatalf("MAXVAR %d outside 20..200", c.N)
					}
				}
			case trace.AddClause:
				lens[len(c.Lits)]++
				clauses++
				if len(c.Lits) != 3 {
					uniform = false
				}
				seen := map[int]bool{}
				for _, l := range c.Lits {
					if seen[l] {
						t.Fatalf("duplicate literal in %v", c.Lits)
					}
					seen[l] = true
				}
			case trace.Assuming:
				if len(c.Lits) < first/10 {
					t.Fatalf("%d assumptions for MAXVAR %d", len(c.Lits), first)
				}
				solves++
			case trace.Solve:
				solves++
			}
		}
		if uniform {
			uniformClauses++
		}
	}
	if p := float64(enum) / float64(traces); p < 0.17 || p > 0.23 {
		t.Errorf("enumeration share %.3f, want 0.2", p)
	}
	if a := float64(incs) / float64(traces-enum); a < 2.8 || a > 3.2 {
		t.Errorf("mean increments %.2f, want 3", a)
	}
	// Power-law traces are half the non-enumeration traces; among their
	// clauses 1% units and 10% binary; uniform traces are all length 3.
	if lens[1] == 0 || lens[2] == 0 || lens[4] == 0 {
		t.Errorf("lengths %v", lens)
	}
	pl := lens[1] + lens[2] + lens[4] + lens[5] + lens[6]
	if pl == 0 || float64(lens[2])/float64(clauses) > 0.08 || float64(lens[2])/float64(clauses) < 0.02 {
		t.Errorf("binary share %v of %d", lens[2], clauses)
	}
	if solves == 0 {
		t.Fatal("no solves")
	}
}

func TestGeneratorDeterministic(t *testing.T) {
	a := Generate(rand.New(rand.NewPCG(7, 7)), TandemOptions, Options{OptionsFuzz: true})
	b := Generate(rand.New(rand.NewPCG(7, 7)), TandemOptions, Options{OptionsFuzz: true})
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("same seed, different traces")
	}
	if _, err := trace.Parse(a.Bytes()); err != nil {
		t.Fatal(err)
	}
}

func TestOptionDraws(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, m := range [][]OptionSpec{TandemOptions, CaDiCaLOptions, GophersatOptions, Sat4jOptions} {
		for _, o := range m {
			for i := 0; i < 20; i++ {
				if v := o.Draw(r); !o.Valid(v) {
					t.Fatalf("%s: drew invalid %q", o.Name, v)
				}
			}
		}
	}
}

// A trace that sets a slow option value is generated with one increment of
// at most MaxVars/SlowShrink fresh variables; the others keep the thesis'
// sizes.
func TestSlowOptionsShrinkTraces(t *testing.T) {
	model := []OptionSpec{{Name: "decision", Kind: Enum, Values: []string{"vsids", "static"}, SlowValues: []string{"static"}},
		{Name: "walk", Kind: Float, Min: 0, Max: 1, SlowFrom: 0.7}}
	var slow, fast, bigFast int
	for i := range 2000 {
		tr := Generate(rand.New(rand.NewPCG(uint64(i), 9)), model, Options{OptionsFuzz: true, EnumerateP: 1e-9})
		isSlow := false
		for _, kv := range tr.Options() {
			o, _ := lookupOption(model, kv[0])
			isSlow = isSlow || o.Slow(kv[1])
		}
		prev, incs := 0, 0
		for _, c := range tr.Calls {
			if c.IsSolve() {
				incs++
			}
			if c.Op != trace.NewVar {
				continue
			}
			fresh := c.N - prev
			prev = c.N
			switch {
			case isSlow && (fresh < 5 || fresh > 40):
				t.Fatalf("trace %d sets a slow value but has an increment of %d variables:\n%s", i, fresh, tr.Bytes())
			case !isSlow && (fresh < 20 || fresh > 200):
				t.Fatalf("trace %d: increment of %d variables", i, fresh)
			case !isSlow && fresh > 40:
				bigFast++
			}
		}
		if isSlow && incs != 1 {
			t.Fatalf("trace %d sets a slow value but has %d increments", i, incs)
		}
		if isSlow {
			slow++
		} else {
			fast++
		}
	}
	if slow < 300 || fast < 300 || bigFast == 0 {
		t.Fatalf("slow %d, fast %d traces (%d big increments)", slow, fast, bigFast)
	}
	if (OptionSpec{Name: "x", Kind: Float, Min: 0, Max: 1}).Slow("0.99") {
		t.Fatal("a spec without SlowFrom marks values slow")
	}
}

func TestCountModels(t *testing.T) {
	n, ok := CountModels(context.Background(), [][]int{{6, -2}}, 6)
	if !ok || n != 48 { // the thesis' example: 3 models over 2 used variables, ×16
		t.Fatalf("count %d %v, want 48", n, ok)
	}
	n, _ = CountModels(context.Background(), [][]int{{3}, {-7, 2, -5}, {-3, 2, 1}, {-1, -5, -3}, {-2}}, 7)
	if n != 2*2*2 { // Sat4j #175: models 1 -2 3 -5 ±7, and 4, 6 free
		t.Fatalf("count %d, want 8", n)
	}
}

func run(t *testing.T, target, tr string) []Problem {
	t.Helper()
	tg, err := NewTarget(target)
	if err != nil {
		t.Fatal(err)
	}
	p, err := trace.Parse([]byte(tr))
	if err != nil {
		t.Fatal(err)
	}
	res, err := tg.Run(context.Background(), p, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Timeout {
		t.Fatal("timeout")
	}
	return Check(context.Background(), p, res)
}

const smallTrace = `1 init
2 newVar 4
3 addClause 1 2
4 addClause -1 2
5 addClause 3 4 -2
6 solve
7 model
8 assuming -2 3
9 model
10 failed
11 addClause -3
12 assuming 4 1
13 model
14 failed
`

func TestTandemTarget(t *testing.T) {
	if ps := run(t, "tandem", smallTrace); len(ps) != 0 {
		t.Fatalf("problems on a correct run: %+v", ps)
	}
	if ps := run(t, "tandem", "init\nnewVar 3\naddClause 1 2\naddClause -1\nenumerating\n"); len(ps) != 0 {
		t.Fatalf("enumeration: %+v", ps)
	}
}

// TestPlantedBugs: each planted bug is found by a short campaign and its
// trace reduces to a few lines that still show it.
func TestPlantedBugs(t *testing.T) {
	for _, bug := range PlantedBugs {
		t.Run(bug, func(t *testing.T) {
			sys, err := NewSystem([]byte(`{"target":"tandem-bug-` + bug + `"}`))
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			var f *campaign.Finding
			for i := uint64(0); i < 200 && f == nil; i++ {
				fs, _, err := sys.Iterate(ctx, campaign.NewIteration(5, i))
				if err != nil {
					t.Fatal(err)
				}
				for k := range fs {
					if fs[k].Class != campaign.Crash { // prefer the answer-level finding
						f = &fs[k]
						break
					}
				}
			}
			if f == nil {
				t.Fatal("planted bug not found in 200 traces")
			}
			red, err := sys.Reduce(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Count(string(red), "\n")
			if lines > 12 || lines >= strings.Count(string(f.Trigger), "\n") {
				t.Fatalf("%s: reduced to %d lines:\n%s", f.Message, lines, red)
			}
			g, err := sys.Reproduce(ctx, f, red)
			if err != nil || g == nil || g.Message != f.Message {
				t.Fatalf("reduced trace does not reproduce %q: %v %v", f.Message, g, err)
			}
			if ps := run(t, "tandem", string(red)); len(ps) != 0 {
				t.Fatalf("the reduced trace fails on the correct solver too: %+v", ps)
			}
			t.Logf("%s: %d → %d lines:\n%s", f.Message, strings.Count(string(f.Trigger), "\n"), lines, red)
		})
	}
}

func TestGophersatTarget(t *testing.T) {
	if ps := run(t, "gophersat", "init\nnewVar 3\naddClause 1 2\naddClause -1 3\nsolve\nmodel\n"); len(ps) != 0 {
		t.Fatalf("%+v", ps)
	}
	// Found by the first campaign: unit clauses added with AppendClause are
	// lost by the next Assume.
	ps := run(t, "gophersat", "init\naddClause 3 2 4\naddClause -2\naddClause -5 1\nsolve\nmodel\n")
	if len(ps) == 0 || ps[0].Class != campaign.InvalidModel {
		t.Logf("gophersat's lost-unit bug no longer shows: %+v", ps)
	}
	// A panic is recovered and reported.
	ps = run(t, "gophersat", "init\nenumerating\n")
	if len(ps) == 0 || !strings.Contains(ps[0].Message, "panic") {
		t.Logf("gophersat's empty enumeration no longer panics: %+v", ps)
	}
	// Found by the 30-minute campaign: cutting-planes learning indexes a
	// buffer sized when the solver was built, so it panics (pbSet,
	// learn_pb.go:26) once AppendClause has added variables; the same
	// clauses given to New at once are solved.
	ps = run(t, "gophersat", "init\noption cuttingPlanes=true\naddClause 4 -2\naddClause 2 -5\naddClause 1 5\naddClause -4 3\naddClause -4 -3\nsolve\n")
	if len(ps) == 0 || !strings.Contains(ps[0].Message, "index out of range") {
		t.Logf("gophersat's cutting-planes panic no longer shows: %+v", ps)
	}
}

func TestParseResponses(t *testing.T) {
	tr, _ := trace.Parse([]byte("init\naddClause 1\nassuming -1\nfailed\nmodel\nenumerating\n"))
	res := &Result{}
	ParseResponses(tr, []byte("ok\nc hi\nok\ns UNSATISFIABLE\nu -1 0\nm none\nn a=1 b=2\n"), res)
	if res.Error != "" || len(res.Answers) != 6 || res.Answers[2].Status != Unsat || !res.Answers[3].Valid || res.Answers[4].Valid || len(res.Answers[5].Counts) != 2 {
		t.Fatalf("%+v", res)
	}
	res = &Result{}
	ParseResponses(tr, []byte("ok\nok\nx java.lang.NullPointerException: boom\n"), res)
	if res.Error != "java.lang.NullPointerException: boom" || len(res.Answers) != 2 {
		t.Fatalf("%+v", res)
	}
	res = &Result{}
	ParseResponses(tr, []byte("ok\ns SATISFIABLE\n"), res)
	if !strings.Contains(res.Error, "protocol") {
		t.Fatalf("%+v", res)
	}
}

// TestCheckModelAtSolve: a model answers the clauses of its solve call, not
// the ones added after it (a reduction once turned a real invalid model
// into this), and an invalid model's evidence names the clause it fails.
func TestCheckModelAtSolve(t *testing.T) {
	tr, err := trace.Parse([]byte("init\nnewVar 2\naddClause 1 2\nsolve\naddClause -1\nmodel\naddClause -2 -1\nsolve\nmodel\n"))
	if err != nil {
		t.Fatal(err)
	}
	ok := Answer{}
	res := &Result{Answers: []Answer{ok, ok, ok, {Status: Sat}, ok, {Lits: []int{1, 2}, Valid: true},
		ok, {Status: Sat}, {Lits: []int{1, 2}, Valid: true}}}
	ps := Check(context.Background(), tr, res)
	if len(ps) != 1 || ps[0].Call != 8 || ps[0].Class != campaign.InvalidModel {
		t.Fatalf("want one invalid model at call 8, got %+v", ps)
	}
	if !strings.Contains(ps[0].Details, "clause 2 of the trace, `-1`") || !strings.Contains(ps[0].Details, "the model has 1)") {
		t.Errorf("evidence does not name the falsified clause: %s", ps[0].Details)
	}
}

// Every target says which solver version it runs (for versions.txt and
// the signature); the external ones need their solver installed.
func TestTargetVersions(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "github.com/crillab/gophersat "+gophersatVersion) {
		t.Errorf("go.mod does not require gophersat %s: update gophersatVersion", gophersatVersion)
	}
	for _, name := range []string{"gophersat", "tandem", "sat4j", "cadical"} {
		switch name {
		case "sat4j":
			testutil.RequireBinary(t, "java")
		case "cadical":
			testutil.RequireBinary(t, "g++")
			testutil.RequireBinary(t, "cadical")
		}
		tg, err := NewTarget(name)
		if err != nil {
			t.Fatal(err)
		}
		v, ok := tg.(Versioned)
		if !ok {
			t.Fatalf("%s is not Versioned", name)
		}
		if got := v.Version(context.Background()); got == "" {
			t.Errorf("%s: empty version", name)
		} else {
			t.Logf("%s %s", name, got)
		}
	}
}

// Timed-out traces land in KeepTimeouts, named by iteration, and replay.
func TestKeepTimeouts(t *testing.T) {
	dir := t.TempDir()
	sys, err := NewSystem([]byte(fmt.Sprintf(`{"target":"tandem","trace_time_ns":1,"keep_timeouts":%q}`, dir)))
	if err != nil {
		t.Fatal(err)
	}
	// The CPU watch polls every 20 ms, so a fast trace can end before a
	// 1 ns limit is seen: go on (up to a bound) until one was stopped.
	timeouts := 0
	for i := uint64(0); i < 200 && (i < 5 || timeouts == 0); i++ {
		_, st, err := sys.Iterate(context.Background(), campaign.NewIteration(1, i))
		if err != nil {
			t.Fatal(err)
		}
		if st.Timeout > 0 {
			timeouts++
			b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("iteration-%d.trace", i)))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := trace.Parse(b); err != nil {
				t.Fatalf("kept trace does not parse: %v", err)
			}
		}
	}
	if timeouts == 0 {
		t.Fatal("no timeouts with a 1 ns trace limit")
	}
}

// A relative keep_timeouts (what `tandem satfuzz` stores) is inside the
// campaign directory the harness hands the system, wherever the campaign is
// resumed; without one (a replay) nothing is written.
func TestKeepTimeoutsRelative(t *testing.T) {
	cfg := []byte(`{"target":"tandem","trace_time_ns":1,"keep_timeouts":"timeouts"}`)
	// A 1 ns limit stops a trace only if the watch sees it before the
	// trace ends, which a fast trace on an idle machine can beat: iterate
	// until one was stopped (kept), up to a bound.
	timedOut := func(dir string) bool {
		kept, _ := filepath.Glob(filepath.Join(dir, "timeouts", "iteration-*.trace"))
		return len(kept) > 0
	}
	run := func(dir string) {
		sys, err := NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if dir != "" {
			sys.UseDir(dir)
		}
		for i := uint64(0); i < 200; i++ {
			_, st, err := sys.Iterate(context.Background(), campaign.NewIteration(1, i))
			if err != nil {
				t.Fatal(err)
			}
			if st.Timeout > 0 && i >= 2 {
				return
			}
		}
	}
	dir := t.TempDir()
	run(dir)
	if !timedOut(dir) {
		t.Error("no trace kept in the campaign directory's timeouts/")
	}
	t.Chdir(t.TempDir())
	run("")
	if _, err := os.Stat("timeouts"); !os.IsNotExist(err) {
		t.Errorf("a system without a campaign directory wrote timeouts/ into the working directory (%v)", err)
	}
}

// A run cut short by the campaign's context is not a trace timeout: one per
// worker at the end of every budget would otherwise count as lost to
// timeouts.
func TestCutShortIsNotTimeout(t *testing.T) {
	sys, err := NewSystem([]byte(`{"target":"tandem"}`))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, st, err := sys.Iterate(ctx, campaign.NewIteration(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	if st.Timeout != 0 || st.Counters["timeouts"] != 0 || st.Counters["timeout_wall_ms"] != 0 {
		t.Fatalf("a cancelled iteration counts as a timeout: %+v", st)
	}
}
