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
	profiles := fakeEngines(t, dir)
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

// fakeEngines writes a profiles file with two SMT engines that answer
// success to everything but check-sat, where burnsmt burns CPU and
// sleepsmt sleeps, and returns its path.
func fakeEngines(t *testing.T, dir string) string {
	t.Helper()
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
	return profiles
}

// TestInnerLimitsAreTreeCPU: with TreeCPU the solve's inner limits (the
// pre-check's quarter of Timeout, SMTCallTimeout) are CPU time of the
// process tree too, under the wall-clock safety limit (issue 26, class
// C): an engine that burns CPU is cut at the check's limit, "(cpu
// limit)", and one that sleeps is never cut by it (only the solve's wall
// safety limit ends it). The reason is checked, not the clock. The
// formula has a box the solve cannot tabulate (32-bit argument), so the
// pre-check is the session's check, not the one-shot exact one.
func TestInnerLimitsAreTreeCPU(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "box.smt2")
	if err := os.WriteFile(script, []byte("(set-logic QF_BV)\n(define-fun f ((a (_ BitVec 32))) (_ BitVec 32) (bvadd a #x00000001))\n"+
		"(declare-const x (_ BitVec 32))\n(assert (= (f x) #x00000001))\n(assert (bvugt x #x00000005))\n(check-sat)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	profiles := fakeEngines(t, dir)
	for _, c := range []struct {
		engine               string
		timeout, wall, check time.Duration
		cut                  string // the check's cut in the trace, "" for none
	}{
		{"burnsmt", 2 * time.Second, 5 * time.Minute, 0, "SMT check out of its 500ms (cpu limit)"},
		{"burnsmt", 4 * time.Second, 5 * time.Minute, 300 * time.Millisecond, "SMT check out of its 300ms (cpu limit)"},
		{"sleepsmt", 8 * time.Second, 4 * time.Second, 0, ""},
		{"sleepsmt", 5 * time.Minute, 4 * time.Second, time.Second, ""},
	} {
		var trace strings.Builder
		o := FileOptions{CallTimeout: time.Second, FromDefine: []string{"f"}, Options: Options{SMT: c.engine, Profiles: profiles,
			Timeout: c.timeout, Wall: c.wall, TreeCPU: true, Probe: -1, SMTCallTimeout: c.check, Trace: &trace}}
		_, res, err := SolveFile(context.Background(), script, o)
		if err != nil {
			t.Fatalf("%s: %v", c.engine, err)
		}
		if res.Status != Unknown {
			t.Errorf("%s: %s (%s), want unknown", c.engine, res.Status, res.Reason)
		}
		first := ""
		for _, l := range strings.Split(trace.String(), "\n") {
			if strings.Contains(l, "SMT check out of its") {
				first = l
				break
			}
		}
		switch {
		case c.cut == "" && first != "":
			t.Errorf("%s (timeout %v, check %v): a sleeping engine's check was cut: %q", c.engine, c.timeout, c.check, first)
		case c.cut != "" && !strings.Contains(first, c.cut):
			t.Errorf("%s (timeout %v, check %v): first cut %q, want %q\n%s", c.engine, c.timeout, c.check, first, c.cut, trace.String())
		}
	}
}
