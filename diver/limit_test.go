package diver

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/smtlib"
	"tandem/solver"
)

// The test binary doubles as a fake solver (fakeSolver) when
// fakeModeVar is set: the solver processes DIVER starts inherit the
// test's environment.
const (
	fakeModeVar = "TANDEM_DIVER_FAKE_SOLVER"
	fakeDirVar  = "TANDEM_DIVER_FAKE_DIR"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeModeVar); mode != "" {
		os.Exit(fakeSolver(mode, os.Getenv(fakeDirVar), os.Args[1:]))
	}
	os.Exit(m.Run())
}

// fakeSeedModel is the fake solver's model of fakeSeed.
const (
	fakeSeed      = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(declare-fun y () Int)\n(assert (> x y))\n(assert (< x 10))\n(check-sat)\n"
	fakeSeedModel = "(\n  (define-fun x () Int 2)\n  (define-fun y () Int 1)\n)"
)

// fakeSolver is a solver for the limit tests. Its first one-shot run
// (the seed's model, marked by a file in dir) answers sat with
// fakeSeedModel; after that, by mode:
//   - spin: every check-sat burns CPU until the process is killed, one-shot
//     or interactive (args "-in": one response per command, print-success
//     style);
//   - slowconfirm: one-shot only; a script answers unsat at once the first
//     time and, run again (the re-verification of the candidate), only
//     after burning a second of CPU.
func fakeSolver(mode, dir string, args []string) int {
	if len(args) > 0 && args[0] == "--version" {
		fmt.Println("fake 1.0")
		return 0
	}
	if len(args) > 0 && args[0] == "-in" {
		in := bufio.NewScanner(os.Stdin)
		in.Buffer(make([]byte, 1<<20), 1<<20)
		for in.Scan() {
			line := strings.TrimSpace(in.Text())
			switch {
			case line == "":
			case strings.HasPrefix(line, "(check-sat"):
				burn(time.Hour)
			case strings.HasPrefix(line, "(get-info :name"):
				fmt.Println(`(:name "fake")`)
			default:
				fmt.Println("success")
			}
		}
		return 0
	}
	if mode == "spinseed" { // every run burns, the seed's too
		burn(time.Hour)
	}
	seeded := filepath.Join(dir, "seeded")
	if _, err := os.Stat(seeded); err != nil {
		_ = os.WriteFile(seeded, nil, 0o644)
		if strings.HasPrefix(mode, "unsat") { // the unsat oracle's fakes (unsat_test.go)
			fmt.Println("unsat")
			return 0
		}
		fmt.Println("sat")
		fmt.Println(fakeSeedModel)
		return 0
	}
	switch mode {
	case "unsatbad", "unsatgood", "unsatrefuse", "unsatselfcheck":
		return fakeUnsatSolver(mode, args)
	case "refuse": // z3 trunk on smt.string_solver=z3str3: refuses it, answers, fails its model check
		for _, a := range args {
			if a == "fake.opt=1" {
				fmt.Println(`(error "line 1 column 7: invalid parameter for fake.opt, valid options are 0")`)
				fmt.Println("sat")
				fmt.Println(`(error "line 3 column 10: an invalid model was generated")`)
				return 0
			}
		}
		fmt.Println("sat")
		fmt.Println(fakeSeedModel)
	case "refuseok": // refuses fake.opt=1, then answers sat with a good model
		if slices.Contains(args, "fake.opt=1") {
			fmt.Println(`(error "line 1 column 7: invalid parameter for fake.opt, valid options are 0")`)
		}
		fmt.Println("sat")
		fmt.Println(fakeSeedModel)
	case "refusebad": // refuses fake.opt=1, then answers sat with a model that falsifies (> x y)
		if slices.Contains(args, "fake.opt=1") {
			fmt.Println(`(error "line 1 column 7: invalid parameter for fake.opt, valid options are 0")`)
			fmt.Println("sat\n(\n  (define-fun x () Int 0)\n  (define-fun y () Int 0)\n)")
			return 0
		}
		fmt.Println("sat")
		fmt.Println(fakeSeedModel)
	case "spin":
		burn(time.Hour)
	case "slowconfirm":
		var text []byte
		var err error
		if len(args) > 0 {
			text, err = smtlib.ReadFile(args[len(args)-1], "script", smtlib.MaxScriptBytes)
		} else {
			text, err = smtlib.ReadAll(os.Stdin, "<stdin>", "script", smtlib.MaxScriptBytes)
		}
		if err != nil {
			return 1
		}
		h := fnv.New64a()
		h.Write(text)
		mark := filepath.Join(dir, fmt.Sprintf("%x", h.Sum64()))
		if _, err := os.Stat(mark); err == nil {
			burn(time.Second)
		} else {
			_ = os.WriteFile(mark, nil, 0o644)
		}
		fmt.Println("unsat")
	}
	return 0
}

