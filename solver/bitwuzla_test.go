package solver_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// TestBitwuzlaProfile checks the built-in bitwuzla profile without running
// Bitwuzla: the logics it claims, its argument lists and option syntax.
func TestBitwuzlaProfile(t *testing.T) {
	p, err := solver.NewRegistry().Lookup("bitwuzla")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"QF_BV", "QF_ABV", "QF_UFBV", "QF_AUFBV", "QF_FP", "QF_BVFP", "QF_ABVFP", "QF_UF", "BV", "UFBV"} {
		if !p.Accepts(l) {
			t.Errorf("bitwuzla does not accept %s", l)
		}
	}
	for _, l := range []string{"QF_LIA", "QF_NIA", "QF_S", "QF_SLIA", "QF_LRA", "QF_AX", "QF_FPLRA", "QF_", "QF_A", "ALL"} {
		if p.Accepts(l) {
			t.Errorf("bitwuzla accepts %s, which it cannot decide", l)
		}
	}
	if !p.Incremental() {
		t.Error("bitwuzla has an interactive mode (it reads standard input incrementally)")
	}
	argv := p.OneShotArgv("/tmp/q.smt2", solver.Mode{Models: true, SelfCheck: true})
	for _, want := range []string{"--produce-models", "--check-model", "/tmp/q.smt2"} {
		if !slices.Contains(argv, want) {
			t.Errorf("one-shot argv %q lacks %q", argv, want)
		}
	}
	if _, err := p.WithOptions("seed=3"); err == nil {
		t.Error("a z3-style option was accepted for bitwuzla")
	}
	for _, o := range p.FuzzOptions {
		if _, err := p.WithOptions(o); err != nil {
			t.Errorf("fuzz option %q: %v", o, err)
		}
	}
}

// bitwuzlaModelScript declares one constant of each sort Bitwuzla's model
// printer handles differently: Bool, bit-vector, floating point, rounding
// mode, array and a function.
const bitwuzlaModelScript = `(set-logic QF_AUFBVFP)
(declare-const b Bool)
(declare-const x (_ BitVec 8))
(declare-const f (_ FloatingPoint 8 24))
(declare-const r RoundingMode)
(declare-const a (Array (_ BitVec 4) (_ BitVec 8)))
(declare-fun g ((_ BitVec 8) Bool) (_ BitVec 8))
(assert (and b (= x #x2a) (fp.isNegative f) (not (fp.isNaN f)) (= r RTZ)
  (= (select a #x3) x) (= (select a #x4) #x01) (= (g x b) #x07) (= (g #x00 false) #x08)))
(check-sat)
(get-model)
(get-value (x f (select a #x3)))
`

// bitwuzlaModelOutput is what Bitwuzla at 89ccdb3 printed for
// bitwuzlaModelScript with --produce-models: define-fun forms in "( … )",
// bit-vectors in binary, floats as (fp …), arrays as store chains over a
// constant array, functions as ite chains over named arguments.
const bitwuzlaModelOutput = `sat
(
  (define-fun b () Bool true)
  (define-fun x () (_ BitVec 8) #b00101010)
  (define-fun f () (_ FloatingPoint 8 24) (fp #b1 #b00000000 #b00000000000000000000000))
  (define-fun r () RoundingMode RTZ)
  (define-fun a () (Array (_ BitVec 4) (_ BitVec 8)) (store (store ((as const (Array (_ BitVec 4) (_ BitVec 8))) #b00000000) #b0011 #b00101010) #b0100 #b00000001))
  (define-fun g ((@bzla.var_529 (_ BitVec 8))  (@bzla.var_530 Bool)) (_ BitVec 8) (ite (and (= @bzla.var_529 #b00000000) (= @bzla.var_530 false)) #b00001000 (ite (and (= @bzla.var_529 #b00101010) (= @bzla.var_530 true)) #b00000111 #b00000000)))
)
(
  (x #b00101010)
  (f (fp #b1 #b00000000 #b00000000000000000000000))
  ((select a #x3) #b00101010)
)
`

