package main

import (
	"errors"
	"os"

	"github.com/spf13/cobra"

	"tandem/internal/cli"
	"tandem/reduce"
)

var reduceFlags reduce.FileFlags

var reduceCmd = &cobra.Command{
	Use:   "reduce [flags] IN OUT -- CMD [ARGS...]",
	Short: "delta-debug an SMT-LIB file or a SAT API trace (ddSMT-compatible)",
	Long: `reduce shrinks IN while CMD keeps behaving the same on it, and writes the
result to OUT. CMD runs with the candidate's path appended, never through a
shell, in its own process group under a time and memory limit.

The golden run of CMD on IN records its exit code, stdout and stderr; a
candidate is interesting when all three are the same (ddSMT's rule), unless:
  --match-out STR / --match-err STR  outputs must contain STR instead
                                     (--regex: STR is a regular expression)
  --ignore-output                    only the exit code counts
  --ignore-exitcode                  only the outputs count
  --cross-check CMD2                 CMD and CMD2 must answer sat/unsat and
                                     disagree as they do on IN (soundness bugs)

SMT-LIB inputs are reduced by ddSMT-class passes that rebuild terms through
tandem's type-checking builders, so every candidate is well sorted; an input
tandem cannot parse is reduced line by line instead. With --trace, IN is a
line-based SAT API trace (one call per line, integer literals, 0-terminated
clauses), reduced by line ddmin, literal removal and variable renaming.

OUT is rewritten (atomically) after every improvement, so interrupting the
reduction (Ctrl-C) leaves the best result so far in it. The timeout of a
candidate defaults to (golden run time + 1) * 1.5 seconds, as in ddSMT. -j
defaults to 1, as in ddSMT: timing-sensitive bugs and a loaded machine make
parallel runs less reliable; the result does not depend on -j.

Exit status: 0 when done (also when interrupted), 1 when IN is not
interesting (the golden run does not match), 2 on usage and I/O errors.`,
	Example: `  tandem reduce crash.smt2 small.smt2 -- cvc5 --check-models
  tandem reduce --match-err "ASSERTION" in.smt2 out.smt2 -- z3 -smt2
  tandem reduce --cross-check "cvc5 -q" wrong.smt2 small.smt2 -- z3 -smt2
  tandem reduce --trace -j 2 trace.txt small.txt -- ./replay`,
	Args: func(cmd *cobra.Command, args []string) error {
		dash := cmd.ArgsLenAtDash()
		if dash != 2 || len(args) < 3 {
			return errors.New("usage: tandem reduce [flags] IN OUT -- CMD [ARGS...]")
		}
		return nil
	},
	RunE: runReduce,
}

func runReduce(cmd *cobra.Command, args []string) error {
	o, err := reduceFlags.FileOptions(args[0], args[1], args[2:], os.Stderr)
	if err != nil {
		return err
	}
	_, err = reduce.ReduceFile(cmd.Context(), o)
	err = cli.NameFlags(err, reduce.FlagNames)
	var golden *reduce.GoldenError
	if errors.Is(err, reduce.ErrNotInteresting) || errors.As(err, &golden) {
		return fail(1, err)
	}
	return err
}

func init() {
	reduceFlags.Register(reduceCmd.Flags())
	rootCmd.AddCommand(reduceCmd)
}
