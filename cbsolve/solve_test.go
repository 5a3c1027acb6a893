package cbsolve

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// motivating is Listing 1 of the paper: f is multiplication, run as a
// closed box.
const motivating = `
(declare-cb f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(declare-const p (_ BitVec 32))
(declare-const q (_ BitVec 32))
(declare-const r (_ BitVec 32))
(define-fun ispow2 ((v (_ BitVec 32))) Bool (= (_ bv0 32) (bvand v (bvsub v (_ bv1 32)))))
(assert (bvugt x y))
(assert (bvugt z (_ bv255 32)))
(assert (bvult z (_ bv65536 32)))
(assert (= z (f x y)))
(assert (ispow2 p))
(assert (ispow2 q))
(assert (ispow2 r))
(assert (bvugt p (_ bv1 32)))
(assert (bvugt q (_ bv1 32)))
(assert (bvugt r (_ bv1 32)))
(assert (= (_ bv64 32) (bvmul p (bvmul q r))))
(check-sat)
`

func parse(t *testing.T, src string) *smtlib.Script {
	t.Helper()
	sc, err := smtlib.Parse(t.Name()+".smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// goBoxes registers a Go implementation for every closed box of sc.
func goBoxes(t *testing.T, sc *smtlib.Script, impl map[string]func([]uint64) (uint64, error)) *cbox.Set {
	t.Helper()
	set := cbox.NewSet(cbox.Options{CallTimeout: time.Second})
	t.Cleanup(func() { set.Close() })
	for _, f := range ClosedBoxes(sc) {
		fn, ok := impl[f.Name]
		if !ok {
			t.Fatalf("no Go box for %s", f.Name)
		}
		set.Add(cbox.GoBits(f, fn))
	}
	return set
}

func mul32(a []uint64) (uint64, error) { return a[0] * a[1] & 0xffffffff, nil }

func solveIt(t *testing.T, sc *smtlib.Script, set *cbox.Set, opts Options, def ...string) *Result {
	t.Helper()
	testutil.RequireBinary(t, "z3")
	if opts.Timeout == 0 {
		opts.Timeout = 20 * time.Second
	}
	if opts.FuzzEvals == 0 {
		// Slices in executions: the run is the same on every machine.
		opts.FuzzEvals = 100000
	}
	res, err := Solve(context.Background(), sc, set, def, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkSat re-validates a sat answer independently: every assertion is
// true with the closed boxes run by set.
func checkSat(t *testing.T, sc *smtlib.Script, set *cbox.Set, res *Result) {
	t.Helper()
	if res.Status != Sat {
		t.Fatalf("status %s (%s), want sat", res.Status, res.Reason)
	}
	m := res.Model
	m.Boxes = set.CallValues
	ev := eval.New(m)
	ex := smt.NewExpander(sc.Store)
	for i, a := range sc.Assertions() {
		e, err := ex.Expand(a)
		if err != nil {
			t.Fatal(err)
		}
		v, err := ev.Eval(e)
		if err != nil || v != smt.BoolValue(true) {
			t.Fatalf("assertion %d is %v (%v) under the model\n%s", i+1, v, err, FormatModel(sc, m))
		}
	}
}

func TestMotivatingExample(t *testing.T) {
	for _, mode := range []Mode{CDFL, ActiveLearning} {
		t.Run(mode.String(), func(t *testing.T) {
			sc := parse(t, motivating)
			set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"f": mul32})
			res := solveIt(t, sc, set, Options{Mode: mode, Timeout: 30 * time.Second})
			if mode == ActiveLearning && res.Status == Unknown {
				t.Logf("active learning: unknown (%s) after %d iterations", res.Reason, res.Stats.Iterations)
				return
			}
			checkSat(t, sc, set, res)
			t.Logf("%s: %v, %d iterations, %d partial models, %d conflict terms\n%s", mode, res.Stats.Time, res.Stats.Iterations, res.Stats.PartialModels, res.Stats.ToFuzz, FormatModel(sc, res.Model))
		})
	}
}

func TestPureUnsat(t *testing.T) {
	sc := parse(t, `
(declare-cb h ((_ BitVec 16)) (_ BitVec 16))
(declare-const a (_ BitVec 16))
(assert (= (h a) #x0001))
(assert (bvult a #x0010))
(assert (bvugt a #x0020))
`)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"h": func(a []uint64) (uint64, error) { return a[0] ^ 0x5555, nil }})
	for _, mode := range []Mode{CDFL, ActiveLearning} {
		res := solveIt(t, sc, set, Options{Mode: mode})
		if res.Status != Unsat {
			t.Fatalf("%s: %s (%s), want unsat", mode, res.Status, res.Reason)
		}
	}
}

