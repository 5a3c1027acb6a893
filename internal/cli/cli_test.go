package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// TestOffDuration: --fuzz-slice -1 and --probe -1, as docs/solve.md
// writes them, turn the slice off instead of failing with "missing unit
// in duration".
func TestOffDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"-1": -1, "off": -1, "-2s": -1, "500ms": 500 * time.Millisecond, "0s": 0, "2s": 2 * time.Second,
	} {
		var d OffDuration
		if err := d.Set(in); err != nil || time.Duration(d) != want {
			t.Errorf("Set(%q) = %v, %v; want %v", in, time.Duration(d), err, want)
		}
	}
	for _, in := range []string{"5", "-", "fast"} {
		var d OffDuration
		if err := d.Set(in); err == nil {
			t.Errorf("Set(%q) accepted", in)
		}
	}
}

func TestSeconds(t *testing.T) {
	for in, want := range map[string]time.Duration{"30": 30 * time.Second, "1.5": 1500 * time.Millisecond, "2m": 2 * time.Minute} {
		var s Seconds
		if err := s.Set(in); err != nil || time.Duration(s) != want {
			t.Errorf("Set(%q) = %v, %v; want %v", in, time.Duration(s), err, want)
		}
	}
	for _, in := range []string{"0", "-3", "-1s", "soon", ""} {
		var s Seconds
		if err := s.Set(in); err == nil {
			t.Errorf("Set(%q) accepted", in)
		}
	}
}

func TestFlagError(t *testing.T) {
	base := errors.New("must be positive")
	err := Flag("timeout", base)
	if err.Error() != "--timeout: must be positive" || !errors.Is(err, base) {
		t.Errorf("Flag = %v", err)
	}
	if got := Flag("branch", errors.New(`"middle": want first or last`)).Error(); got != `--branch "middle": want first or last` {
		t.Errorf("Flag with a quoted value = %s", got)
	}
	if Flag("timeout", err) != err || Flag("x", nil) != nil {
		t.Error("Flag wraps twice or wraps nil")
	}
}

func TestNameFlags(t *testing.T) {
	base := errors.New("the pattern is not a valid regular expression")
	err := fmt.Errorf("reducing in.smt2: %w", Option("MatchOut", base))
	got := NameFlags(err, map[string]string{"MatchOut": "match-out"})
	if got.Error() != "--match-out: reducing in.smt2: the pattern is not a valid regular expression" || !errors.Is(got, base) {
		t.Errorf("NameFlags = %v", got)
	}
	if NameFlags(err, nil) != err || NameFlags(base, map[string]string{"MatchOut": "x"}) != base || NameFlags(nil, nil) != nil {
		t.Error("NameFlags changed an error it has no flag for")
	}
}

func TestReport(t *testing.T) {
	root := &cobra.Command{Use: "tandem"}
	sub := &cobra.Command{Use: "diver"}
	root.AddCommand(sub)
	for _, c := range []struct {
		cmd  *cobra.Command
		err  error
		code int
		line string
	}{
		{sub, nil, 0, ""},
		{sub, errors.New("diver: mode x: unknown"), 2, "tandem: diver: mode x: unknown\n"},
		{sub, Exit(10, nil), 10, ""},
		{sub, Exit(1, errors.New("bad")), 1, "tandem: diver: bad\n"},
		{nil, errors.New("unknown command"), 2, "tandem: unknown command\n"},
	} {
		var b strings.Builder
		if code := Report(&b, c.cmd, c.err); code != c.code || b.String() != c.line {
			t.Errorf("Report(%v) = %d, %q; want %d, %q", c.err, code, b.String(), c.code, c.line)
		}
	}
}
