package fuzzysat

import (
	"context"
	"errors"
	"testing"

	"tandem/smt"
	"tandem/smtlib"
)

// Issue 22 §1: a byte uniquely defined through g − c took the raw
// constant (0) instead of the shifted one (0x30); the all-zero seed
// "agreed", the byte was frozen and counted as fixed by π, and byte-bf
// proved a satisfiable query unsat.
func TestUniqueThroughOffset(t *testing.T) {
	q := kQuery(t, 2, "(= k!1 #x02)", "(= (bvsub ((_ zero_extend 24) k!0) #x00000030) #x00000000)")
	for _, seed := range [][]byte{{0, 0}, {0x30, 0}, {0x77, 9}} {
		r := solveK(t, q, seed, Options{})
		if r.Status != Sat || r.Assignment[0] != 0x30 || r.Assignment[1] != 2 {
			t.Fatalf("seed %x: %s by %s %x, want sat with k!0 = 0x30, k!1 = 2", seed, r.Status, r.Phase, r.Assignment)
		}
	}
	for _, c := range []struct {
		term string
		want byte
	}{
		{"(= (bvsub ((_ zero_extend 24) k!0) #x00000030) #x00000000)", 0x30},
		{"(= (bvadd k!0 #x10) #x05)", 0xf5},
		{"(= (bvadd #x10 k!0) #x05)", 0xf5},
		{"(= #x05 (bvsub k!0 #xff))", 0x04},
		{"(bvult k!0 #x01)", 0x00}, // a singleton interval defines too
		{"(= (bvsub #x0100 (bvadd (bvadd ((_ zero_extend 8) k!0) #x0020) #x0046)) #x0000)", 0x9a},
		{"(= (bvsub #x10 k!0) #x20)", 0xf0},
		{"(not (bvult k!0 #xff))", 0xff},
	} {
		cq := kQuery(t, 2, c.term)
		in := NewAnalyzer(cq.Layout, 0).Analyze(cq.Goal)
		if len(in.Unique) != 1 || in.Unique[0] != (UniqueDef{Byte: 0, Value: c.want}) {
			t.Errorf("%s: unique %v, want byte 0 = %#x", c.term, in.Unique, c.want)
		}
	}
	for _, term := range []string{"(bvult k!0 #x02)", "(or (= k!0 #x01) (= k!1 #x02))", "(not (and (= k!0 #x01) (= k!1 #x02)))"} {
		cq := kQuery(t, 2, term)
		if in := NewAnalyzer(cq.Layout, 0).Analyze(cq.Goal); len(in.Unique) != 0 {
			t.Errorf("%s: unique %v, want none", term, in.Unique)
		}
	}
}