// A formula unsat only through the closed box's semantics is never
// reported unsat without facts: with tabulation off it is unknown; with
// the small domain tabulated it is unsat.
func TestUnsatOnlyByBoxSemantics(t *testing.T) {
	src := `
(declare-cb neg4 ((_ BitVec 4)) (_ BitVec 4))
(declare-const a (_ BitVec 4))
(assert (not (= (neg4 a) (bvneg a))))
`
	impl := map[string]func([]uint64) (uint64, error){"neg4": func(a []uint64) (uint64, error) { return -a[0] & 0xf, nil }}
	sc := parse(t, src)
	res := solveIt(t, sc, goBoxes(t, sc, impl), Options{TabulateMax: -1, Timeout: 10 * time.Second})
	// Without tabulation, cdfl's learning rounds learn the 16 points one
	// model at a time (as active learning does) and prove it too.
	if res.Status != Unsat || res.Stats.Tabulated != 0 || res.Stats.Facts < 16 {
		t.Fatalf("without tabulation: %s (%s), %d facts learned; want unsat after learning all 16", res.Status, res.Reason, res.Stats.Facts)
	}
	sc = parse(t, src)
	res = solveIt(t, sc, goBoxes(t, sc, impl), Options{})
	if res.Status != Unsat || res.Stats.Tabulated != 1 {
		t.Fatalf("with tabulation: %s (%d tabulated), want unsat", res.Status, res.Stats.Tabulated)
	}
}

func TestFuzzOnly(t *testing.T) {
	sc := parse(t, `
(declare-cb h ((_ BitVec 32)) (_ BitVec 32))
(declare-const a (_ BitVec 32))
(assert (= (h a) #xdeadbeef))
`)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"h": func(a []uint64) (uint64, error) { return a[0] ^ 0x12345678, nil }})
	res := solveIt(t, sc, set, Options{Mode: FuzzOnly})
	checkSat(t, sc, set, res)
}

func TestFromDefine(t *testing.T) {
	sc := parse(t, `
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun pc ((v (_ BitVec 8))) (_ BitVec 8)
  (bvadd (bvand v #x01) (bvand (bvlshr v #x01) #x01) (bvand (bvlshr v #x02) #x01) (bvand (bvlshr v #x03) #x01)
         (bvand (bvlshr v #x04) #x01) (bvand (bvlshr v #x05) #x01) (bvand (bvlshr v #x06) #x01) (bvlshr v #x07)))
(assert (= (pc a) #x05))
(assert (bvugt b a))
(assert (= (pc b) #x01))
`)
	set := cbox.NewSet(cbox.Options{})
	defer set.Close()
	res := solveIt(t, sc, set, Options{TabulateMax: -1}, "pc")
	checkSat(t, sc, set, res)
	if res.Stats.Boxes.Calls == 0 {
		t.Fatalf("the closed define-fun was never run")
	}
}

// A closed box that loops, traps or fails never takes the solver past its
// timeout: the answer is unknown with a reason, or a model that avoids
// the failing inputs.
func TestMisbehavingBox(t *testing.T) {
	sc := parse(t, `
(declare-cb g ((_ BitVec 8)) (_ BitVec 8))
(declare-const a (_ BitVec 8))
(assert (= (g a) #x07))
`)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"g": func(a []uint64) (uint64, error) {
		return 0, errors.New("boom")
	}})
	start := time.Now()
	res := solveIt(t, sc, set, Options{Timeout: 3 * time.Second, TabulateMax: -1})
	if res.Status != Unknown {
		t.Fatalf("%s, want unknown", res.Status)
	}
	if el := time.Since(start); el > 2*time.Minute { // a hang detector, not a timing assertion
		t.Fatalf("took %v past a 3s timeout", el)
	}
	if !strings.Contains(res.Reason, "timeout") {
		t.Fatalf("reason %q", res.Reason)
	}
}

func TestModes(t *testing.T) {
	for _, n := range []string{"cdfl", "fuzz-only", "active-learning"} {
		m, err := ParseMode(n)
		if err != nil || m.String() != n {
			t.Fatalf("%s: %v %v", n, m, err)
		}
	}
	if _, err := ParseMode("x"); err == nil {
		t.Fatal("bad mode accepted")
	}
}

// TestProbe: an easy satisfiable formula is answered by the whole-formula
// fuzz probe before the SMT engine starts; with the probe off, CDFL gets
// there through the SMT engine. An unsat formula is untouched by it.
func TestProbe(t *testing.T) {
	src := `
(declare-cb h ((_ BitVec 16)) (_ BitVec 16))
(declare-const a (_ BitVec 16))
(assert (= (h a) #x1234))
(assert (bvugt a #x0010))
`
	sc := parse(t, src)
	set := goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"h": func(a []uint64) (uint64, error) { return a[0] ^ 0x5555, nil }})
	res := solveIt(t, sc, set, Options{Mode: CDFL, Probe: time.Second})
	checkSat(t, sc, set, res)
	if res.Stats.SMTCalls != 0 {
		t.Errorf("the probe should answer before the SMT engine: %d SMT calls", res.Stats.SMTCalls)
	}
	sc = parse(t, src)
	set = goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"h": func(a []uint64) (uint64, error) { return a[0] ^ 0x5555, nil }})
	res = solveIt(t, sc, set, Options{Mode: CDFL, Probe: -1})
	checkSat(t, sc, set, res)
	if res.Stats.SMTCalls == 0 {
		t.Error("without the probe the SMT engine runs")
	}
	sc = parse(t, src+"(assert (bvult a #x0005))\n")
	set = goBoxes(t, sc, map[string]func([]uint64) (uint64, error){"h": func(a []uint64) (uint64, error) { return a[0] ^ 0x5555, nil }})
	if res = solveIt(t, sc, set, Options{Mode: CDFL}); res.Status != Unsat {
		t.Errorf("status %s (%s), want unsat", res.Status, res.Reason)
	}
}
