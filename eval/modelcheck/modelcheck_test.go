package modelcheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

const script = `
(declare-fun f (Int Int) Int)
(declare-const a (Array Int Int))
(declare-const b (Array Int Int))
(declare-const x Int)
(declare-const r Real)
(define-fun g ((z Int)) Int (+ z 1))
(assert (= (f 1 2) 7))
(assert (= (select a 3) 4))
(assert (= a b))
(assert (= (g x) (f x x)))
(assert (= (div x 0) 5))
(assert (= r (/ 1.0 3.0)))
(check-sat)
`

// A z3-style model: a function as an ite table, arrays as as-array of a
// helper, div0 interpreting division by zero.
const model = `(model
  (define-fun x () Int 2)
  (define-fun r () Real (/ 1.0 3.0))
  (define-fun a () (Array Int Int) (_ as-array k!0))
  (define-fun b () (Array Int Int) (store ((as const (Array Int Int)) 0) 3 4))
  (define-fun k!0 ((x!0 Int)) Int (ite (= x!0 3) 4 0))
  (define-fun f ((x!0 Int) (x!1 Int)) Int (ite (and (= x!0 1) (= x!1 2)) 7 (ite (and (= x!0 2) (= x!1 2)) 3 0)))
  (define-fun div0 ((x!0 Int) (x!1 Int)) Int (ite (and (= x!0 2) (= x!1 0)) 5 0))
)`

func TestModelFromSMTLIB(t *testing.T) {
	sc, err := smtlib.Parse("t.smt2", []byte(script))
	if err != nil {
		t.Fatal(err)
	}
	sm, err := smtlib.ParseModel([]byte(model), sc)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		t.Fatal(err)
	}
	as, at := modelcheck.AssertionsAtFirstCheck(sc)
	if len(as) != 6 || at < 0 {
		t.Fatalf("%d assertions before check-sat %d", len(as), at)
	}
	rep := modelcheck.Evaluate(as, m)
	for _, a := range rep.Assertions {
		if a.Verdict != modelcheck.True {
			t.Errorf("assertion %d %s: %s %v %v", a.Index+1, a.Term, a.Verdict, a.Value, a.Err)
		}
	}
	// Without div0 the fifth assertion is undefined, not false.
	m.IntDivByZero = nil
	rep = modelcheck.Evaluate(as, m)
	if rep.Assertions[4].Verdict != modelcheck.Undefined || rep.Undefined != 1 {
		t.Errorf("without div0: %v", rep.Assertions[4].Verdict)
	}
}

func TestMalformedModelIsAnError(t *testing.T) {
	sc, err := smtlib.Parse("t.smt2", []byte(script))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		"(model (define-fun x () Int true))",
		"(model (define-fun a () (Array Int Int) 3))",
	} {
		sm, err := smtlib.ParseModel([]byte(bad), sc)
		if err != nil {
			continue // rejected by the parser: fine
		}
		if _, err := eval.ModelFromSMTLIB(sm); err == nil {
			t.Errorf("model %s accepted", bad)
		}
	}
}

// TestZ3ModelsHold checks z3's models of a sample of satisfiable corpus
// files; bench/checkmodel runs the whole corpus.
func TestZ3ModelsHold(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	var files []string
	for _, pat := range []string{"seeds/QF_LIA/sat/*.smt2", "seeds/QF_LRA/sat/*.smt2", "seeds/QF_AX/sat/*.smt2", "seeds/QF_AUFLIA/sat/*.smt2", "seeds/QF_BV/sat/*.smt2"} {
		fs, _ := filepath.Glob(filepath.Join(testutil.Corpus(t, "seeds"), "..", pat))
		if len(fs) > 8 {
			fs = fs[:8]
		}
		files = append(files, fs...)
	}
	reg := solver.NewRegistry()
	z3, err := reg.Lookup("z3")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		sc, err := smtlib.ParseFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		run, err := modelcheck.SolveAndCheck(context.Background(), sc, z3, solver.Limits{Wall: 5 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if run.Report == nil {
			continue // not solved in time
		}
		checked++
		if !run.Report.Holds() {
			for _, a := range run.Report.Assertions {
				if a.Verdict != modelcheck.True {
					t.Errorf("%s: assertion %d is %s (%v %v)", f, a.Index+1, a.Verdict, a.Value, a.Err)
					break
				}
			}
		}
	}
	t.Logf("%d of %d files solved and their models hold", checked, len(files))
}

// TestNoModelSaysWhy: a sat answer without a model is explained: the
// solver's (error "…") to get-model is quoted, and output past the cap is
// named as such (issue 28: both said "printed no model").
func TestNoModelSaysWhy(t *testing.T) {
	sc, err := smtlib.Parse("s.smt2", []byte("(declare-const x Int)(assert (> x 0))(check-sat)"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := []struct{ name, body, want string }{
		{"error", `printf 'sat\n(error "line 3 column 10: model is not available")\n'`,
			`generic answered sat, then answered (get-model) with an error: line 3 column 10: model is not available`},
		{"cap", `printf 'sat\n(model\n'; i=0; while [ $i -lt 200 ]; do printf '(define-fun x () Int 1)\n'; i=$((i+1)); done; printf ')\n'`,
			"generic answered sat, but its output passed the 1024-byte output cap"},
		{"nothing", `printf 'sat\n'`, "generic answered sat but printed no model"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bin := filepath.Join(dir, c.name, "generic")
			if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(bin, []byte("#!/bin/sh\n"+c.body+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			p, err := solver.NewRegistry().Lookup(bin)
			if err != nil {
				t.Fatal(err)
			}
			run, err := modelcheck.SolveAndCheck(context.Background(), sc, p, solver.Limits{Wall: 10 * time.Second, OutputCap: 1024})
			if err != nil {
				t.Fatal(err)
			}
			if run.Report != nil || !strings.HasPrefix(run.NoModel, c.want) {
				t.Fatalf("NoModel = %q, want %q", run.NoModel, c.want)
			}
		})
	}
}
