package cbsolve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// loopWasm is a WebAssembly module whose export f (i32) -> i32 loops
// forever: (func (param i32) (result i32) (loop (br 0)) unreachable).
var loopWasm = []byte{
	0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
	0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f, // type: (i32) -> i32
	0x03, 0x02, 0x01, 0x00, // function 0 has type 0
	0x07, 0x05, 0x01, 0x01, 'f', 0x00, 0x00, // export "f" = function 0
	0x0a, 0x0a, 0x01, 0x08, 0x00, 0x03, 0x40, 0x0c, 0x00, 0x0b, 0x00, 0x0b,
}

// loopFormula calls f, which never answers, in the closed-box part and
// has a theory part the SMT engine solves at once.
const loopFormula = `
(declare-cb f ((_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (= (f x) #x00001234))
(assert (bvugt y x))
(check-sat)
`

// loopingBox opens a box for f that never answers, of the given kind. The
// Go box blocks instead of spinning, so that the goroutine it leaves
// behind costs no CPU for the rest of the tests.
func loopingBox(t *testing.T, kind string, f *smt.Func, o cbox.Options) cbox.Box {
	t.Helper()
	switch kind {
	case "wasm":
		b, err := cbox.NewWasm(context.Background(), loopWasm, "f", f, o)
		if err != nil {
			t.Fatal(err)
		}
		return b
	case "exec":
		testutil.RequireBinary(t, "sleep")
		b, err := cbox.OpenExec(context.Background(), []string{"sleep", "1000"}, f, o)
		if err != nil {
			t.Fatal(err)
		}
		return b
	case "go":
		stop := make(chan struct{})
		t.Cleanup(func() { close(stop) })
		return cbox.GoBits(f, func([]uint64) (uint64, error) { <-stop; return 0, nil })
	}
	t.Fatalf("unknown box kind %s", kind)
	return nil
}

// TestLoopingBoxHonoursLimits is issue 25's first item: a closed box that
// never answers held "tandem solve --timeout 5s" for 126 s and ignored
// Ctrl-C. For every box kind and mode, the solve must end with unknown
// soon after its timeout, and soon after its context is cancelled. The
// bounds are generous (a minute); the overshoot is logged, and measured in
// bench/cb/README.md.
func TestLoopingBoxHonoursLimits(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	for _, kind := range []string{"wasm", "exec", "go"} {
		for _, mode := range []Mode{CDFL, FuzzOnly, ActiveLearning} {
			for _, how := range []string{"timeout", "cancel"} {
				t.Run(kind+"/"+mode.String()+"/"+how, func(t *testing.T) {
					sc := parse(t, loopFormula)
					o := cbox.Options{CallTimeout: time.Second}
					set := cbox.NewSet(o)
					t.Cleanup(func() { set.Close() })
					set.Add(loopingBox(t, kind, ClosedBoxes(sc)[0], o))
					opts := Options{Mode: mode, Timeout: 2 * time.Second, Seed: 1}
					ctx, cancel := context.WithCancel(context.Background())
					defer cancel()
					if how == "cancel" {
						opts.Timeout = time.Hour
						time.AfterFunc(500*time.Millisecond, cancel)
					}
					res, took := solveWithin(t, ctx, sc, set, opts, time.Minute)
					if res.Status != Unknown {
						t.Fatalf("%s (%s), want unknown", res.Status, res.Reason)
					}
					t.Logf("unknown (%s) after %v", res.Reason, took.Round(time.Millisecond))
				})
			}
		}
	}
}

// solveWithin runs Solve and fails the test when it has not returned
// within bound (a watchdog far above any honest overshoot, not a timing
// assertion).
func solveWithin(t *testing.T, ctx context.Context, sc *smtlib.Script, set *cbox.Set, opts Options, bound time.Duration) (*Result, time.Duration) {
	t.Helper()
	type out struct {
		res *Result
		err error
	}
	ch := make(chan out, 1)
	start := time.Now()
	go func() {
		r, err := Solve(ctx, sc, set, nil, opts)
		ch <- out{r, err}
	}()
	select {
	case o := <-ch:
		if o.err != nil {
			t.Fatal(o.err)
		}
		return o.res, time.Since(start)
	case <-time.After(bound):
		t.Fatalf("Solve has not returned %v after its start (timeout %v)", bound, opts.Timeout)
	}
	return nil, 0
}

