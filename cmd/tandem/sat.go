package main

import (
	"os"

	"github.com/spf13/cobra"

	"tandem/internal/cli"
	"tandem/sat"
)

var satFlags sat.Flags

var satCmd = &cobra.Command{
	Use:   "sat FILE.cnf|FILE.icnf",
	Short: "solve a DIMACS CNF or run an incremental iCNF script with tandem's CDCL solver",
	Long: `sat runs tandem's incremental CDCL solver (package sat).

A DIMACS file ('p cnf' header) is solved once: the answer is printed as
's SATISFIABLE' with 'v' model lines, or 's UNSATISFIABLE', and the exit
status is 10 or 20 as for other SAT solvers (0 when stopped by --timeout).

An iCNF file ('p icnf' header: 'i' clause lines and 'q' query lines with
assumptions) is run as a script: the interactions with the answers ('s', 'm'
model, 'u' failed assumptions) are printed as an iCNF file on stdout, which
checks against the proof with 'tandem idrup-check'. The exit status is 0.
Each answer is written out (and the proof flushed) as soon as it is known;
on SIGINT, SIGTERM or --timeout the running query is answered UNKNOWN, the
remaining ones are not run, and what was written checks against the proof.

With --proof the solver writes an IDRUP proof of the run (every input,
lemma, deletion, query, answer, model and core).`,
	Example: `  tandem sat problem.cnf
  tandem sat script.icnf --proof run.idrup > run.icnf && tandem idrup-check run.icnf run.idrup
  tandem sat problem.cnf --restart luby --phase random --seed 7`,
	Args: cobra.ExactArgs(1),
	RunE: runSat,
}

// runSat solves the file; SIGINT and SIGTERM (as sent by timeout(1)) end
// cmd.Context() and stop the search: the answers so far and the proof are
// written out and checkable.
func runSat(cmd *cobra.Command, args []string) error {
	opts, err := satFlags.Options()
	if err != nil {
		return err
	}
	ctx, cancel := cli.WithTimeout(cmd.Context(), satFlags.Timeout)
	defer cancel()
	code, err := sat.SolveFile(ctx, args[0], &opts, satFlags.File, os.Stdout, os.Stderr)
	if err != nil {
		return fail(1, err)
	}
	if code != 0 {
		return fail(code, nil)
	}
	return nil
}

func init() {
	satFlags.Register(satCmd.Flags())
	rootCmd.AddCommand(satCmd)
}
