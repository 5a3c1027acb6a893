package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"tandem/internal/testutil"
)

// tandem fuzzysat's messages (issues 22 and 28): an empty query file and
// a quantified query are refused with a message and exit 2, the query of
// the wrong unsat is solved from the all-zero seed, and --fallback reads
// the profiles of $TANDEM_SOLVERS as run, diver and bandit do.
func TestFuzzysatCLIMessages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tandem")
	}
	z3 := testutil.RequireBinary(t, "z3")
	bin := campaignBinary(t)
	dir := t.TempDir()
	write := func(name, text string) string { return testutil.WriteFile(t, dir, name, text) }
	empty := write("empty.smt2", "")
	quant := write("quant.smt2", "(declare-const k!0 (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvuge k!0 y)))")
	wrong := write("q22.smt2", "(declare-fun k!0 () (_ BitVec 8)) (declare-fun k!1 () (_ BitVec 8))\n"+
		"(assert (and (= k!1 #x02) (= (bvsub ((_ zero_extend 24) k!0) #x00000030) #x00000000)))")
	zero0 := write("zero0.bin", "")
	zero2 := write("zero2.bin", "\x00\x00")
	profiles := write("solvers.toml", "[solver.myz3]\nbinary = \""+z3+"\"\nbase = \"z3\"\n")
	run := func(env []string, args ...string) (string, string, int) {
		cmd := exec.Command(bin, append([]string{"fuzzysat"}, args...)...)
		cmd.Env = append(os.Environ(), env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		return out.String(), errb.String(), exitCode(err)
	}
	for _, c := range []struct {
		env        []string
		args       []string
		code       int
		out, inErr string
	}{
		{nil, []string{empty, zero0}, 2, "", "no assert"},
		{nil, []string{quant, zero0}, 2, "", "quantified"},
		{nil, []string{quant, zero0, "--fallback", "z3"}, 0, "sat (fallback)", ""},
		{nil, []string{wrong, zero2}, 0, "sat", ""},
		{nil, []string{wrong, zero2, "--fallback", "myz3"}, 2, "", `unknown solver "myz3"`},
		{[]string{"TANDEM_SOLVERS=" + profiles}, []string{wrong, zero2, "--fallback", "myz3"}, 0, "sat", ""},
	} {
		out, errText, code := run(c.env, c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errText, c.inErr) || strings.Contains(out, "unsat") {
			t.Errorf("fuzzysat %v %v: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
				c.env, c.args, code, out, errText, c.code, c.out, c.inErr)
		}
	}
}
