package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"tandem/sat"
)

var satFlags struct {
	file    sat.FileOptions
	timeout time.Duration
	enums   [7]string // restart, decision, phase, reduce, minimize, units, mode
	seed    int64
}

// satEnumFlags are the flags of sat's enumerated options, in the order of
// satFlags.enums, with the sat.Options.Set name of each.
var satEnumFlags = [7][2]string{{"restart", "restart"}, {"decide", "decision"}, {"phase", "phase"},
	{"reduce", "reduce"}, {"minimize", "minimize"}, {"units", "units"}, {"mode", "mode"}}

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
	opts := sat.Options{Seed: satFlags.seed}
	for i, fl := range satEnumFlags {
		if err := opts.Set(fl[1], satFlags.enums[i]); err != nil {
			return fmt.Errorf("--%s: %w", fl[0], err)
		}
	}
	ctx := cmd.Context()
	if satFlags.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, satFlags.timeout)
		defer cancel()
	}
	code, err := sat.SolveFile(ctx, args[0], &opts, satFlags.file, os.Stdout, os.Stderr)
	if err != nil {
		return fail(1, err)
	}
	if code != 0 {
		return fail(code, nil)
	}
	return nil
}

func init() {
	fl := satCmd.Flags()
	fl.StringVar(&satFlags.file.Proof, "proof", "", "write an IDRUP proof to this file")
	fl.BoolVar(&satFlags.file.Relaxed, "relaxed", false, "read the input leniently (DIMACS: no header needed; iCNF: any blanks, CR LF)")
	fl.DurationVar(&satFlags.timeout, "timeout", 0, "stop after this long and answer UNKNOWN (0: no limit)")
	allowDuration(fl, "timeout", zeroOK)
	docs := [7]string{"restart policy: ema (Glucose LBD averages), luby, none", "decision heuristic: vsids, static (smallest variable first)",
		"decision phase: saved, false, true, random", "learned clause reduction: lbd, none",
		"learned clause minimization: recursive, local, none", "added clauses under root units: simplify (drop false literals), keep",
		"search modes: switch (alternate focused and stable), focused, stable"}
	for i, f := range satEnumFlags {
		fl.StringVar(&satFlags.enums[i], f[0], sat.OptionValues(f[1])[0], docs[i])
	}
	fl.Int64Var(&satFlags.seed, "seed", 0, "seed of random phases and random decisions")
	fl.BoolVar(&satFlags.file.Stats, "stats", false, "print solver statistics to stderr")
	rootCmd.AddCommand(satCmd)
}
