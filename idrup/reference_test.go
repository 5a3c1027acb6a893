package idrup_test

import (
	"bytes"
	"context"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
)

// idrupCheckBinary returns Biere's idrup-check: $IDRUP_CHECK, else
// idrup-check on PATH. It is not part of tandem's setup and CI does not
// install it, so a missing binary skips the test even when CI is set (the
// exception to internal/testutil.RequireBinary's rule, which fails in CI).
func idrupCheckBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("IDRUP_CHECK"); p != "" {
		return p
	}
	p, err := exec.LookPath("idrup-check")
	if err != nil {
		t.Skip("idrup-check not found: build github.com/arminbiere/idrup-check (./configure && make) and set IDRUP_CHECK to the binary; skipped even under CI, which does not install it")
	}
	return p
}

// runIdrupCheck runs the reference on two files and reports whether it
// verified them; it is killed with its process group after 60 s.
func runIdrupCheck(t *testing.T, bin, icnf, proof string) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-q", icnf, proof)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("idrup-check timed out on %s", proof)
	}
	if err == nil {
		return true
	}
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		return false
	}
	t.Fatalf("idrup-check on %s: %v: %s", proof, err, out.Bytes())
	return false
}

// hasDuplicateLiteral reports whether a line of the proof repeats a literal:
// idrup-check does not normalize them away and may then miss propagations
// and reject a RUP lemma, tandem does (package doc), so such proofs are not
// compared.
func hasDuplicateLiteral(lines []string) bool {
	for _, l := range lines {
		f := strings.Fields(l)
		seen := map[string]bool{}
		for _, x := range f[1:] {
			if seen[x] {
				return true
			}
			seen[x] = true
		}
	}
	return false
}

