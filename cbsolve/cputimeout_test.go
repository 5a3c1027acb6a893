package cbsolve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 26, item 4: `tandem solve --timeout` is a CPU budget of the
// process tree, with a wall-clock safety limit. An SMT engine that burns
// CPU on check-sat is cut when the tree has used the budget (the wall
// limit is far); one that sleeps is cut at the wall limit (the budget is
// far). The test reads which limit ended the solve from the reason, never
// from the clock.
func TestSolveTimeoutIsTreeCPU(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "smt.smt2")
	// unsat, so that neither the probe nor the fuzzer can end the solve
	if err := os.WriteFile(script, []byte("(set-logic QF_BV)\n(declare-const x (_ BitVec 8))\n(assert (= x #x01))\n(assert (= x #x02))\n(check-sat)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var toml strings.Builder
	for name, onCheck := range map[string]string{"burnsmt": "while :; do :; done", "sleepsmt": "exec sleep 600"} {
		loop := `while read -r l; do case "$l" in *check-sat*) ` + onCheck + `;; *) echo success;; esac; done`
		fmt.Fprintf(&toml, "[solver.%s]\nbase = \"generic\"\nbinary = \"/bin/sh\"\ninteractive_args = [%q, %q]\none_shot_args = [%q, %q, \"{file}\"]\nstdin_args = [%q, %q]\nversion_args = [%q, %q]\n",
			name, "-c", loop, "-c", onCheck, "-c", onCheck, "-c", "echo "+name+" 1.0")
	}
	profiles := filepath.Join(dir, "solvers.toml")
	if err := os.WriteFile(profiles, []byte(toml.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		engine        string
		timeout, wall time.Duration
		want          string
	}{
		{"burnsmt", time.Second, 5 * time.Minute, "the process tree used its CPU budget of 1s"},
		{"sleepsmt", 5 * time.Minute, 2 * time.Second, "the wall-clock safety limit 2s passed"},
	} {
		o := FileOptions{CallTimeout: time.Second, Options: Options{SMT: c.engine, Profiles: profiles, Timeout: c.timeout, Wall: c.wall, TreeCPU: true, Probe: -1, NoPrecheck: true}}
		_, res, err := SolveFile(context.Background(), script, o)
		if err != nil {
			t.Fatalf("%s: %v", c.engine, err)
		}
		if res.Status != Unknown || !strings.Contains(res.Reason, c.want) {
			t.Errorf("%s: %s (%s); want unknown, %q", c.engine, res.Status, res.Reason, c.want)
		}
	}
}