// hangingSolver writes a profiles file with a solver "hang" that answers
// success to every command and never answers check-sat, and points
// $TANDEM_SOLVERS at it.
func hangingSolver(t *testing.T) {
	t.Helper()
	testutil.RequireBinary(t, "sh")
	dir := t.TempDir()
	script := filepath.Join(dir, "hang.sh")
	src := `#!/bin/sh
while IFS= read -r line; do
	case "$line" in
	"(check-sat"*) exec sleep 1000 ;;
	esac
	echo success
done
`
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "solvers.toml")
	toml := "[solver.hang]\nbinary = \"" + script + "\"\ninteractive_args = [\"-in\"]\n"
	if err := os.WriteFile(prof, []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TANDEM_SOLVERS", prof)
}

// TestSMTTimeoutsGoOn: the SMT engine's checks are bounded by
// SMTCallTimeout (it was a fixed 10 s), and a pre-check that runs out of
// time no longer ends the solve: the loop fuzzes. The engine is a fake
// solver that never answers check-sat, found through $TANDEM_SOLVERS as
// "tandem run" finds it (issue 28).
func TestSMTTimeoutsGoOn(t *testing.T) {
	hangingSolver(t)
	sc := parse(t, motivating)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"f": mul32})
	opts := Options{SMT: "hang", Timeout: 3 * time.Second, SMTCallTimeout: 200 * time.Millisecond, Probe: -1, Seed: 1, Trace: testWriter{t}}
	res, took := solveWithin(t, context.Background(), sc, set, opts, time.Minute)
	if res.Status != Unknown {
		t.Fatalf("%s (%s) with an SMT engine that never answers, want unknown", res.Status, res.Reason)
	}
	if res.Stats.SMTCalls < 3 || res.Stats.FuzzRuns == 0 {
		t.Fatalf("%d SMT checks and %d fuzz runs: after the pre-check's timeout the loop should go on with checks bounded by 200ms (%s)", res.Stats.SMTCalls, res.Stats.FuzzRuns, res.Reason)
	}
	t.Logf("unknown (%s) after %v: %d SMT checks, %d fuzz runs", res.Reason, took.Round(time.Millisecond), res.Stats.SMTCalls, res.Stats.FuzzRuns)
}

// TestUnknownSolverProfile: a --smt name that neither the built-in
// profiles nor $TANDEM_SOLVERS define is an error that says where profiles
// come from.
func TestUnknownSolverProfile(t *testing.T) {
	t.Setenv("TANDEM_SOLVERS", "")
	sc := parse(t, motivating)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"f": mul32})
	_, err := Solve(context.Background(), sc, set, nil, Options{SMT: "no-such-solver", Probe: -1, Timeout: 5 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "profiles file") {
		t.Fatalf("err = %v, want an unknown-solver error naming the profiles file", err)
	}
}

// TestDuplicateOracleDeclaration: Delphi's check_ne_bvudiv0_32bit.2
// declares its oracle twice, identically; Delphi accepts it, and so must
// solve (the engine used to get the declaration twice and fail).
func TestDuplicateOracleDeclaration(t *testing.T) {
	src := `
(declare-oracle-fun g ../bin/g ((_ BitVec 8)) (_ BitVec 8))
(declare-oracle-fun g ../bin/g ((_ BitVec 8)) (_ BitVec 8))
(declare-const x (_ BitVec 8))
(assert (= (g x) #x17))
(assert (bvugt x #x10))
(check-sat)
`
	sc := parse(t, src)
	if n := len(ClosedBoxes(sc)); n != 1 {
		t.Fatalf("ClosedBoxes: %d boxes, want 1", n)
	}
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"g": func(a []uint64) (uint64, error) { return (a[0] + 3) & 0xff, nil }})
	for _, mode := range []Mode{CDFL, ActiveLearning} {
		var trace strings.Builder
		res := solveIt(t, sc, set, Options{Mode: mode, Probe: -1, FuzzEvals: 20000, Seed: 1, Trace: &trace})
		checkSat(t, sc, set, res)
		// The exact script (the input formula, g a define-fun of its
		// table) defines g once, or z3 rejects it.
		if mode == CDFL && !strings.Contains(trace.String(), "exact check: sat") {
			t.Errorf("cdfl did not use the exact script:\n%s", trace.String())
		}
	}
}

