package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"tandem/internal/testutil"
)

// runIn runs tandem in this process and returns the exit status and
// standard error.
func runIn(args ...string) (int, string) {
	var stderr bytes.Buffer
	code := run(args, &stderr)
	return code, stderr.String()
}

// One error format for every command (issue 24 item 2): "tandem:
// COMMAND: MESSAGE" on one line of standard error, printed once, by main.
// Every command of the tree is run with an unknown flag, and each
// command's own errors are checked where they have a distinct path
// (a located error keeps its FILE:LINE:COL after the prefix).
func TestOneErrorFormat(t *testing.T) {
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			path := strings.TrimPrefix(sub.CommandPath(), "tandem ")
			args := append(strings.Fields(path), "--no-such-flag")
			code, stderr := runIn(args...)
			if want := "tandem: " + path + ": unknown flag: --no-such-flag\n"; code != 2 || stderr != want {
				t.Errorf("tandem %s --no-such-flag: exit %d, stderr %q; want exit 2 and %q", path, code, stderr, want)
			}
			n++
			walk(sub)
		}
	}
	walk(rootCmd)
	if n < 20 {
		t.Errorf("only %d commands walked", n)
	}

	dir := t.TempDir()
	write := func(name, text string) string { return testutil.WriteFile(t, dir, name, text) }
	bad := write("bad.smt2", "(declare-const x Int)\n(assert (+ x true))\n")
	empty := write("empty.smt2", "")
	zero := write("zero.bin", "")
	cnf := write("s.cnf", "p cnf 1 1\n1 0\n")
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		args []string
		code int
		want string // the line after "tandem: "
	}{
		{[]string{"no-such-command"}, 2, `unknown command "no-such-command" for "tandem"`},
		{[]string{"sat", missing}, 1, "sat: opening the input: open " + missing},
		{[]string{"sat", "--restart", "bogus", cnf}, 2, `sat: --restart: restart "bogus": want one of ema, luby, none`},
		{[]string{"reduce", bad, "out.smt2"}, 2, "reduce: usage: tandem reduce [flags] IN OUT -- CMD [ARGS...]"},
		{[]string{"reduce", missing, "out.smt2", "--", "z3"}, 2, "reduce: reading the input: open " + missing},
		{[]string{"parse", bad}, 1, "parse: 1 of 1 files had errors"},
		{[]string{"eval", bad}, 2, "eval: --model is required"},
		{[]string{"eval", bad, "--model", missing}, 2, "eval: " + bad + ":2:9: + argument 2 must be Int or Real"},
		{[]string{"check-model", bad}, 2, "check-model: " + bad + ":2:9: + argument 2 must be Int or Real"},
		{[]string{"fuzzysat", empty, zero}, 2, "fuzzysat: " + empty + ": no assert"},
		{[]string{"fuzzysat", empty, zero, "--branch", "middle"}, 2, `fuzzysat: --branch "middle": want first or last`},
		{[]string{"solve", bad}, 2, "solve: " + bad + ":2:9: + argument 2 must be Int or Real"},
		{[]string{"solve", bad, "--timeout", "0s"}, 2, "solve: --timeout 0s: a zero duration"},
		{[]string{"run", bad}, 2, "run: --solver is required"},
		{[]string{"idrup-check", missing}, 1, "idrup-check: "},
		{[]string{"satfuzz", "--target", "no-such-target", "-n", "1"}, 2, `satfuzz: unknown target "no-such-target"`},
		{[]string{"satfuzz", "reduce", cnf, "--target", "no-such-target"}, 2, `satfuzz reduce: unknown target "no-such-target"`},
		{[]string{"diver", "--mode", "bogus", "-n", "1", "--out", filepath.Join(dir, "d")}, 2, `diver: mode "bogus": want diver, noweight or nocomp`},
		{[]string{"satfuzz", "replay", missing}, 2, "satfuzz replay: open " + missing},
		{[]string{"satfuzz", "reduce", missing}, 2, "satfuzz reduce: open " + missing},
		{[]string{"campaign", "demo", filepath.Join(dir, "c")}, 2, "campaign demo: give a budget"},
		{[]string{"replay", dir, "first"}, 2, `replay: iteration "first": want a number`},
		{[]string{"report", missing}, 2, "report: "},
	} {
		code, stderr := runIn(c.args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		last := lines[len(lines)-1]
		if code != c.code || !strings.HasPrefix(last, "tandem: "+c.want) || strings.Count(stderr, "tandem:") != 1 {
			t.Errorf("tandem %s: exit %d, stderr %q; want exit %d and one error line starting %q",
				strings.Join(c.args, " "), code, stderr, c.code, "tandem: "+c.want)
		}
	}
}

