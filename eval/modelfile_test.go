package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/smt"
	"tandem/smtlib"
)

// ReadModelFile reads a get-model answer for a script's symbols and names
// the model and the file in its errors.
func TestReadModelFile(t *testing.T) {
	sc, err := smtlib.Parse("q.smt2", []byte("(declare-const x Int)\n(assert (> x 1))\n"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "m.smt2")
	os.WriteFile(good, []byte("((define-fun x () Int 5))"), 0o644)
	m, err := ReadModelFile(good, "model", sc)
	if err != nil {
		t.Fatal(err)
	}
	v, err := New(m).Eval(sc.Assertions()[0])
	if err != nil || v != smt.BoolValue(true) {
		t.Errorf("(> x 1) under x = 5: %v, %v", v, err)
	}
	bad := filepath.Join(dir, "bad.smt2")
	os.WriteFile(bad, []byte("((define-fun x () Int true))"), 0o644)
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "missing"), "reading the seed model: "},
		{bad, "seed model " + bad},
	} {
		if _, err := ReadModelFile(c.path, "seed model", sc); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadModelFile(%s): %v, want %q", c.path, err, c.want)
		}
	}
}
