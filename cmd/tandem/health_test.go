package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeZ3 writes a script named z3 into a new directory: it answers
// --version like z3 4.8.12 and every query with behaviour. It returns the
// environment that puts it first on PATH (and no user profiles file).
func fakeZ3(t *testing.T, behaviour string) []string {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Z3 version 4.8.12 - 64 bit'; exit 0; fi\n" + behaviour + "\n"
	if err := os.WriteFile(filepath.Join(dir, "z3"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "XDG_CONFIG_HOME="+t.TempDir(), "TANDEM_SOLVERS=")
}

// A campaign against a solver that rejects its options (z3
// smt.bogus_option=1) or crashes on every query tested nothing: it must
// say BROKEN with the solver's message and exit 1, for DIVER with seed
// files (the one seed skipped with its reason, and the run ends at once
// instead of solving it again), DIVER with built-in seeds (every mutant an
// error) and BanditFuzz (every query an error), never "findings 0" and 0.
func TestBrokenCampaignExitsNonZero(t *testing.T) {
	bin := campaignBinary(t)
	seeds := t.TempDir()
	seed := "(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 2))\n(check-sat)\n"
	if err := os.WriteFile(filepath.Join(seeds, "s.smt2"), []byte(seed), 0o644); err != nil {
		t.Fatal(err)
	}
	bogus := `echo "ERROR: unknown parameter 'bogus_option' at module 'smt'"; echo 'Legal parameters are:'; exit 1`
	smtError := `echo '(error "unknown parameter smt.bogus_option")'; exit 1`
	crash := `echo 'ASSERTION VIOLATION File: ../src/smt/smt_context.cpp Line: 42' >&2; kill -SEGV $$`
	for _, c := range []struct {
		name, behaviour string
		args            []string
		want            []string
	}{
		{"diver bogus option", bogus, []string{"diver", "--solver", "z3 smt.bogus_option=1", "-n", "3", "-m", "5", seeds},
			[]string{"all 1 iterations were skipped", "skipped for 1× solver gave no model (error)", "unknown parameter 'bogus_option'"}},
		{"diver crashing solver", crash, []string{"diver", "--solver", "z3", "-n", "3", "-m", "5", seeds},
			[]string{"all 1 iterations were skipped", "skipped for 1× solver gave no model (crash)", "ASSERTION VIOLATION"}},
		{"diver built-in seeds", bogus, []string{"diver", "--solver", "z3 smt.bogus_option=1", "-n", "2", "-m", "3", "--logic", "QF_LIA"},
			[]string{"6 of 6 solver calls (100%) ended in an error", "ERROR: unknown parameter 'bogus_option'"}},
		{"diver built-in seeds, error answers", smtError, []string{"diver", "--solver", "z3 smt.bogus_option=1", "-n", "2", "-m", "3", "--logic", "QF_LIA"},
			[]string{"6 of 6 solver calls (100%) ended in an error", "unknown parameter"}},
		{"bandit", smtError, []string{"bandit", "campaign", "--solver", "z3", "--solver", "z3 smt.arith.solver=2", "--theory", "lia", "--queries", "3", "-n", "2"},
			[]string{"solver calls (100%) ended in an error", "unknown parameter"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "run")
			args := append([]string{}, c.args...)
			if args[0] == "bandit" {
				args = append(args[:2], append([]string{out}, args[2:]...)...)
			} else {
				args = append(args, "--out", out)
			}
			cmd := exec.Command(bin, append(args, "-j", "1", "--seed", "1")...)
			cmd.Env = fakeZ3(t, c.behaviour)
			b, err := cmd.CombinedOutput()
			if code := exitCode(err); code != 1 {
				t.Fatalf("exit %d, want 1\n%s", code, b)
			}
			for _, w := range append([]string{"BROKEN", "is broken"}, c.want...) {
				if !strings.Contains(string(b), w) {
					t.Errorf("output lacks %q:\n%s", w, b)
				}
			}
		})
	}
}
