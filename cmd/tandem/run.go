package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"tandem/eval/modelcheck"
	"tandem/internal/cli"
	"tandem/smtlib"
	"tandem/solver"
)

var runFlags struct {
	solver.RunFlags
	json, output, checkModel bool
}

var runCmd = &cobra.Command{
	Use:   "run --solver SPEC [flags] FILE.smt2",
	Short: "run one solver on one file under time and memory limits",
	Long: `Run one solver on one SMT-LIB file (or '-' for standard input) the way
tandem's fuzzers do: no shell, its own process tree (a cgroup, or a process
group; see 'tandem solvers'), a wall-time limit, CPU and memory limits on
the whole tree, and the whole tree killed when time runs out, on Ctrl-C or
SIGTERM, and when tandem dies. Prints the status, each check-sat answer,
the exit code or signal, the crash signature if any, wall and CPU time of
the whole tree and peak memory.

The solver spec is a profile name (see 'tandem solvers'), optionally
followed by extra options in that solver's own syntax, all in one quoted
argument: 'z3 smt.string_solver=z3str3', 'cvc5 --strings-exp'.

Statuses: sat, unsat, unknown, timeout, memout, crash (a signal, or a crash
or self-check message), error, unsupported.
Exit code: 0 when the solver answered (sat, unsat or unknown), 1 for
timeout, memout, error or unsupported, 3 for crash, 2 for a usage error,
4 when --check-model finds the model invalid.`,
	Example: `  tandem run --solver z3 examples/bv-overflow.smt2
  tandem run --solver 'cvc5 --strings-exp' -t 30s --memory 4GiB query.smt2
  tandem run --solver z3 --self-check --json query.smt2
  tandem run --solver cvc5 --check-model query.smt2
  cat query.smt2 | tandem run --solver cvc5 -`,
	Args: cobra.ExactArgs(1),
	RunE: runRun,
}

func runRun(cmd *cobra.Command, args []string) error {
	f := &runFlags
	p, err := f.Profile()
	if err != nil {
		return err
	}
	ro, err := f.RunOptions()
	if err != nil {
		return err
	}
	in, err := solver.InputFrom(args[0], cmd.InOrStdin())
	if err != nil {
		return err
	}
	if f.checkModel {
		return runAndCheckModel(cmd, p, args[0], ro.Limits)
	}
	res, err := solver.Run(cmd.Context(), p, in, ro)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if f.json {
		if err := cli.WriteJSON(out, res); err != nil {
			return err
		}
	} else {
		res.WriteText(out, f.output)
	}
	return runStatus(res)
}

// runStatus is the exit status of a run: 0 for an answer, 3 for a crash,
// 1 otherwise.
func runStatus(res *solver.Result) error {
	switch {
	case res.Status.IsAnswer():
		return nil
	case res.Status == solver.StatusCrash:
		return fail(3, nil)
	}
	return fail(1, nil)
}

// runAndCheckModel solves the script up to its first check-sat with a
// get-model, and validates the model with tandem's evaluator.
func runAndCheckModel(cmd *cobra.Command, p *solver.Profile, path string, limits solver.Limits) error {
	if path == "-" {
		return fmt.Errorf("--check-model needs a file, not standard input")
	}
	sc, err := smtlib.ParseFile(path)
	if err != nil {
		return err
	}
	run, err := modelcheck.SolveAndCheck(cmd.Context(), sc, p, limits)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	run.Result.WriteText(out, runFlags.output)
	run.WriteVerdict(out)
	if run.Report != nil && !run.Report.Holds() {
		return fail(4, nil)
	}
	return runStatus(run.Result)
}

func init() {
	f := runCmd.Flags()
	runFlags.Register(f)
	f.BoolVar(&runFlags.json, "json", false, "print the result as JSON")
	f.BoolVar(&runFlags.checkModel, "check-model", false, "ask for a model after the first check-sat and validate it with tandem's exact evaluator (exit 4 when invalid)")
	f.BoolVar(&runFlags.output, "show-output", false, "also print the command line and the solver's stdout and stderr")
	rootCmd.AddCommand(runCmd)
}
