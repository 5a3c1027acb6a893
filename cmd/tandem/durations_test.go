package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// Every duration flag of every command rejects a negative and a zero value
// unless its usage says what that value means (issue 28: --timeout -5s and
// 0s silently became 10s). The check runs once for all commands, in
// rootCmd's PersistentPreRunE; this test walks the whole command tree so a
// new command's flags are covered too.
func TestDurationFlagsRejectNonPositive(t *testing.T) {
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() != "duration" {
				return
			}
			n++
			for _, v := range []string{"-5s", "0s"} {
				if err := f.Value.Set(v); err != nil {
					t.Fatal(err)
				}
				f.Changed = true
				err := cli.CheckDurations(c.Flags())
				allowed := (v == "0s" && cli.Allows(f, cli.ZeroOK)) || (v == "-5s" && cli.Allows(f, cli.NegativeOK))
				switch {
				case allowed && err != nil:
					t.Errorf("%s --%s %s: %v, but the flag allows it", c.CommandPath(), f.Name, v, err)
				case !allowed && (err == nil || !strings.Contains(err.Error(), "--"+f.Name)):
					t.Errorf("%s --%s %s: accepted (%v)", c.CommandPath(), f.Name, v, err)
				}
			}
			f.Value.Set(f.DefValue)
			f.Changed = false
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(rootCmd)
	if n < 20 {
		t.Errorf("only %d duration flags found: the walk misses commands", n)
	}
	t.Logf("%d duration flags checked", n)
}