// TestAgainstIdrupCheck is the differential test against the reference
// checker: proofs and interaction files of tandem's solver on generated
// incremental scripts, and mutants of the proofs (a literal flipped,
// dropped, replaced or added, a line deleted, duplicated or swapped with
// the line before, a short lemma inserted), must get the same verdict from
// [idrup.CheckFiles] and from idrup-check in its default (strict) mode.
func TestAgainstIdrupCheck(t *testing.T) {
	bin := idrupCheckBinary(t)
	dir := t.TempDir()
	r := rand.New(rand.NewSource(29))
	runs, perRun := 60, 8
	if testing.Short() {
		runs = 15
	}
	var compared, accepted, rejected int
	for run := range runs {
		_, sc := satgen.Instance(r, run, 0.4)
		opts := satgen.RandomOptions(r)
		opts.ReduceInterval, opts.ReduceIncrement = 20, 5 // deletions in short runs
		var script, icnf, proof bytes.Buffer
		sc.WriteICNF(&script)
		s := sat.New(&opts)
		s.SetProof(&proof)
		if _, err := sat.RunICNF(context.Background(), s, &script, "s", &icnf, false); err != nil {
			t.Fatal(err)
		}
		s.Flush()
		icnfPath := filepath.Join(dir, "run.icnf")
		if err := os.WriteFile(icnfPath, icnf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(proof.String(), "\n"), "\n")
		if hasDuplicateLiteral(lines) {
			continue // the random scripts repeat literals at times
		}
		vars := max(sc.Vars, 1)
		for k := 0; k <= perRun; k++ {
			mut, what := lines, "none"
			if k > 0 {
				mut, what = mutate(r, lines, vars)
				if hasDuplicateLiteral(mut) {
					continue
				}
			}
			proofPath := filepath.Join(dir, "run.idrup")
			if err := os.WriteFile(proofPath, []byte(strings.Join(mut, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := idrup.CheckFiles(context.Background(), icnfPath, proofPath, idrup.Options{})
			want := runIdrupCheck(t, bin, icnfPath, proofPath)
			if (err == nil) != want {
				t.Fatalf("run %d (%s), mutation %q: tandem: %v; idrup-check verified: %v", run, sc.Name, what, err, want)
			}
			if k == 0 && err != nil {
				t.Fatalf("run %d (%s): the solver's proof fails: %v", run, sc.Name, err)
			}
			compared++
			if want {
				accepted++
			} else {
				rejected++
			}
		}
	}
	t.Logf("%d proofs compared: %d verified by both, %d rejected by both", compared, accepted, rejected)
	if accepted == 0 || rejected == 0 {
		t.Error("one verdict never occurred; the test lost its power")
	}
}

// stateCases are small interaction/proof pairs for the order in which the
// two files are read: when an input clause joins the clauses, and input
// clauses added while a query is checked (before its 's' line). want is
// idrup-check's verdict; the proofs have no 'p' header trouble, so the
// one-file check of each proof gives the same verdict.
var stateCases = []struct {
	name, icnf, proof string
	want              bool
}{
	{"lemma after its input",
		"p icnf\ni 1 2 0\ni 1 -2 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n",
		"p idrup\ni 1 2 0\ni 1 -2 0\nl 1 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n", true},
	// The interaction file has already given 'i 1 -2 0' when the proof's
	// lemma is read, but the proof adds it only after the lemma.
	{"lemma before its input",
		"p icnf\ni 1 2 0\ni 1 -2 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n",
		"p idrup\ni 1 2 0\nl 1 0\ni 1 -2 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n", false},
	{"input while checking a query",
		"p icnf\ni 1 2 0\nq -1 0\ni 1 -2 0\ns UNSATISFIABLE\nu -1 0\n",
		"p idrup\ni 1 2 0\nq -1 0\ni 1 -2 0\nl 1 0\ns UNSATISFIABLE\nu -1 0\n", true},
	{"lemma before an input while checking a query",
		"p icnf\ni 1 2 0\nq -1 0\ni 1 -2 0\ns UNSATISFIABLE\nu -1 0\n",
		"p idrup\ni 1 2 0\nq -1 0\nl 1 0\ni 1 -2 0\ns UNSATISFIABLE\nu -1 0\n", false},
	{"model of an input added while checking",
		"p icnf\ni 1 2 0\nq 0\ni -1 0\ns SATISFIABLE\nm -1 2 0\n",
		"p idrup\ni 1 2 0\nq 0\ni -1 0\ns SATISFIABLE\nm -1 2 0\n", true},
	{"model violating an input added while checking",
		"p icnf\ni 1 2 0\nq 0\ni -1 0\ns SATISFIABLE\nm 1 2 0\n",
		"p idrup\ni 1 2 0\nq 0\ni -1 0\ns SATISFIABLE\nm 1 2 0\n", false},
	{"input while checking missing from the interactions",
		"p icnf\ni 1 2 0\nq -1 0\ns UNSATISFIABLE\nu -1 0\n",
		"p idrup\ni 1 2 0\nq -1 0\ni 1 -2 0\nl 1 0\ns UNSATISFIABLE\nu -1 0\n", false},
	{"input while checking differs from the interactions",
		"p icnf\ni 1 2 0\nq -1 0\ni 1 -3 0\ns UNSATISFIABLE\nu -1 0\n",
		"p idrup\ni 1 2 0\nq -1 0\ni 1 -2 0\nl 1 0\ns UNSATISFIABLE\nu -1 0\n", false},
}

// TestInputOrder checks the cases above with tandem (both files, and the
// proof alone where the interactions do not matter) and, when idrup-check
// is available, that it gives the same verdicts: an input clause counts
// from the proof's 'i' line on (a lemma the proof gives before it is
// checked without it, though the interaction file came first), and a
// proof may add input clauses while it checks a query.
func TestInputOrder(t *testing.T) {
	bin := os.Getenv("IDRUP_CHECK")
	if bin == "" {
		bin, _ = exec.LookPath("idrup-check")
	}
	dir := t.TempDir()
	for _, tc := range stateCases {
		icnf, proof := filepath.Join(dir, "in.icnf"), filepath.Join(dir, "proof.idrup")
		if err := os.WriteFile(icnf, []byte(tc.icnf), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(proof, []byte(tc.proof), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := idrup.CheckFiles(context.Background(), icnf, proof, idrup.Options{})
		if (err == nil) != tc.want {
			t.Errorf("%s: tandem: %v, want verified %v", tc.name, err, tc.want)
		}
		if strings.Contains(tc.name, "interactions") {
			continue // the proof alone is fine
		}
		_, err = idrup.CheckFiles(context.Background(), "", proof, idrup.Options{})
		if (err == nil) != tc.want {
			t.Errorf("%s, proof alone: tandem: %v, want verified %v", tc.name, err, tc.want)
		}
		if bin != "" {
			if got := runIdrupCheck(t, bin, icnf, proof); got != tc.want {
				t.Errorf("%s: idrup-check verified %v, the case says %v", tc.name, got, tc.want)
			}
		}
	}
}