// One meaning per short flag across all commands (issue 24 item 2): a
// shorthand always stands for the same long flag. The table in rootCmd's
// help and the README lists them; this walks every command so that a new
// one cannot give -t or -m a second meaning.
func TestShortFlagsHaveOneMeaning(t *testing.T) {
	long := map[string]string{} // shorthand -> long name
	where := map[string]string{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Shorthand == "" || f.Name == "help" {
				return
			}
			if prev, ok := long[f.Shorthand]; ok && prev != f.Name {
				t.Errorf("-%s is --%s in %s but --%s in %s", f.Shorthand, prev, where[f.Shorthand], f.Name, c.CommandPath())
				return
			}
			long[f.Shorthand], where[f.Shorthand] = f.Name, c.CommandPath()
			if !strings.Contains(rootCmd.Long, "-"+f.Shorthand+" "+f.Name) {
				t.Errorf("-%s (--%s, %s) is missing from the short-flag table of tandem's help", f.Shorthand, f.Name, c.CommandPath())
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(rootCmd)
	t.Logf("short flags: %v", long)
}

// Packages return neutral errors about an option (a cli.OptionError naming
// the field); the command names the flag (issue 24 item 2): cbsolve, cbox,
// reduce and solver say nothing of --cb, --cb-from-define, --match-out or
// --memory themselves. Each case runs in a process of its own, since
// flag values persist between in-process runs.
func TestFlagNamedByCommand(t *testing.T) {
	bin := campaignBinary(t)
	dir := t.TempDir()
	write := func(name, text string) string { return testutil.WriteFile(t, dir, name, text) }
	cb := write("cb.smt2", "(declare-cb f ((_ BitVec 8)) (_ BitVec 8))\n(assert (= (f #x01) #x02))\n(check-sat)\n")
	bad := write("bad.smt2", "(declare-const x Int)\n(assert (+ x true))\n")
	cnf := write("s.cnf", "p cnf 1 1\n1 0\n")
	for _, c := range []struct {
		args []string
		code int
		want string // the line after "tandem: "
	}{
		{[]string{"solve", cb, "--cb", "f"}, 2, `solve: --cb "f": want NAME=IMPL`},
		{[]string{"solve", cb, "--cb", "g=g.c"}, 2, "solve: --cb: g: " + cb + " declares no closed box g"},
		{[]string{"solve", cb}, 2, "solve: --cb: " + cb + ": closed box f ((_ BitVec 8)) (_ BitVec 8) has no implementation"},
		{[]string{"solve", cb, "--cb-from-define", "h"}, 2, "solve: --cb-from-define: " + cb + ": the script has no define-fun named h"},
		{[]string{"solve", cb, "--cb-timeout", "0s"}, 2, "solve: --cb-timeout 0s: a zero duration"},
		{[]string{"reduce", "--regex", "--match-out", "(", cnf, filepath.Join(dir, "o.cnf"), "--", "true"}, 1, "reduce: --match-out: the stdout pattern is not a valid regular expression"},
		{[]string{"run", "--solver", "z3", "--memory", "lots", bad}, 2, "run: --memory"},
	} {
		cmd := exec.Command(bin, c.args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != c.code || !strings.HasPrefix(stderr.String(), "tandem: "+c.want) {
			t.Errorf("tandem %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), code, stderr.String(), c.code, "tandem: "+c.want)
		}
	}
}
