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
	"errors"
	"fmt"
	"io"
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

// exitError carries a process exit code out of a command, and the error
// main prints for it (none when err is nil: the command has already said
// what went wrong, or the code is an answer, as sat's 10 and 20 are).
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string {
	if e.err != nil {
		return e.err.Error()
	}
	return fmt.Sprintf("exit status %d", e.code)
}

func (e exitError) Unwrap() error { return e.err }

// fail is err with exit code code; main prints it as every error.
func fail(code int, err error) error { return exitError{code, err} }

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

// run executes the command line args and returns the exit status. Every
// error of every command is printed here, in one format (errorLine).
// Ctrl-C and SIGTERM cancel the context of every command
// (cmd.Context()); a second one exits at once with 130.
func run(args []string, stderr io.Writer) int {
	ctx, stop := proc.SignalContext(context.Background())
	defer stop()
	rootCmd.SetArgs(args)
	cmd, err := rootCmd.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	code := 2
	var ee exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil {
			return code
		}
	}
	fmt.Fprintln(stderr, errorLine(cmd, err))
	return code
}

// errorLine is the one format of tandem's error messages:
// "tandem: COMMAND: MESSAGE", where COMMAND is the subcommand's path
// ("satfuzz reduce") and MESSAGE starts with FILE:LINE:COL when the
// error has a place.
func errorLine(cmd *cobra.Command, err error) string {
	name := ""
	if cmd != nil {
		name = strings.TrimSpace(strings.TrimPrefix(cmd.CommandPath(), rootCmd.Name()))
	}
	if name == "" {
		return "tandem: " + err.Error()
	}
	return "tandem: " + name + ": " + err.Error()
}
