package modelcheck

import (
	"bytes"
	"strings"
	"testing"

	"tandem/eval"
	"tandem/smtlib"
	"tandem/solver"
)

// WriteText prints one verdict per assertion, with the culprit of an
// undefined one, then the summary; quiet prints only the summary.
func TestReportWriteText(t *testing.T) {
	sc, err := smtlib.Parse("q.smt2", []byte("(declare-const x Int)\n(assert (> x 1))\n(assert (= (div 1 x) 2))\n(assert (< x 0))\n(check-sat)\n"))
	if err != nil {
		t.Fatal(err)
	}
	sm, err := smtlib.ParseModel([]byte("((define-fun x () Int 0))"), sc)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		t.Fatal(err)
	}
	as, _ := AssertionsAtFirstCheck(sc)
	rep := Evaluate(as, m)
	var b bytes.Buffer
	rep.WriteText(&b, false)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 4 || lines[0] != "assertion 1: false" || !strings.HasPrefix(lines[1], "assertion 2: undefined: ") ||
		lines[3] != "3 assertions: 0 true, 2 false, 1 undefined, 0 not evaluable" {
		t.Errorf("report:\n%s", b.String())
	}
	b.Reset()
	rep.WriteText(&b, true)
	if b.String() != lines[3]+"\n" {
		t.Errorf("quiet report %q", b.String())
	}
	for _, c := range []struct {
		run  *Run
		want string
	}{
		{&Run{Result: &solver.Result{Status: solver.StatusUnsat}}, "model      not checked (the answer was unsat)\n"},
		{&Run{Report: &Report{True: 2}}, "model      valid: all 2 assertions are true under it\n"},
		{&Run{Report: rep}, "model      INVALID: 0 true, 2 false, 1 undefined, 0 not evaluable\nassertion 1: false\n"},
	} {
		b.Reset()
		c.run.WriteVerdict(&b)
		if !strings.HasPrefix(b.String(), c.want) {
			t.Errorf("verdict %q, want it to start with %q", b.String(), c.want)
		}
	}
}
