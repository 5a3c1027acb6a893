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
	"io"
	"os"

	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/internal/cli"
	"tandem/internal/proc"
)

var rootCmd = &cobra.Command{
	Use:   "tandem",
	Short: "fuzzing and SMT/SAT solving, helping each other",
	Long: `tandem is one toolkit for the two ways fuzzing and solving meet:
fuzzing that solves (fuzzysat, solve) and fuzzing that tests solvers
(diver, bandit, satfuzz), on one SMT-LIB/SAT substrate.

A short flag means one thing in every command that has it:
  -n iterations  -j jobs     -q quiet    -t timeout (a solver's limit per query)
  -m mutants     -s solver   -o output
The fuzzers (diver, bandit campaign, satfuzz, campaign demo) share the
campaign flags: ` + campaign.FlagsHelp + `.
Errors are printed as 'tandem: COMMAND: message'; Ctrl-C stops any
command cleanly, a second Ctrl-C at once.

Run 'tandem COMMAND --help' for the details of a command.`,
	SilenceUsage:  true,
	SilenceErrors: true,
	// Every duration flag of every command is checked here, once, so none
	// can silently turn a mistyped value into its default.
	PersistentPreRunE: func(cmd *cobra.Command, args []string) error { return cli.CheckDurations(cmd.Flags()) },
}

// fail is err with exit code code; main prints it as every error.
func fail(code int, err error) error { return cli.Exit(code, err) }

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

// run executes the command line args and returns the exit status. Every
// error of every command is printed here, in one format (cli.ErrorLine).
// Ctrl-C and SIGTERM cancel the context of every command
// (cmd.Context()); a second one exits at once with 130.
func run(args []string, stderr io.Writer) int {
	ctx, stop := proc.SignalContext(context.Background())
	defer stop()
	rootCmd.SetArgs(args)
	cmd, err := rootCmd.ExecuteContextC(ctx)
	return cli.Report(stderr, cmd, err)
}
