package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"tandem/internal/reducesuite"
	"tandem/smtlib"
)

const reduceTestInput = `(set-logic QF_BV)
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(assert (= (bvadd a (bvudiv b c)) (bvmul a b)))
(assert (bvult (bvor a c) (bvand b c)))
(assert (= (bvxor a b) (bvnot c)))
(assert (distinct a b c))
(check-sat)
`

func reduceBuild(t *testing.T, dir, out, pkg string) string {
	t.Helper()
	bin := filepath.Join(dir, out)
	if b, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	return bin
}

// tandem reduce, interrupted with SIGINT, leaves the best result so far in
// OUT, and it still shows the bug; run to the end it reaches the core.
func TestReduceCLIInterruptKeepsBest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tandem and a fake solver")
	}
	dir := t.TempDir()
	tandem := reduceBuild(t, dir, "tandem", "tandem/cmd/tandem")
	fake := reduceBuild(t, dir, "fakesolver", "tandem/internal/reducesuite/fakesolver")
	in := filepath.Join(dir, "in.smt2")
	if err := os.WriteFile(in, []byte(reduceTestInput), 0o644); err != nil {
		t.Fatal(err)
	}
	bug := reducesuite.Bug{Kind: "nest", Outer: "bvadd", Inner: "bvudiv"}

	out := filepath.Join(dir, "out.smt2")
	cmd := exec.Command(tandem, "reduce", in, out, "--", fake, "-delay", "150ms", "-bug", bug.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the first improvement, then interrupt.
	waitForFile(t, cmd, out, "no improvement written", &stderr)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("tandem reduce after SIGINT: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "stopped (cancelled)") {
		t.Errorf("summary does not say the reduction was interrupted:\n%s", stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := smtlib.Parse(out, got)
	if err != nil {
		t.Fatalf("OUT after SIGINT does not parse: %v\n%s", err, got)
	}
	if !reducesuite.Triggers(sc, bug) || len(got) >= len(reduceTestInput) {
		t.Fatalf("OUT after SIGINT should be smaller and still trigger:\n%s", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".out.smt2.tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// To the end, with -j 2.
	out2 := filepath.Join(dir, "out2.smt2")
	b, err := exec.Command(tandem, "reduce", "-q", "-j", "2", in, out2, "--", fake, "-bug", bug.String()).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	got, _ = os.ReadFile(out2)
	sc, err = smtlib.Parse(out2, got)
	if err != nil || !reducesuite.Triggers(sc, bug) {
		t.Fatalf("final OUT: %v\n%s", err, got)
	}
	if as, nodes := reducesuite.Size(sc); as != 1 || nodes > 3 {
		t.Errorf("final OUT has %d assertions and %d operators, want 1 and at most 3:\n%s", as, nodes, got)
	}

	// A command that does not show the behaviour: exit status 1.
	err = exec.Command(tandem, "reduce", "-q", "--match-err", "no such message", in, out2, "--", fake, "-bug", bug.String()).Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("not-interesting input: %v, want exit status 1", err)
	}
}
