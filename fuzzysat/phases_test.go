package fuzzysat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// Each crafted query is solved by the named phase when the whole pipeline
// runs, and (where alone says so) by no phase at all when that phase is
// turned off: only that phase can succeed on it.
func TestEachPhase(t *testing.T) {
	cases := []struct {
		name  string
		phase Phase
		alone bool
		n     int
		goal  string
		pi    []string
		seed  uint64 // Options.Seed, for the random phases
	}{
		{"seed", PhaseSeed, false, 1, "(= k!0 #x00)", nil, 0},
		{"i2s", PhaseI2S, false, 4, "(= (concat k!0 k!1 k!2 k!3) #xaabbccdd)", nil, 0},
		{"simple-math", PhaseSimpleMath, false, 2, "(= (bvadd (concat k!0 k!1) #x1234) #x0001)", nil, 0},
		{"range-bf", PhaseRangeBF, false, 2, "(= (bvmul (concat k!0 k!1) #x0007) #x0023)", []string{"(bvule (concat k!0 k!1) #x0009)"}, 0},
		{"range-bf-opt", PhaseRangeBFOpt, false, 2, "(= (bvadd (bvmul k!0 #x07) (bvmul k!1 #x00)) #x23)", []string{"(bvule k!0 #x09)", "(bvule k!1 #x09)"}, 0},
		{"interesting-constants", PhaseConstants, false, 2, "(= (bvxor (concat k!0 k!1) #xf0f0) #x0f0f)", nil, 0},
		{"byte-bf", PhaseByteBF, false, 1, "(= (bvmul k!0 k!0) #x31)", nil, 0},
		// without gradient descent havoc solves this with a few seeds
		// (8 of the first 50), seed 0 among them
		{"gradient-descent", PhaseGD, true, 3, "(= (bvsub (bvadd k!1 k!2) (bvor k!1 #x39)) #x99)", nil, 1},
		{"afl-deterministic", PhaseAFLDet, false, 3, "(= (bvmul (bvadd k!1 k!0) (bvxor k!1 #x29)) #xcd)", nil, 0},
		// havoc is random: about one seed in six solves this, and with
		// some others gradient descent's random restarts do; with seed
		// 13 havoc does and nothing else
		{"havoc", PhaseHavoc, true, 3, "(= (bvor (bvmul k!2 k!0) (bvand k!2 #x24)) #x45)", nil, 13},
		{"multigoal", PhaseMultigoal, true, 2, "(= k!0 #x41)", []string{"(= k!0 k!1)"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := kQuery(t, c.n, c.goal, c.pi...)
			r := solveK(t, q, make([]byte, c.n), Options{Seed: c.seed})
			if r.Status != Sat || r.Phase != c.phase {
				t.Fatalf("%s by %s, want sat by %s", r.Status, r.Phase, c.phase)
			}
			s, _ := NewSearch(Problem{Layout: q.Layout, Goal: []*smt.Term{q.Goal}, Pi: q.Pi}, nil, Options{})
			if err := s.Verify(r.Assignment); err != nil {
				t.Fatalf("the answer does not hold: %v", err)
			}
			if c.alone {
				r := solveK(t, q, make([]byte, c.n), Options{Seed: c.seed, Skip: PhaseSet(0).With(c.phase)})
				if r.Status == Sat {
					t.Errorf("without %s: solved by %s", c.phase, r.Phase)
				}
			}
		})
	}
}

