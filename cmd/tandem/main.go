// Command tandem is one binary for the ways fuzzing and SMT/SAT solving meet:
// approximate bit-vector solving (fuzzysat), SMT modulo closed boxes (solve),
// oracle-guided SMT solver testing (diver), bandit grammar fuzzing (bandit) and
// model-based SAT API fuzzing (satfuzz), on one shared substrate.
//
// Each subcommand lives in its own file and registers itself on rootCmd in an
// init function; no algorithm lives in this package.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"tandem/internal/proc"
)

var rootCmd = &cobra.Command{
	Use:   "tandem",
	Short: "fuzzing and SMT/SAT solving, helping each other",
	Long: `tandem is one toolkit for the two ways fuzzing and solving meet:
fuzzing that solves (fuzzysat, solve) and fuzzing that tests solvers
(diver, bandit, satfuzz), on one SMT-LIB/SAT substrate.

Run 'tandem COMMAND --help' for the details of a command.`,
	SilenceUsage:  true,
	SilenceErrors: true,
	// Every duration flag of every command is checked here, once, so none
	// can silently turn a mistyped value into its default.
	PersistentPreRunE: func(cmd *cobra.Command, args []string) error { return checkDurations(cmd.Flags()) },
}

// Annotations of duration flags (see checkDurations).
const (
	durationAnn  = "tandem-duration"
	zeroOK       = "zero-ok"     // 0 has a meaning (none, no limit)
	negativeOK   = "negative-ok" // a negative value has a meaning (off)
	durationHint = "give a positive duration such as 500ms, 10s or 2m"
)

// allowDuration marks a duration flag whose zero or negative values mean
// something, given in its usage text.
func allowDuration(fs *pflag.FlagSet, name string, rules ...string) {
	if err := fs.SetAnnotation(name, durationAnn, rules); err != nil {
		panic(err) // a misspelt flag name: a programming error caught by the tests
	}
}

// checkDurations rejects a duration flag set to zero or a negative value
// unless the flag says that value means something.
func checkDurations(fs *pflag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || !f.Changed || f.Value.Type() != "duration" {
			return
		}
		d, perr := time.ParseDuration(f.Value.String())
		if perr != nil {
			return
		}
		rules := strings.Join(f.Annotations[durationAnn], " ")
		switch {
		case d < 0 && !strings.Contains(rules, negativeOK):
			err = fmt.Errorf("--%s %v: a negative duration is not a limit; %s", f.Name, d, durationHint)
		case d == 0 && !strings.Contains(rules, zeroOK):
			err = fmt.Errorf("--%s 0s: a zero duration would leave no time at all; %s", f.Name, durationHint)
		}
	})
	return err
}

// exitError carries a process exit code out of a command without printing
// anything more (the command has already reported what went wrong).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	ctx, stop := proc.SignalContext(context.Background())
	err := rootCmd.ExecuteContext(ctx)
	stop()
	if err != nil {
		if ee, ok := err.(exitError); ok {
			os.Exit(ee.code)
		}
		fmt.Fprintln(os.Stderr, "tandem:", err)
		os.Exit(2)
	}
}
