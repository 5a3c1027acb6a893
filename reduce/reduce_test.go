package reduce

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tandem/internal/reducesuite"
	"tandem/internal/testutil"
	"tandem/smtlib"
)

func TestDDMinFindsTheFailureInducingItems(t *testing.T) {
	var lines []string
	for i := range 100 {
		lines = append(lines, strconv.Itoa(i))
	}
	in := []byte(strings.Join(lines, "\n") + "\n")
	pred := func(_ context.Context, c []byte) (bool, error) {
		ls := splitLines(c)
		return slices.Contains(ls, "7") && slices.Contains(ls, "42"), nil
	}
	res, err := Reduce(context.Background(), in, pred, Options{Passes: LinePasses()})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Output); got != "7\n42\n" {
		t.Fatalf("got %q, want the two lines 7 and 42", got)
	}
	// ddmin on n=100 with two needed items costs O(log n) rounds of tests,
	// far below 100²; a regression to quadratic behaviour shows here.
	if res.Stats.Tests > 150 {
		t.Errorf("%d tests; ddmin should need far fewer", res.Stats.Tests)
	}
}

func TestNotInteresting(t *testing.T) {
	_, err := Reduce(context.Background(), []byte("x\n"), func(context.Context, []byte) (bool, error) { return false, nil },
		Options{Passes: LinePasses()})
	if err != ErrNotInteresting {
		t.Fatalf("err = %v, want ErrNotInteresting", err)
	}
}

const bvScript = `(set-logic QF_BV)
(set-option :produce-models true)
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(define-fun f ((x (_ BitVec 8))) (_ BitVec 8) (bvadd x #x01))
(assert (let ((y (bvmul a b))) (and (= (f y) c) (bvult (bvudiv a (bvor b c)) #x10))))
(assert (= a (bvxor b c)))
(push 1)
(assert (distinct a b c))
(check-sat)
(pop 1)
(get-model)
(exit)
`

// The result does not depend on the number of jobs, even when predicate
// calls finish in a random order.
func TestJobsDoNotChangeTheResult(t *testing.T) {
	var outs [][]byte
	for _, jobs := range []int{1, 2, 4} {
		rng := rand.New(rand.NewPCG(uint64(jobs), 1))
		var mu sync.Mutex
		pred := func(ctx context.Context, c []byte) (bool, error) {
			mu.Lock()
			d := time.Duration(rng.IntN(300)) * time.Microsecond
			mu.Unlock()
			select {
			case <-time.After(d):
			case <-ctx.Done():
				return false, ctx.Err()
			}
			return bytes.Contains(c, []byte("bvudiv")) && bytes.Contains(c, []byte("bvxor")), nil
		}
		res, err := Reduce(context.Background(), []byte(bvScript), pred, Options{Jobs: jobs, Passes: SMTLIBPasses()})
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, res.Output)
	}
	for i := 1; i < len(outs); i++ {
		if !bytes.Equal(outs[0], outs[i]) {
			t.Fatalf("-j 1 gave\n%s\nbut another -j gave\n%s", outs[0], outs[i])
		}
	}
	t.Logf("%s", outs[0])
}

