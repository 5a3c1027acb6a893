package solver

import (
	"context"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// TestRunModelIsTyped runs each real solver on a script and reads its model
// into typed values through the response parser.
func TestRunModelIsTyped(t *testing.T) {
	src := `(set-logic QF_BV)

(declare-fun x () (_ BitVec 8))(declare-fun y () (_ BitVec 8))
(assert (= (bvadd x y) #x10))(assert (bvult x #x05))(check-sat)
(get-model)`
	sc, err := smtlib.Parse("q.smt2", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	reg := NewRegistry()
	for _, name := range []string{"z3", "cvc5", "cvc4", "boolector"} {
		p, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		testutil.RequireBinary(t, p.Binary)
		script := src
		if p.Quirks.NativeModelFormat {
			script = strings.Replace(src, "(get-model)", "", 1) // boolector prints its model with -m
		}
		res, err := Run(context.Background(), p, BytesInput([]byte(script)), RunOptions{Limits: Limits{Wall: 10 * time.Second}, Mode: Mode{Models: true}})
		if err != nil {
			t.Fatal(err)
		}
		m, err := res.Model(sc)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, res.Stdout)
		}
		for _, d := range m.Defs {
			if !d.Declared {
				continue
			}
			v, err := smt.ValueOf(d.Body)
			if err != nil || v.Sort() != d.Func.Result {
				t.Errorf("%s: %s = %s: %v", name, d.Func.Name, d.Body, err)
			}
		}
		if len(m.Defs) < 2 {
			t.Errorf("%s: model has %d definitions", name, len(m.Defs))
		}
	}
}
