package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/solver"
)

// TestSMTAsSolverProfile runs the built tandem through its own solver
// profile, as diver, bandit, check-model and reduce do: a one-shot script
// and one on standard input, answered by fuzzing and by the z3 behind it;
// and --fallback tandem is refused (it would start itself without end).
func TestSMTAsSolverProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tandem")
	}
	testutil.RequireBinary(t, "z3")
	bin := campaignBinary(t)
	p, ok := solver.NewRegistry().Get("tandem")
	if !ok {
		t.Fatal("no tandem profile")
	}
	p.Binary = bin
	script := []byte(`(declare-const x (_ BitVec 32))
(declare-const i Int)
(assert (bvult x #x00000100))
(push 1)
(assert (= (bvmul x #x00000003) #x00000021))
(check-sat)
(get-value (x))
(pop 1)
(check-sat-assuming ((> (* i i) 4) (< i 2) (> i (- 2))))
`)
	file := filepath.Join(t.TempDir(), "q.smt2")
	if err := os.WriteFile(file, script, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, in := range []solver.Input{solver.FileInput(file), solver.BytesInput(script)} {
		res, err := solver.Run(context.Background(), p, in, solver.RunOptions{Limits: solver.Limits{Wall: time.Minute}, Mode: solver.Mode{Models: true}})
		if err != nil {
			t.Fatal(err)
		}
		want := []solver.Status{solver.StatusSat, solver.StatusUnsat}
		if !slices.Equal(res.Answers, want) || len(res.RawResponses) != 1 || res.RawResponses[0] != "((x #x0000000b))" {
			t.Errorf("%v: answers %v, responses %q, stderr %s", res.Argv, res.Answers, res.RawResponses, res.Stderr)
		}
	}
	out, err := exec.Command(bin, "smt", "--fallback", "tandem").CombinedOutput()
	if exitCode(err) != 2 || !strings.Contains(string(out), "cannot fall back on itself") {
		t.Errorf("--fallback tandem: exit %d, %s", exitCode(err), out)
	}
}