// burn uses cpu of CPU time (user + system) in this process.
func burn(cpu time.Duration) {
	for {
		for x := 0; x < 1<<20; x++ {
			_ = x
		}
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil &&
			time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) >= cpu {
			return
		}
	}
}

// fakeDiver is a Diver over one fakeSeed file whose solver is this test
// binary in the given mode (one-shot, or also interactive).
func fakeDiver(t *testing.T, mode string, interactive bool, o Options) *Diver {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(fakeModeVar, mode)
	t.Setenv(fakeDirVar, dir)
	seed := filepath.Join(dir, "seed.smt2")
	if err := os.WriteFile(seed, []byte(fakeSeed), 0o644); err != nil {
		t.Fatal(err)
	}
	profiles := filepath.Join(dir, "solvers.toml")
	if err := os.WriteFile(profiles, []byte(fmt.Sprintf("[solver.fake]\nbinary = %q\n", os.Args[0])), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TANDEM_SOLVERS", profiles)
	o.Seeds, o.NoOptionFuzz, o.Solver = []string{seed}, true, "fake"
	d, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	p := d.profile.Clone()
	p.OneShotArgs = []string{solver.FilePlaceholder}
	p.ModelArgs, p.SelfCheckArgs, p.InteractiveArgs = nil, nil, nil
	if interactive {
		p.InteractiveArgs = []string{"-in"}
		p.Quirks.NoPrintSuccess = false
	}
	d.profile = p
	return d
}

// TestMutantLimit is the adaptive limit's arithmetic: clamp(F × ref,
// floor, Timeout), ref the largest answer's CPU so far (it never
// shrinks), the ceiling winning over the floor, and --fixed-timeout
// giving every mutant the whole Timeout.
func TestMutantLimit(t *testing.T) {
	o, err := Options{Timeout: 2 * time.Second}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if o.LimitFactor != DefaultLimitFactor || o.LimitFloor != DefaultLimitFloor {
		t.Fatalf("defaults: factor %v floor %v", o.LimitFactor, o.LimitFloor)
	}
	l := newMutantLimit(&o)
	ms := time.Millisecond
	for _, step := range []struct {
		answered, want time.Duration
	}{
		{0, 200 * ms},               // no answer yet: the floor
		{5 * ms, 200 * ms},          // 50 ms < floor
		{30 * ms, 300 * ms},         // 10 × 30 ms
		{10 * ms, 300 * ms},         // ref keeps the largest
		{150 * ms, 1500 * ms},       // 10 × 150 ms
		{500 * ms, time.Second * 2}, // clamped to Timeout
		{0, 2 * time.Second},
	} {
		l.answered(step.answered)
		if got := l.limit(); got != step.want {
			t.Errorf("after an answer of %v (ref %v): limit %v, want %v", step.answered, l.ref, got, step.want)
		}
	}
	if !l.cuts(1500*ms) || l.cuts(2*time.Second) {
		t.Error("a stop below Timeout must be a cut, at Timeout a timeout")
	}
	for _, c := range []struct{ d, floor, ceiling, want time.Duration }{
		{50 * ms, 200 * ms, time.Second, 200 * ms},
		{5 * time.Second, 200 * ms, time.Second, time.Second},
		{700 * ms, 200 * ms, time.Second, 700 * ms},
		{0, 200 * ms, 100 * ms, 100 * ms}, // a floor above the ceiling: the ceiling
	} {
		if got := clampLimit(c.d, c.floor, c.ceiling); got != c.want {
			t.Errorf("clampLimit(%v, %v, %v) = %v, want %v", c.d, c.floor, c.ceiling, got, c.want)
		}
	}
	o.FixedTimeout = true
	f := newMutantLimit(&o)
	for _, a := range []time.Duration{0, ms, time.Hour} {
		f.answered(a)
		if f.limit() != 2*time.Second || f.cuts(f.limit()) {
			t.Errorf("fixed: limit %v after an answer of %v, want the whole Timeout and no cut", f.limit(), a)
		}
	}
}

// TestAdaptiveLimitCuts runs mutants that never end against the fake
// solver, one-shot and in a session: under the adaptive limit each is
// stopped long before --timeout and counted as cut (DIVER's mutant_cut
// and the campaign's LimitCut), not as a timeout; with --fixed-timeout
// each runs to --timeout and is a timeout. No timing is asserted: a
// spinning mutant ends only at a limit, and which limit it was is
// counted.
func TestAdaptiveLimitCuts(t *testing.T) {
	for _, interactive := range []bool{false, true} {
		for _, fixed := range []bool{false, true} {
			name := fmt.Sprintf("interactive=%v fixed=%v", interactive, fixed)
			timeout := time.Minute // never reached: only a cut ends a mutant
			if fixed {
				timeout = 300 * time.Millisecond
			}
			d := fakeDiver(t, "spin", interactive, Options{Mutants: 2, Timeout: timeout, FixedTimeout: fixed,
				LimitFactor: 1, LimitFloor: 50 * time.Millisecond})
			var st Stats
			var cst campaign.Stats
			if _, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cut, to := int64(2), int64(0)
			if fixed {
				cut, to = 0, 2
			}
			if st.Mutants != 2 || st.MutantCut != cut || st.MutantUnknown != to || cst.LimitCut != cut || cst.Timeout != to {
				t.Errorf("%s: %d mutants, cut %d (campaign %d), timeouts %d (campaign %d); want cut %d, timeouts %d",
					name, st.Mutants, st.MutantCut, cst.LimitCut, st.MutantUnknown, cst.Timeout, cut, to)
			}
			if interactive != (st.Incremental > 0) {
				t.Errorf("%s: %d mutants in a session (fallbacks %v)", name, st.Incremental, st.Fallbacks)
			}
			if !fixed && (st.CutCPU <= 0 || st.SeedCPU <= 0) {
				t.Errorf("%s: cut CPU %dµs, seed CPU %dµs", name, st.CutCPU, st.SeedCPU)
			}
		}
	}
}

// TestFindingConfirmedWithFullTimeout: a finding is never decided under
// the adaptive limit. The fake answers a mutant unsat at once (under a
// limit of at most the floor or the seed's and first mutant's own CPU),
// but the re-verification of that candidate only after a second of CPU,
// far above the adaptive limit: the finding is reported, so it was
// re-checked with the whole --timeout.
func TestFindingConfirmedWithFullTimeout(t *testing.T) {
	d := fakeDiver(t, "slowconfirm", false, Options{Mutants: 1, Timeout: time.Minute,
		LimitFactor: 1, LimitFloor: 50 * time.Millisecond})
	var st Stats
	var cst campaign.Stats
	fs, err := d.round(context.Background(), rand.New(rand.NewPCG(3, 4)), &st, &cst)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Class != campaign.Soundness || st.NotReproduced != 0 {
		t.Fatalf("findings %+v, not reproduced %d; want one soundness finding confirmed", fs, st.NotReproduced)
	}
	if st.MutantCut != 0 || cst.SolverCPU < time.Second {
		t.Errorf("cut %d, solver CPU %v: the re-check should have burnt a second", st.MutantCut, cst.SolverCPU)
	}
}

// A seed in a logic the solver's profile does not list (Bitwuzla and
// QF_AX) is skipped without a solver call and counted by logic, instead of
// costing an error answer per seed.
func TestSeedLogicNotTaken(t *testing.T) {
	d := fakeDiver(t, "spin", false, Options{Mutants: 2, Timeout: time.Minute})
	d.profile.Logics = []string{"QF_BV"}
	var st Stats
	var cst campaign.Stats
	if _, err := d.round(context.Background(), rand.New(rand.NewPCG(1, 2)), &st, &cst); err != nil {
		t.Fatal(err)
	}
	logic, _ := parseSeed("seed", []byte(fakeSeed))
	if st.SeedsSkipped != 1 || cst.SolverCalls != 0 || cst.Counters[campaign.SkipCounter+SkipLogicTaken] != 1 || logic.logic != "QF_LIA" {
		t.Errorf("skipped %d, solver calls %d, counters %v; want the seed skipped uncalled", st.SeedsSkipped, cst.SolverCalls, cst.Counters)
	}
}