// TestDeterministicSlices: with FuzzEvals the slices are counted in
// executions, so the same seed gives the same run: the same model and the
// same counts, whatever the machine's speed.
func TestDeterministicSlices(t *testing.T) {
	run := func() (*Result, string) {
		sc := parse(t, motivating)
		set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"f": mul32})
		res := solveIt(t, sc, set, Options{FuzzEvals: 20000, Seed: 7, Timeout: time.Minute})
		checkSat(t, sc, set, res)
		return res, FormatModel(sc, res.Model)
	}
	a, ma := run()
	b, mb := run()
	sa, sb := a.Stats, b.Stats
	if sa.FuzzEvals != sb.FuzzEvals || sa.Iterations != sb.Iterations || sa.SMTCalls != sb.SMTCalls || sa.PartialModels != sb.PartialModels {
		t.Fatalf("two runs with seed 7 differ: %d/%d executions, %d/%d iterations, %d/%d SMT calls, %d/%d partial models",
			sa.FuzzEvals, sb.FuzzEvals, sa.Iterations, sb.Iterations, sa.SMTCalls, sb.SMTCalls, sa.PartialModels, sb.PartialModels)
	}
	if ma != mb {
		t.Fatalf("two runs with seed 7 found different models:\n%s\n%s", ma, mb)
	}
}

// testWriter sends a trace to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(b), "\n"))
	return len(b), nil
}

// crcNonlinear is issue 25's CRC case: a CRC-8 of a 16-bit input compared
// with a constant, next to a nonlinear side condition on the same input
// that a fuzzer cannot solve (k = T / d over 64 bits) and z3 can.
const crcNonlinear = `
(declare-cb crc ((_ BitVec 16)) (_ BitVec 8))
(declare-const s (_ BitVec 16))
(declare-const k (_ BitVec 64))
(assert (= (crc s) #x5a))
(assert (= (bvmul ((_ zero_extend 48) s) k) #x2911d8bf3e6bc26b))
(assert (bvugt k #x0000000080000000))
(check-sat)
`

func crc8of16(a []uint64) (uint64, error) {
	crc := uint64(0)
	for i := 0; i < 2; i++ {
		crc ^= a[0] >> (8 * i) & 0xff
		for j := 0; j < 8; j++ {
			if crc&0x80 != 0 {
				crc = (crc<<1 ^ 0x07) & 0xff
			} else {
				crc = crc << 1 & 0xff
			}
		}
	}
	return crc, nil
}

// TestNonlinearStaysOnSMTSide: both modes answer sat on the CRC case with
// a nonlinear side condition (the issue's own instance is not in the
// repository; this one is solved by the old loop too, and guards the new
// one). TestDemote checks the mechanism itself.
func TestNonlinearStaysOnSMTSide(t *testing.T) {
	for _, mode := range []Mode{CDFL, ActiveLearning} {
		t.Run(mode.String(), func(t *testing.T) {
			sc := parse(t, crcNonlinear)
			set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"crc": crc8of16})
			res := solveIt(t, sc, set, Options{Mode: mode, Seed: 1, Timeout: time.Minute})
			checkSat(t, sc, set, res)
			t.Logf("%s: sat in %v, %d iterations, %d learning steps, %d facts", mode, res.Stats.Time.Round(time.Millisecond), res.Stats.Iterations, res.Stats.LearnSteps, res.Stats.Facts)
		})
	}
}

// TestDemote: when a fuzz slice runs out, nonlinear constraints that read
// no closed box leave ω_fuzz for good (a later conflict cannot bring them
// back); constraints on a box's output, and linear ones, stay.
func TestDemote(t *testing.T) {
	sc := parse(t, crcNonlinear)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"crc": crc8of16})
	p, err := segregate(sc, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{}.withDefaults()
	z := newFuzzEngine(p, set.WithContext(context.Background()), &opts, &Stats{})
	if n := z.add(p.pure); n != 3 {
		t.Fatalf("%d of the 3 assertions in ω_fuzz", n)
	}
	if n := z.demote(); n != 1 {
		t.Fatalf("demote moved %d constraints, want 1 (the product)", n)
	}
	for _, c := range z.cons {
		if nonlinear(c) {
			t.Fatalf("%v stayed in ω_fuzz", c)
		}
	}
	if n := z.add(p.pure); n != 0 {
		t.Fatalf("a conflict brought %d demoted constraints back", n)
	}
}
