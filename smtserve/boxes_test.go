package smtserve

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tandem/internal/testutil"
	"tandem/solver"
)

// TestClosedBoxesBySADHAK checks that queries over a closed box are
// answered by SADHAK when tandem smt has the box's implementation: sat
// with values the box agrees with, unsat after a push that rules every
// input out (and again sat after its pop), check-sat-assuming's literals
// taken as assertions, and unknown (never the fallback's answer over an
// uninterpreted f) without an implementation.
func TestClosedBoxesBySADHAK(t *testing.T) {
	testutil.RequireBinary(t, "z3") // cbsolve's SMT engine
	dir := t.TempDir()
	box := filepath.Join(dir, "mul8")
	prog := "#!/bin/sh\nwhile read n a b; do echo $(( (a * b) % 256 )); done\n"
	if err := os.WriteFile(box, []byte(prog), 0o755); err != nil {
		t.Fatal(err)
	}
	script := `(set-logic QF_BV)
(declare-cb f ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(assert (= (f x y) #x0c))
(assert (bvugt x #x01))
(assert (bvugt y #x01))
(check-sat)
(get-value (x y))
(push 1)
(assert (= x #x00))
(check-sat)
(pop 1)
(check-sat-assuming ((= y #x00)))
(check-sat)
`
	o := Options{Boxes: BoxOptions{Specs: []string{"f=exec:" + box}}}
	out, s := serve(t, &fakeBackend{answer: solver.StatusSat}, script, o)
	var answers []string
	for _, l := range lines(out) {
		if l == "sat" || l == "unsat" || l == "unknown" {
			answers = append(answers, l)
		}
	}
	if strings.Join(answers, " ") != "sat unsat unsat sat" {
		t.Fatalf("answers:\n%s", out)
	}
	x, y := hexValue(t, out, "x"), hexValue(t, out, "y")
	if x*y%256 != 12 || x <= 1 || y <= 1 {
		t.Errorf("model x=%d y=%d does not satisfy the box's assertions", x, y)
	}
	if st := s.Stats(); st.BoxSat != 2 || st.BoxUnsat != 2 || st.FallbackSat+st.FallbackUnsat != 0 {
		t.Errorf("stats %+v", st)
	}
	out, _ = serve(t, &fakeBackend{answer: solver.StatusSat}, script)
	if !strings.HasPrefix(out, "unknown\n") {
		t.Errorf("without an implementation: %q", out)
	}
}

// hexValue reads name's value from a get-value answer.
func hexValue(t *testing.T, out, name string) int {
	t.Helper()
	m := regexp.MustCompile(`\(` + name + ` #x([0-9a-f]+)\)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no value of %s in %q", name, out)
	}
	v, err := strconv.ParseInt(m[1], 16, 64)
	if err != nil {
		t.Fatal(err)
	}
	return int(v)
}
