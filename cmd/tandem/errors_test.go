package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
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
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
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
		{[]string{"satfuzz", "--target", "no-such-target", "-n", "1"}, 2, "satfuzz: "},
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