func TestReuse(t *testing.T) {
	src := "(declare-const k!0 (_ BitVec 8))(declare-const k!1 (_ BitVec 8))(declare-const k!2 (_ BitVec 8))(declare-const k!3 (_ BitVec 8))(declare-const k!4 (_ BitVec 8))" +
		"(assert (= (concat k!0 k!1 k!2 k!3) #xdeadbeef))" +
		"(assert (= (bvadd (concat k!0 k!1 k!2 k!3) (concat k!4 k!4 k!4 k!4)) #xdeadbeef))"
	sc, err := smtlib.Parse("reuse.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, err := FromScript(sc, BranchFirst, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSolver(f.Layout, make([]byte, 5), Options{MaxEvals: 100000})
	if r, _ := s.SolveQuery(context.Background(), f.Queries[0]); r.Status != Sat {
		t.Fatal("the first query is not solved")
	}
	r, err := s.SolveQuery(context.Background(), f.Queries[1])
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Sat || r.Phase != PhaseReuse {
		t.Fatalf("%s by %s, want sat by reuse", r.Status, r.Phase)
	}
}

func TestExhaustiveUnsat(t *testing.T) {
	// 2x = 1 (mod 256) has no solution: the single-byte phase proves it.
	r := solveK(t, kQuery(t, 1, "(= (bvmul k!0 #x02) #x01)"), []byte{0}, Options{})
	if r.Status != Unsat || r.Phase != PhaseByteBF {
		t.Fatalf("%s by %s, want unsat by byte-bf", r.Status, r.Phase)
	}
	// a branch condition without inputs that is false
	r = solveK(t, kQuery(t, 1, "(= #x01 #x02)"), []byte{0}, Options{})
	if r.Status != Unsat || r.Phase != PhaseConstant {
		t.Fatalf("%s by %s, want unsat by constant", r.Status, r.Phase)
	}
	// with a second input in π the same failure proves nothing
	r = solveK(t, kQuery(t, 2, "(= (bvmul k!0 #x02) (bvadd k!1 #x01))", "(= k!1 k!1)"), []byte{0, 0}, Options{MaxEvals: 5000})
	if r.Status == Unsat {
		t.Fatalf("unsat claimed on a satisfiable query")
	}
}

func TestOptimistic(t *testing.T) {
	// π pins k!0 to another value: a proof, and still an optimistic
	// answer for an executor whose π may be imprecise
	q := kQuery(t, 1, "(= k!0 #x41)", "(= k!0 #x00)")
	r := solveK(t, q, []byte{0}, Options{Optimistic: true})
	if r.Status != Unsat || r.Phase != PhasePinned {
		t.Fatalf("%s by %s, want unsat by pinned", r.Status, r.Phase)
	}
	if r.Optimistic == nil || r.Optimistic[0] != 0x41 {
		t.Fatalf("optimistic answer %x", r.Optimistic)
	}
	r = solveK(t, q, []byte{0}, Options{})
	if r.Optimistic != nil {
		t.Fatal("optimistic answer without asking")
	}
}

// TestGiveUpNeverTrue: a branch condition no input makes true (SAGE's
// ite chain compared with a value it never takes), reading two bytes so
// that no exhaustive phase can decide it, is given up before gradient
// descent; with NoGiveUp the pipeline runs to its end and finds nothing
// either.
func TestGiveUpNeverTrue(t *testing.T) {
	for _, c := range []struct {
		goal  string
		never bool
	}{
		{"(= ((_ zero_extend 24) (ite (= k!0 #x31) #x01 (ite (bvult k!1 #x37) #x02 #x00))) #x00000003)", true},
		{"(= ((_ zero_extend 24) (ite (= k!0 #x31) #x01 (ite (bvult k!1 #x37) #x02 #x00))) #x00000002)", false},
		{"(not (= (bvsub #x00000000 ((_ zero_extend 24) (ite (= k!1 k!0) #x01 #x00))) (bvsub #x00000000 ((_ zero_extend 24) (ite (= k!1 k!0) #x01 #x00)))))", false}, // correlated: not recognised
		{"(bvugt (concat (ite (= k!0 k!1) #x01 #x02) #x00) #x0200)", true},
		{"(bvslt ((_ sign_extend 8) (ite (= k!1 k!0) #x80 #x7f)) #xff80)", true},
		{"(not (or (= (ite (= k!1 k!0) #x0a #x0a) #x0a) (= k!0 #x05)))", true},
	} {
		q := kQuery(t, 2, c.goal, "(bvuge k!1 #x01)")
		r := solveK(t, q, []byte{0x30, 0x01}, Options{MaxEvals: 3000})
		gave := r.Stats.NeverTrue == 1
		if gave != c.never {
			t.Errorf("%s: gave up %v, want %v (%s by %s)", c.goal, gave, c.never, r.Status, r.Phase)
		}
		if !c.never {
			continue
		}
		full := solveK(t, q, []byte{0x30, 0x01}, Options{MaxEvals: 3000, NoGiveUp: true})
		if r.Status != Unknown || full.Status == Sat || full.Stats.NeverTrue != 0 || r.Evals >= full.Evals {
			t.Errorf("%s: %s in %d evaluations, without the give-up %s in %d", c.goal, r.Status, r.Evals, full.Status, full.Evals)
		}
	}
}

// FuzzNeverTrue: whatever neverTrue says is never true is false on every
// value of its input byte (the give-up loses no answer).
func FuzzNeverTrue(f *testing.F) {
	f.Add(uint64(1), uint8(3))
	f.Add(uint64(7), uint8(9))
	f.Fuzz(func(t *testing.T, seed uint64, shape uint8) {
		r := rand.New(rand.NewPCG(seed, uint64(shape)))
		goal := randomChainGoal(r)
		q := kQuery(t, 1, goal)
		if !neverTrue(q.Goal) {
			return
		}
		ev := eval.New(nil)
		for v := range 256 {
			ev.SetModel(q.Layout.Model([]byte{byte(v)}))
			if x, err := ev.Eval(q.Goal); err != nil || x == smt.BoolValue(true) {
				t.Fatalf("%s is true for k!0 = %d, but neverTrue said never", goal, v)
			}
		}
	})
}

// TestNeverTrueSound runs FuzzNeverTrue's check on 3000 random goals.
func TestNeverTrueSound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	never := 0
	for range 3000 {
		goal := randomChainGoal(r)
		q := kQuery(t, 1, goal)
		if !neverTrue(q.Goal) {
			continue
		}
		never++
		ev := eval.New(nil)
		for v := range 256 {
			ev.SetModel(q.Layout.Model([]byte{byte(v)}))
			if x, err := ev.Eval(q.Goal); err != nil || x == smt.BoolValue(true) {
				t.Fatalf("%s is true for k!0 = %d, but neverTrue said never", goal, v)
			}
		}
	}
	if never < 100 {
		t.Errorf("only %d of 3000 goals recognised as never true", never)
	}
}

