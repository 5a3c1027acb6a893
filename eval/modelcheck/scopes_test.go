package modelcheck_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

// scoped redeclares x with another sort after a pop and after a reset,
// checks under an assumption and passes options only one solver takes
// (issue 23 items 6 and 10).
const scoped = `(set-option :sets-exp true)
(set-option :smt.arith.solver 2)
(set-logic ALL)
(declare-const x Int)
(push 1)
(assert (> x 5))
(check-sat)
(pop 1)
(push 1)
(declare-const y Bool)
(declare-fun x2 () Int)
(assert (and y (< x2 x)))
(check-sat-assuming ((> x 100)))
(pop 1)
(declare-const y Real)
(assert (< y 0.5))
(check-sat)
(reset)
(declare-const x Bool)
(declare-const y (Array Int Bool))
(assert (and x (select y 3)))
(check-sat)
(reset-assertions)
(declare-const z Int)
(assert (> z 7))
(check-sat)
`

// TestModelsReadInTheirScope: each model is read against the symbols
// live at its check-sat, and only the assertions live there count.
func TestModelsReadInTheirScope(t *testing.T) {
	sc, err := smtlib.Parse("s.smt2", []byte(scoped))
	if err != nil {
		t.Fatal(err)
	}
	models := []string{
		"((define-fun x () Int 6))",
		"((define-fun x () Int 101) (define-fun y () Bool true) (define-fun x2 () Int 0))",
		"((define-fun x () Int 0) (define-fun y () Real 0.0))",
		"((define-fun x () Bool true) (define-fun y () (Array Int Bool) ((as const (Array Int Bool)) true)))",
		"((define-fun z () Int 8))",
	}
	wantLive := []int{1, 2, 1, 1, 1}
	st := smtlib.NewStack(sc)
	k := 0
	for c := st.Step(); c != nil; c = st.Step() {
		if c.Kind != smtlib.CmdCheckSat && c.Kind != smtlib.CmdCheckSatAssuming {
			continue
		}
		sm, err := st.ParseModel([]byte(models[k]))
		if err != nil {
			t.Fatalf("check-sat %d: %v", k+1, err)
		}
		m, err := eval.ModelFromSMTLIB(sm)
		if err != nil {
			t.Fatalf("check-sat %d: %v", k+1, err)
		}
		as := st.Assertions()
		if len(as) != wantLive[k] {
			t.Errorf("check-sat %d: %d assertions live, want %d", k+1, len(as), wantLive[k])
		}
		if rep := modelcheck.Evaluate(as, m); !rep.Holds() {
			t.Errorf("check-sat %d: %+v", k+1, rep.Assertions)
		}
		k++
	}
	if k != len(models) {
		t.Fatalf("%d check-sats", k)
	}
	// At the end z is Int (and x is gone: reset-assertions removes the
	// first level's declarations, SMT-LIB 2.6 §4.2.2): a Bool z does not
	// read there.
	if _, err := smtlib.ParseModel([]byte("((define-fun z () Bool true))"), sc); err == nil {
		t.Errorf("a Bool model of the Int z read against the script's end")
	}
}

// TestSolveAndCheckEveryCheckSat runs z3 and cvc5 on the scoped script:
// cvc5 needs --incremental for the push, z3 must not see the cvc5-only
// :sets-exp, and every model of every check-sat must hold in its scope.
func TestSolveAndCheckEveryCheckSat(t *testing.T) {
	sc, err := smtlib.Parse("s.smt2", []byte(scoped))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			p, err := solver.NewRegistry().Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			run, err := modelcheck.SolveAndCheck(context.Background(), sc, p, solver.Limits{Wall: 20 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if len(run.Checks) != 5 {
				t.Fatalf("%d checks: %+v", len(run.Checks), run.Checks)
			}
			for i, c := range run.Checks {
				if c.Answer != solver.StatusSat || c.Report == nil || !c.Report.Holds() || c.Untrusted != "" {
					t.Errorf("check-sat %d: %s %q %q %v %+v\n%s", i+1, c.Answer, c.NoModel, c.Untrusted, c.Err, c.Report, run.Result.Stdout)
				}
			}
			if !run.Holds() {
				t.Errorf("run does not hold")
			}
		})
	}
}

// TestRejectedCommandMakesLaterAnswersUntrusted: an error to a
// declaration is tied to its command, and the answers after it are not
// judged; an unsupported option is not such an error.
func TestRejectedCommandMakesLaterAnswersUntrusted(t *testing.T) {
	sc, err := smtlib.Parse("s.smt2", []byte("(declare-const x Int)(assert (> x 0))(check-sat)(declare-fun f (Int) Int)(assert (= (f x) 2))(check-sat)"))
	if err != nil {
		t.Fatal(err)
	}
	text, _ := modelcheck.ScriptForChecks(sc, nil)
	if got := strings.Count(string(text), "(get-model)"); got != 2 {
		t.Fatalf("%d get-models in\n%s", got, text)
	}
	p := solver.Command("fake", "sh", "-c", `cat >/dev/null; printf 'success\nsuccess\nsuccess\nsat\n((define-fun x () Int 1))\n(error "f: unknown sort")\nsuccess\nsat\n((define-fun x () Int 0))\n'`)
	run, err := modelcheck.SolveAndCheck(context.Background(), sc, p, solver.Limits{Wall: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Checks) != 2 || run.Checks[0].Untrusted != "" || !run.Checks[0].Report.Holds() {
		t.Fatalf("first check: %+v", run.Checks)
	}
	c := run.Checks[1]
	if !strings.Contains(c.Untrusted, "rejected the declare-fun") || c.Report == nil || c.Report.Holds() {
		t.Fatalf("second check: %+v", c)
	}
	if !run.Holds() {
		t.Errorf("an untrusted answer's model counted")
	}
}

// TestSolverConstructIsUnsupported: a model that uses z3's (_ fold-rec-1
// f) is reported as not checkable, not as unreadable or invalid (issue 23
// item 7).
func TestSolverConstructIsUnsupported(t *testing.T) {
	sc, err := smtlib.Parse("s.smt2", []byte("(declare-fun f ((_ BitVec 4)) (_ BitVec 4))(assert (= (f #x1) #x1))(check-sat)"))
	if err != nil {
		t.Fatal(err)
	}
	p := solver.Command("fake", "sh", "-c", `cat >/dev/null; printf 'success\nsuccess\nsat\n((define-fun f ((x!0 (_ BitVec 4))) (_ BitVec 4) ((_ fold-rec-1 bit-1) x!0)))\n'`)
	run, err := modelcheck.SolveAndCheck(context.Background(), sc, p, solver.Limits{Wall: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c := run.Checks[0]
	if c.Err != nil || c.Report != nil || !strings.Contains(c.Unsupported, "(_ fold-rec-1 bit-1") {
		t.Fatalf("%+v", c)
	}
}

// TestAtCheck: tandem eval --check N reads the model against the symbols
// live at the N-th check-sat.
func TestAtCheck(t *testing.T) {
	sc, err := smtlib.Parse("s.smt2", []byte(scoped))
	if err != nil {
		t.Fatal(err)
	}
	st, err := modelcheck.AtCheck(sc, 3)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := st.Lookup("y"); !ok || f.Result.String() != "Real" || len(st.Assertions()) != 1 {
		t.Fatalf("check-sat 3: y is %v, %d assertions", f, len(st.Assertions()))
	}
	if _, err := modelcheck.AtCheck(sc, 6); err == nil {
		t.Fatal("check-sat 6 of 5 accepted")
	}
}
