package reduce

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tandem/internal/reducesuite"
	"tandem/internal/testutil"
	"tandem/smtlib"
)

// buildFake builds the planted-bug fake solver once per test.
func buildFake(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fakesolver")
	cmd := exec.Command("go", "build", "-o", bin, "tandem/internal/reducesuite/fakesolver")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the fake solver: %v\n%s", err, out)
	}
	return bin
}

// z3Parses checks that z3 reads a script without an error.
func z3Parses(t *testing.T, z3 string, src []byte) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "check.smt2")
	if err := os.WriteFile(p, append(src, "(exit)\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(z3, "-smt2", "-T:10", p).CombinedOutput()
	if err != nil || strings.Contains(string(out), "error") {
		t.Fatalf("z3 rejects the reduced script: %v %s\n%s", err, out, src)
	}
}

// A sample of the planted-bug suite through a real external program (the
// full suite is go run ./bench/reducesuite): the reduced file still
// triggers, z3 parses it, and it is no larger than the planted core.
func TestCommandPredicateOnPlantedBugs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a fake solver")
	}
	testutil.Corpus(t, "seeds")
	z3 := testutil.RequireBinary(t, "z3")
	fake := buildFake(t)
	cases, err := reducesuite.Cases(testutil.SharedDir()+"/corpus", 1)
	if err != nil {
		t.Fatal(err)
	}
	// Every third case: a crash, a wrong answer, strings, FP, arrays…
	for i := 0; i < len(cases); i += 3 {
		c := cases[i]
		t.Run(c.Name, func(t *testing.T) {
			ctx := context.Background()
			pred, err := NewCommandPredicate(ctx, c.Src, CommandOptions{Argv: []string{fake, "-bug", c.Bug.String()}})
			if err != nil {
				t.Fatal(err)
			}
			defer pred.Close()
			res, err := Reduce(ctx, c.Src, pred.Interesting, Options{Jobs: 2, Passes: SMTLIBPasses()})
			if err != nil {
				t.Fatal(err)
			}
			sc, err := smtlib.Parse("out.smt2", res.Output)
			if err != nil {
				t.Fatal(err)
			}
			if !reducesuite.Triggers(sc, c.Bug) {
				t.Fatalf("reduced script no longer triggers %s:\n%s", c.Bug, res.Output)
			}
			as, nodes := reducesuite.Size(sc)
			if as > c.IdealAsserts || nodes > c.IdealNodes {
				t.Errorf("%d assertions, %d operators; planted core %d, %d:\n%s", as, nodes, c.IdealAsserts, c.IdealNodes, res.Output)
			}
			z3Parses(t, z3, res.Output)
			t.Logf("%s: %d -> %d bytes, %d tests, %v", c.Bug, len(c.Src), len(res.Output), res.Stats.Tests, res.Stats.Elapsed)
		})
	}
}

// --cross-check: interesting while the two commands disagree as on the
// original. The first fake answers unsat when one assertion has bvadd and
// another bvmul; the second always answers sat.
func TestCrossCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a fake solver")
	}
	fake := buildFake(t)
	src := []byte(`(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(assert (= (bvadd a b) (bvmul a #x03)))
(assert (bvult (bvadd b b) a))
(assert (distinct a b))
(check-sat)
`)
	ctx := context.Background()
	pred, err := NewCommandPredicate(ctx, src, CommandOptions{
		Argv:       []string{fake, "-bug", "pair:bvadd,bvmul"},
		CrossCheck: []string{fake, "-bug", "pair:nothing,never"},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer pred.Close()
	res, err := Reduce(ctx, src, pred.Interesting, Options{Passes: SMTLIBPasses()})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := smtlib.Parse("out.smt2", res.Output)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sc.Assertions()); n != 2 {
		t.Fatalf("want the two assertions that make the answers differ, got %d:\n%s", n, res.Output)
	}
	t.Logf("%s", res.Output)

	// Commands that agree cannot be cross-checked.
	if _, err := NewCommandPredicate(ctx, src, CommandOptions{Argv: []string{fake, "-bug", "pair:x,y"},
		CrossCheck: []string{fake, "-bug", "pair:nothing,never"}}); err == nil {
		t.Fatal("want an error when the two commands agree on the original")
	}
}

func TestMatchErrAndRegex(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a fake solver")
	}
	fake := buildFake(t)
	src := []byte("(declare-const x Int)\n(assert (> (* x (div x 2)) 3))\n(assert (< x 10))\n(check-sat)\n")
	for _, o := range []CommandOptions{
		{MatchErr: "ASSERTION VIOLATION"},
		{MatchErr: `div under \*\s*$`, Regex: true},
		{IgnoreOutput: true},
	} {
		o.Argv = []string{fake, "-bug", "nest:*/div"}
		pred, err := NewCommandPredicate(context.Background(), src, o)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Reduce(context.Background(), src, pred.Interesting, Options{Passes: SMTLIBPasses()})
		pred.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(res.Output), "(div ") || len(res.Output) > 40 {
			t.Errorf("%+v: got\n%s", o, res.Output)
		}
	}
	if _, err := NewCommandPredicate(context.Background(), src, CommandOptions{Argv: []string{fake, "-bug", "nest:*/div"}, MatchErr: "segfault"}); err == nil {
		t.Error("want an error when the golden run does not match --match-err")
	}
}
