package smtlib_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

// z3Lenient uses each leniency of the z3 dialect once.
const z3Lenient = `(declare-const a Int)
(declare-const r Real)
(declare-const b Bool)
(assert (= (+ a) (* 1)))
(assert (xor b))
(assert (= (div r 2.0) 0.))
(check-sat)
`

// TestDialectZ3: strict SMT-LIB rejects each leniency, the z3 dialect
// accepts it with a located warning and reads it as z3 does: z3 gives the
// same answer on the normalized (strict) script as on the original.
func TestDialectZ3(t *testing.T) {
	_, err := smtlib.Parse("z.smt2", []byte(z3Lenient))
	if err == nil || smtlib.ErrorText("z.smt2", err) != "z.smt2:4:12: + takes at least 2 arguments, got 1\nz.smt2:5:9: xor takes at least 2 arguments, got 1\nz.smt2:6:24: a decimal needs digits after the point\n" {
		t.Errorf("strict:\n%s", smtlib.ErrorText("z.smt2", err))
	}
	var warns []string
	sc, err := smtlib.Parse("z.smt2", []byte(z3Lenient), smtlib.Options{Dialect: smtlib.DialectZ3, Warn: func(e *smtlib.Error) { warns = append(warns, e.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	wantWarns := []string{
		"z.smt2:4:13: warning: z3 dialect: (+ t) of one argument read as t",
		"z.smt2:4:19: warning: z3 dialect: (* t) of one argument read as t",
		"z.smt2:5:10: warning: z3 dialect: (xor t) of one argument read as t",
		"z.smt2:6:24: warning: z3 dialect: 0. read as the decimal 0.0",
		"z.smt2:6:13: warning: z3 dialect: (div a b) of Reals read as z3 does, (to_real (div (to_int a) (to_int b)))",
	}
	if strings.Join(warns, "\n") != strings.Join(wantWarns, "\n") {
		t.Errorf("warnings:\n%s\nwant\n%s", strings.Join(warns, "\n"), strings.Join(wantWarns, "\n"))
	}
	printed := smtlib.Print(sc)
	for _, want := range []string{"(assert (= a 1))", "(assert b)", "(assert (= (to_real (div (to_int r) (to_int 2.0))) 0.0))"} {
		if !strings.Contains(printed, want+"\n") {
			t.Errorf("missing %s in\n%s", want, printed)
		}
	}
	if _, err := smtlib.Parse("printed.smt2", []byte(printed)); err != nil {
		t.Errorf("the normalized script is not strict SMT-LIB: %v", err)
	}
	if _, err := smtlib.ParseDialect("z4"); err == nil {
		t.Errorf("unknown dialect accepted")
	}

	testutil.RequireBinary(t, "z3")
	z3, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		t.Fatal(err)
	}
	opts := solver.RunOptions{Limits: solver.Limits{Wall: 10 * time.Second}}
	for _, src := range []string{
		z3Lenient + "(assert (not b))(check-sat)",
		// sat if div were /, unsat as z3 reads it
		"(declare-const r Real)(assert (> (div r 2.0) 1.))(assert (< r 3.))(check-sat)",
		"(declare-const r Real)(assert (= (div r 0.5) 0.))(assert (= r 2.5))(check-sat)",
		"(declare-const r Real)(assert (= (div r 2.0) (- 2.)))(assert (= r (- 2.5)))(check-sat)",
	} {
		sc, err := smtlib.Parse("z.smt2", []byte(src), smtlib.Options{Dialect: smtlib.DialectZ3})
		if err != nil {
			t.Fatal(err)
		}
		orig, err := solver.Run(context.Background(), z3, solver.BytesInput([]byte(src)), opts)
		if err != nil {
			t.Fatal(err)
		}
		norm, err := solver.Run(context.Background(), z3, solver.BytesInput([]byte(smtlib.Print(sc))), opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(orig.Errors) > 0 || len(norm.Errors) > 0 || len(orig.Answers) == 0 || !equalAnswers(orig.Answers, norm.Answers) {
			t.Errorf("z3 reads %q as %v %v, its normalization as %v %v", src, orig.Answers, orig.Errors, norm.Answers, norm.Errors)
		}
	}
}

func equalAnswers(a, b []solver.Status) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