// Interrupting a reduction returns the best input so far, which is
// interesting, and OnImprove has seen it.
func TestCancelKeepsTheBest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	var saved []byte
	pred := func(ctx context.Context, c []byte) (bool, error) {
		if calls.Add(1) == 15 {
			cancel()
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return bytes.Contains(c, []byte("bvudiv")), nil
	}
	res, err := Reduce(ctx, []byte(bvScript), pred, Options{Passes: SMTLIBPasses(),
		OnImprove: func(b []byte) error { saved = b; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped != "cancelled" {
		t.Fatalf("Stopped = %q, want cancelled", res.Stopped)
	}
	if !bytes.Contains(res.Output, []byte("bvudiv")) || len(res.Output) >= len(bvScript) || !bytes.Equal(saved, res.Output) {
		t.Fatalf("best so far %q (saved %q) should be smaller and interesting", res.Output, saved)
	}
}

func TestMaxTests(t *testing.T) {
	pred := func(_ context.Context, c []byte) (bool, error) { return bytes.Contains(c, []byte("bvudiv")), nil }
	res, err := Reduce(context.Background(), []byte(bvScript), pred, Options{Passes: SMTLIBPasses(), MaxTests: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped != "max-tests" || res.Stats.Tests > 5 {
		t.Fatalf("stopped %q after %d tests, want max-tests after at most 5", res.Stopped, res.Stats.Tests)
	}
}

// Every candidate the SMT-LIB passes produce parses again (so it is well
// sorted), on a sample of the planted-bug suite with the bug checked in
// process; and the results reach the planted core.
func TestSMTLIBCandidatesParseAndReachTheCore(t *testing.T) {
	testutil.Corpus(t, "seeds")
	cases, err := reducesuite.Cases(testutil.SharedDir()+"/corpus", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			var bad []string
			pred := func(_ context.Context, cand []byte) (bool, error) {
				sc, err := smtlib.Parse("cand.smt2", cand)
				if err != nil {
					bad = append(bad, fmt.Sprintf("%v\n%s", err, cand))
					return false, nil
				}
				return reducesuite.Triggers(sc, c.Bug), nil
			}
			res, err := Reduce(context.Background(), c.Src, pred, Options{Passes: SMTLIBPasses()})
			if err != nil {
				t.Fatal(err)
			}
			if len(bad) > 0 {
				t.Fatalf("%d candidates do not parse; first: %s", len(bad), bad[0])
			}
			sc, err := smtlib.Parse("out.smt2", res.Output)
			if err != nil {
				t.Fatal(err)
			}
			as, nodes := reducesuite.Size(sc)
			if as > c.IdealAsserts || nodes > c.IdealNodes {
				t.Errorf("%s: %d assertions, %d operators; the planted core has %d and %d:\n%s", c.Bug, as, nodes, c.IdealAsserts, c.IdealNodes, res.Output)
			}
		})
	}
}

// A trace with a planted failure: the "solver" fails when a unit clause x
// is followed by a clause containing -x and another literal, and then by a
// solve call. The reducer must keep exactly those three calls (and init),
// with the variables renamed to 1 and 2 and the original call numbers.
func TestTraceReducesToTheFailingCalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 42))
	var lines []string
	add := func(format string, a ...any) {
		lines = append(lines, fmt.Sprintf("%d ", len(lines)+1)+fmt.Sprintf(format, a...))
	}
	add("init")
	add("Order : VarOrderHeap/varDecay=0.95")
	for i := 0; i < 300; i++ {
		switch {
		case i == 40:
			add("addClause 17 0")
		case i == 150:
			add("addClause 9 -17 23 0")
		case i == 200:
			add("solve")
		case i%37 == 0:
			add("assuming %d %d 0", rng.IntN(40)+1, -(rng.IntN(40) + 1))
		default:
			var lits []string
			for range 2 + rng.IntN(4) {
				lits = append(lits, strconv.Itoa((rng.IntN(40)+1)*(1-2*rng.IntN(2))))
			}
			add("addClause %s 0", strings.Join(lits, " "))
		}
	}
	in := []byte(strings.Join(lines, "\n") + "\n")
	opts := TraceOptions{LiteralCalls: DefaultLiteralCalls, KeepCalls: DefaultKeepCalls}
	fails := func(_ context.Context, c []byte) (bool, error) {
		units := map[int]bool{}
		armed := false
		for _, ln := range splitLines(c) {
			l := opts.parseLine(ln)
			var lits []int
			for _, fi := range l.litIdx {
				v, _ := strconv.Atoi(l.fields[fi])
				lits = append(lits, v)
			}
			switch l.call {
			case "addClause":
				if len(lits) == 1 {
					units[lits[0]] = true
				}
				if len(lits) >= 2 {
					for _, x := range lits {
						if units[-x] {
							armed = true
						}
					}
				}
			case "solve":
				if armed {
					return true, nil
				}
			}
		}
		return false, nil
	}
	res, err := Reduce(context.Background(), in, fails, Options{Passes: TracePasses(TraceOptions{})})
	if err != nil {
		t.Fatal(err)
	}
	got := splitLines(res.Output)
	if len(got) != 4 || got[0] != "1 init" || !strings.HasSuffix(got[3], "solve") {
		t.Fatalf("reduced trace has %d lines, want init and the 3 failing calls:\n%s", len(got), res.Output)
	}
	for _, ln := range got[1:3] {
		for _, f := range strings.Fields(ln)[2:] {
			if v, _ := strconv.Atoi(f); v > 2 || v < -2 {
				t.Fatalf("variable %d not renamed to 1 or 2:\n%s", v, res.Output)
			}
		}
	}
	t.Logf("%d -> %d lines in %d tests:\n%s", len(lines), len(got), res.Stats.Tests, res.Output)
}