// randomChainGoal is a SAGE-like comparison of an expression over ite
// chains on k!0 with a constant, under random operators.
func randomChainGoal(r *rand.Rand) string {
	var bv func(d int) string
	bv = func(d int) string {
		if d == 0 || r.IntN(4) == 0 {
			if r.IntN(3) == 0 {
				return "k!0"
			}
			return fmt.Sprintf("(_ bv%d 8)", r.IntN(6))
		}
		switch r.IntN(7) {
		case 0, 1, 2:
			conds := []string{"=", "bvult", "bvsle"}
			return fmt.Sprintf("(ite (%s k!0 (_ bv%d 8)) %s %s)", conds[r.IntN(3)], r.IntN(256), bv(d-1), bv(d-1))
		case 3:
			return fmt.Sprintf("(bvadd %s %s)", bv(d-1), bv(d-1))
		case 4:
			return fmt.Sprintf("(bvxor %s %s)", bv(d-1), bv(d-1))
		case 5:
			return fmt.Sprintf("((_ extract 7 0) (concat %s %s))", bv(d-1), bv(d-1))
		default:
			return fmt.Sprintf("(bvneg %s)", bv(d-1))
		}
	}
	ops := []string{"=", "distinct", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}
	g := fmt.Sprintf("(%s ((_ zero_extend 8) %s) (_ bv%d 16))", ops[r.IntN(len(ops))], bv(3), r.IntN(8))
	switch r.IntN(4) {
	case 0:
		g = "(not " + g + ")"
	case 1:
		g = fmt.Sprintf("(and %s (bvule k!0 (_ bv%d 8)))", g, r.IntN(256))
	case 2:
		g = fmt.Sprintf("(or %s (= %s (_ bv%d 8)))", g, bv(2), r.IntN(6))
	}
	return g
}
