// Command tandem is one binary for the ways fuzzing and SMT/SAT solving meet:
// approximate bit-vector solving (fuzzysat), SMT modulo closed boxes (solve),
// oracle-guided SMT solver testing (diver), bandit grammar fuzzing (bandit) and
// model-based SAT API fuzzing (satfuzz), on one shared substrate.
//
// Each subcommand lives in its own file and registers itself on rootCmd in an
// init function; no algorithm lives in this package.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
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
}

// exitError carries a process exit code out of a command without printing
// anything more (the command has already reported what went wrong).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	if err := rootCmd.Execute(); err != nil {
		if ee, ok := err.(exitError); ok {
			os.Exit(ee.code)
		}
		fmt.Fprintln(os.Stderr, "tandem:", err)
		os.Exit(2)
	}
}