// Issue 22 §2: branches π decides by definitions or by intervals are
// proved unsat without a search, whatever the seed; the overflow idiom
// x + c ≤ x is a range pattern.
func TestPinnedAndRangeProofs(t *testing.T) {
	for _, c := range []struct {
		name  string
		n     int
		goal  string
		pi    []string
		phase Phase
	}{
		{"pinned-group", 2, "(= (bvor (bvshl ((_ zero_extend 8) k!1) #x0008) ((_ zero_extend 8) k!0)) #x0054)",
			[]string{"(= (concat k!1 k!0) #x0000)"}, PhasePinned},
		{"pinned-nonlinear", 2, "(= (bvmul k!0 k!1) #x07)", []string{"(= k!0 #x02)", "(= (bvadd k!1 #x01) #x04)"}, PhasePinned},
		{"pinned-conflict", 2, "(bvult k!1 k!0)", []string{"(= k!0 #x02)", "(= (bvsub k!0 #x01) #x04)"}, PhasePinned},
		{"pinned-propagated", 3, "(bvule #x41 k!0)", []string{
			"(= ((_ zero_extend 8) k!2) (bvor (bvshl ((_ zero_extend 8) k!1) #x0008) ((_ zero_extend 8) k!0)))",
			"(= k!2 #x00)"}, PhasePinned},
		{"pinned-impossible", 2, "(= k!1 #x01)", []string{"(= ((_ zero_extend 8) k!0) (bvadd (concat k!1 k!1) #x0100))", "(= k!1 #x00)"}, PhasePinned},
		{"range", 2, "(bvugt k!0 #x14)", []string{"(bvult k!0 #x0a)", "(= k!1 k!1)"}, PhaseRange},
		{"range-through-equal-groups", 3, "(bvult (concat k!1 k!0) #x0005)",
			[]string{"(= ((_ zero_extend 8) k!2) (concat k!1 k!0))", "(bvugt k!2 #x10)"}, PhaseRange},
		{"range-signed", 1, "(bvslt k!0 #x00)", []string{"(bvuge (bvadd k!0 #x10) #x10)", "(bvule k!0 #x7f)"}, PhaseRange},
		{"overflow-idiom", 2, "(bvule (bvadd k!0 #x10) k!0)", []string{"(bvult k!0 #x80)", "(= k!1 k!1)"}, PhaseRange},
		{"overflow-idiom-sub", 2, "(bvugt (bvsub k!0 #x10) k!0)", []string{"(bvuge k!0 #x20)", "(= k!1 k!1)"}, PhaseRange},
		{"overflow-idiom-mirror", 2, "(bvult k!0 (bvadd #x10 k!0))", []string{"(bvuge k!0 #xf8)", "(= k!1 k!1)"}, PhaseRange},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := kQuery(t, c.n, c.goal, c.pi...)
			for _, seed := range [][]byte{make([]byte, c.n), []byte{0xff, 0xff, 0xff}[:c.n], []byte{0x33, 0x01, 0x02}[:c.n]} {
				r := solveK(t, q, seed, Options{MaxEvals: 1000})
				if r.Status != Unsat || r.Phase != c.phase {
					t.Fatalf("seed %x: %s by %s, want unsat by %s", seed, r.Status, r.Phase, c.phase)
				}
				if r.Evals > 2 {
					t.Errorf("seed %x: %d evaluations for a proof by %s", seed, r.Evals, r.Phase)
				}
			}
		})
	}
	// satisfiable neighbours of the same shapes are not proved unsat
	for _, c := range [][]string{
		{"(bvule (bvadd k!0 #x10) k!0)", "(bvuge k!0 #xf0)"},
		{"(bvsgt (bvadd k!0 #x01) k!0)", "(bvule k!0 #x7e)"},
		{"(= (bvmul k!0 k!1) #x08)", "(= k!0 #x02)", "(= (bvadd k!1 #x01) #x05)"},
	} {
		r := solveK(t, kQuery(t, 2, c[0], c[1:]...), []byte{0, 0}, Options{})
		if r.Status != Sat {
			t.Errorf("%v: %s by %s, want sat", c, r.Status, r.Phase)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"[0x0,0x0]", "[0x0,0x0]"}, {"[0x0,0x2]", "[0x0,0x0]∪[0xfe,0xff]"}, {"[0x10,0x20]", "[0xe0,0xf0]"},
	} {
		var set IntervalSet
		switch c.in {
		case "[0x0,0x0]":
			set = Wrapped(8, 0, 0)
		case "[0x0,0x2]":
			set = Wrapped(8, 0, 2)
		default:
			set = Wrapped(8, 0x10, 0x20)
		}
		if got := set.Negate().String(); got != c.want {
			t.Errorf("−%s = %s, want %s", c.in, got, c.want)
		}
	}
	// the wrap-around sets themselves
	for _, c := range []struct {
		op   cmpOp
		d    uint64
		want string
	}{
		{cmpUle, 0x10, "[0xf0,0xff]"}, {cmpUgt, 0x10, "[0x0,0xef]"},
		{cmpSlt, 0x01, "[0x7f,0x7f]"}, {cmpSge, 0xff, "[0x80,0x80]"}, {cmpSlt, 0xff, "[0x0,0x7f]∪[0x81,0xff]"}, {cmpEq, 3, "∅"},
	} {
		if got := wrapSet(c.op, 8, c.d).String(); got != c.want {
			t.Errorf("(x + %#x) %s x: %s, want %s", c.d, c.op, got, c.want)
		}
	}
}

// Issue 28 item 1: a quantified query is not evaluable, and brute force
// counted every value as failing: unsat (byte-bf) for a satisfiable
// query. Unsupported queries are now refused (or go to the fallback).
func TestUnsupportedRefused(t *testing.T) {
	sc, err := smtlib.Parse("q.smt2", []byte("(declare-const k!0 (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvuge k!0 y)))"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), f.Queries[0], nil, Options{MaxEvals: 1000})
	if !errors.Is(err, ErrUnsupported) {
		t.Fatalf("got %v, %v; want ErrUnsupported", r, err)
	}
	// with a fallback the query goes straight to it
	fb := &fakeFallback{st: Sat, b: []byte{0xff}}
	r, err = Solve(context.Background(), f.Queries[0], nil, Options{MaxEvals: 1000, Fallback: fb})
	if err != nil || r.Status != Sat || r.Phase != PhaseFallback || r.Evals != 0 || fb.calls != 1 {
		t.Fatalf("with a fallback: %+v, %v", r, err)
	}
}

type fakeFallback struct {
	st    Status
	b     []byte
	calls int
}

func (f *fakeFallback) Solve(context.Context, *Layout, *smt.Term, []*smt.Term) (Status, []byte, error) {
	f.calls++
	return f.st, f.b, nil
}

// errCallee fails every call: not evaluable, never false.
type errCallee struct{}

func (errCallee) Call(*smt.Func, []uint64) (uint64, error) { return 0, errors.New("closed box down") }

// A candidate counts as failing only when the evaluator said false: with
// a closed box that errors on every call, the exhaustive byte phase ends
// without a proof.
func TestUndefinedIsNotFalse(t *testing.T) {
	sc, err := smtlib.Parse("q.smt2", []byte("(declare-const k!0 (_ BitVec 8)) (declare-fun f ((_ BitVec 8)) (_ BitVec 8)) (assert (= (f k!0) #x01))"))
	if err != nil {
		t.Fatal(err)
	}
	var k0 *smt.Func
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdDeclareConst {
			k0 = c.Funcs[0]
		}
	}
	l, err := NewLayout([]*smt.Func{k0})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSearch(Problem{Layout: l, Goal: sc.Assertions(), Callee: errCallee{}}, nil, Options{NoVerify: true, MaxEvals: 5000, Timeout: 20e9})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Run(context.Background(), RunInput{Seed: []byte{0}}, nil)
	if r.Status == Unsat {
		t.Fatalf("unsat (%s) from evaluations that all failed: %s", r.Phase, r.Proof)
	}
	if r.Stats.Undefined == 0 {
		t.Fatal("no evaluation counted as undefined")
	}
}