// TestBitwuzlaModelSyntax reads Bitwuzla's model and get-value output with
// tandem's response parser and checks the values against the script with
// the exact evaluator, without running Bitwuzla.
func TestBitwuzlaModelSyntax(t *testing.T) {
	checkBitwuzlaModel(t, bitwuzlaModelOutput)
}

func checkBitwuzlaModel(t *testing.T, out string) {
	t.Helper()
	sc, err := smtlib.Parse("model.smt2", []byte(bitwuzlaModelScript))
	if err != nil {
		t.Fatal(err)
	}
	raws, err := solver.Responses([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(raws) != 3 || raws[0] != "sat" {
		t.Fatalf("responses %q: want sat, a model and a get-value answer", raws)
	}
	m, err := smtlib.ParseModel([]byte(raws[1]), sc)
	if err != nil {
		t.Fatalf("model: %v\n%s", err, raws[1])
	}
	declared := 0
	for _, c := range sc.Commands {
		for _, f := range c.Funcs {
			declared++
			if m.Lookup(f) == nil {
				t.Errorf("model has no definition of %s", f.Name)
			}
		}
	}
	if declared != 6 {
		t.Fatalf("script declares %d symbols, want 6", declared)
	}
	em, err := eval.ModelFromSMTLIB(m)
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.New(em)
	for i, a := range sc.Assertions() {
		if v, err := ev.Eval(a); err != nil || v != smt.BoolValue(true) {
			t.Errorf("assertion %d is %v (%v) under Bitwuzla's model, want true\n%s", i+1, v, err, raws[1])
		}
	}
	vals, err := smtlib.ParseValues([]byte(raws[2]), sc)
	if err != nil {
		t.Fatalf("get-value: %v", err)
	}
	if len(vals) != 3 {
		t.Fatalf("get-value gave %d pairs, want 3", len(vals))
	}
	if v, err := smt.ValueOf(vals[0].Value); err != nil || v.String() != "#x2a" {
		t.Errorf("x = %v (%v), want #x2a (#b00101010)", vals[0].Value, err)
	}
}

// bitwuzlaBinary is the bitwuzla under test: $TANDEM_BITWUZLA, else
// bitwuzla on PATH, else the test is skipped (CI does not install it).
func bitwuzlaBinary(t *testing.T) *solver.Profile {
	t.Helper()
	bin := testutil.OptionalBinary(t, "bitwuzla", "TANDEM_BITWUZLA")
	p, _ := solver.NewRegistry().Get("bitwuzla")
	p.Binary = bin
	return p
}

// TestBitwuzlaReal runs a real Bitwuzla through the profile: one-shot and
// standard-input runs with models, the self-checks, the answer to a logic
// it does not support, a parse error, and an incremental session.
func TestBitwuzlaReal(t *testing.T) {
	p := bitwuzlaBinary(t)
	ctx := context.Background()
	lim := solver.RunOptions{Limits: solver.Limits{Wall: 30 * time.Second, CPU: 20 * time.Second}}

	t.Run("model", func(t *testing.T) {
		o := lim
		o.Mode = solver.Mode{Models: true, SelfCheck: true}
		r, err := solver.Run(ctx, p, solver.BytesInput([]byte(bitwuzlaModelScript)), o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != solver.StatusSat {
			t.Fatalf("status %v (%s)\nstdout: %s\nstderr: %s", r.Status, r.Reason, r.Stdout, r.Stderr)
		}
		checkBitwuzlaModel(t, string(r.Stdout))
	})
	t.Run("unsat", func(t *testing.T) {
		o := lim
		o.Mode = solver.Mode{SelfCheck: true}
		src := "(set-logic QF_BV)(declare-const x (_ BitVec 4))(assert (bvult x #x0))(check-sat)\n"
		r, err := solver.Run(ctx, p, solver.BytesInput([]byte(src)), o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != solver.StatusUnsat {
			t.Fatalf("status %v (%s)\n%s%s", r.Status, r.Reason, r.Stdout, r.Stderr)
		}
	})
	t.Run("unsupported-logic", func(t *testing.T) {
		src := "(set-logic QF_LIA)(declare-const x Int)(assert (> x 0))(check-sat)\n"
		r, err := solver.Run(ctx, p, solver.BytesInput([]byte(src)), lim)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != solver.StatusUnsupported || r.Signature != "" {
			t.Fatalf("status %v (%s), signature %q: want unsupported and no crash\n%s", r.Status, r.Reason, r.Signature, r.Stderr)
		}
	})
	t.Run("parse-error", func(t *testing.T) {
		src := "(set-logic QF_BV)(declare-const x (_ BitVec 4))(assert (bvult x))(check-sat)\n"
		r, err := solver.Run(ctx, p, solver.BytesInput([]byte(src)), lim)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != solver.StatusError || r.Signature != "" {
			t.Fatalf("status %v (%s), signature %q: want error and no crash\n%s", r.Status, r.Reason, r.Signature, r.Stderr)
		}
	})
	t.Run("session", func(t *testing.T) {
		s := modelSession(t, p)
		for _, c := range []string{"(set-logic QF_BV)", "(declare-const x (_ BitVec 8))", "(assert (bvugt x #x10))"} {
			if r, err := s.Exec(ctx, c); err != nil || r.Failed() {
				t.Fatalf("%s: %+v %v", c, r, err)
			}
		}
		want := []solver.Status{solver.StatusSat, solver.StatusUnsat, solver.StatusSat}
		for i, assert := range []string{"(bvult x #x20)", "(bvult x #x05)", "(= x #x11)"} {
			if _, err := s.Push(ctx, 1); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Assert(ctx, assert); err != nil {
				t.Fatal(err)
			}
			r, err := s.CheckSat(ctx)
			if err != nil || r.Status != want[i] {
				t.Fatalf("check-sat under %s: %+v %v, want %v", assert, r, err, want[i])
			}
			if r.Status == solver.StatusSat {
				v, err := s.Exec(ctx, "(get-value (x))")
				if err != nil || !strings.Contains(v.Raw, "#b") {
					t.Fatalf("get-value: %+v %v", v, err)
				}
			}
			if _, err := s.Pop(ctx, 1); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestSessionInjectedCommands closes the class of the bitwuzla false
// crashes (a session's own (get-info :name) made Bitwuzla exit, and every
// mutant looked like a crash): for each built-in profile with an
// interactive mode, the commands a Session adds by itself (print-success,
// push, pop and the end-of-exchange marker) must keep the process alive.
// Solvers that CI installs must be present there; bitwuzla is optional.
func TestSessionInjectedCommands(t *testing.T) {
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5", "cvc4", "bitwuzla"} {
		t.Run(name, func(t *testing.T) {
			var p *solver.Profile
			if name == "bitwuzla" {
				p = bitwuzlaBinary(t)
			} else {
				testutil.RequireBinary(t, name)
				p, _ = reg.Get(name)
			}
			ctx := context.Background()
			s := modelSession(t, p)
			for _, c := range []string{"(set-logic QF_BV)", "(declare-const x (_ BitVec 4))"} {
				if r, err := s.Exec(ctx, c); err != nil || r.Failed() {
					t.Fatalf("%s: %+v %v", c, r, err)
				}
			}
			for i := range 3 {
				ex, err := s.Isolated(ctx, "(assert (= x #x3))", "(check-sat)", "(get-value (x))")
				if err != nil || ex.Failed() || ex.Restarted {
					t.Fatalf("exchange %d: failed=%v restarted=%v err=%v: %+v", i, ex.Failed(), ex.Restarted, err, ex.Failure)
				}
				if len(ex.Replies) < 5 || ex.Replies[2].Status != solver.StatusSat {
					t.Fatalf("exchange %d: replies %+v", i, ex.Replies)
				}
			}
		})
	}
}
