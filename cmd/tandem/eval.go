package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"tandem/eval/modelcheck"
	"tandem/internal/cli"
	"tandem/smtlib"
	"tandem/solver"
)

var evalFlags modelcheck.EvalFlags

var evalCmd = &cobra.Command{
	Use:   "eval FILE.smt2 --model MODEL.smt2",
	Short: "evaluate every assertion of a script under a model, exactly",
	Long: `eval reads a script and a model (the output of get-model, as z3 or cvc5
print it) and prints the value of every assertion in scope at the first
check-sat (--check N: the N-th; the model is read against the symbols live
there) under that model, by SMT-LIB's semantics: true, false, or
undefined when the value depends on something the standard leaves open
(div/mod/real division by zero the model does not interpret) — with the
culprit subterm.

Exit status: 0 when every assertion is true, 1 when one is false, undefined
or cannot be evaluated (quantifiers, theories not evaluated yet), 2 on
unreadable input.`,
	Example: `  (cat problem.smt2; echo '(get-model)') | z3 -in | tail -n +2 > model.smt2
  tandem eval problem.smt2 --model model.smt2`,
	Args: cobra.ExactArgs(1),
	RunE: runEval,
}

func runEval(cmd *cobra.Command, args []string) error {
	if evalFlags.Model == "" {
		return fmt.Errorf("--model is required")
	}
	sc, err := smtlib.ParseFile(args[0])
	if err != nil {
		return err
	}
	m, as, err := modelcheck.ReadModelAt(evalFlags.Model, sc, evalFlags.Check)
	if err != nil {
		return err
	}
	ctx, cancel := cli.WithTimeout(cmd.Context(), evalFlags.Timeout)
	defer cancel()
	rep := modelcheck.EvaluateContext(ctx, as, m)
	rep.WriteText(os.Stdout, evalFlags.Quiet)
	if !rep.Holds() {
		return fail(1, nil)
	}
	return nil
}

var checkModelFlags modelcheck.CheckFlags

var checkModelCmd = &cobra.Command{
	Use:   "check-model FILE.smt2 --solver z3",
	Short: "solve a script, then validate the solver's model with tandem's evaluator",
	Long: `check-model runs a solver once on the script with (get-model) after every
check-sat (in its incremental mode when the script pushes, pops or checks
more than once; options the solver does not take are left out) and, for
each sat answer, evaluates every assertion live at that check-sat under
the model it printed, read against the symbols live there, as 'tandem
eval' does.

Exit status: 0 when every model checked makes every assertion true (or no
answer was sat: there is no model to check), 1 when a model makes an
assertion false, undefined or not evaluable, 2 when the solver cannot be
run or a model cannot be read.`,
	Example: `  tandem check-model problem.smt2 --solver z3
  tandem check-model problem.smt2 --solver "cvc5 --strings-exp" --timeout 30s`,
	Args: cobra.ExactArgs(1),
	RunE: runCheckModel,
}

func runCheckModel(cmd *cobra.Command, args []string) error {
	f := &checkModelFlags
	sc, err := smtlib.ParseFile(args[0])
	if err != nil {
		return err
	}
	p, err := solver.LookupSpec(f.Profiles, f.Solver)
	if err != nil {
		return err
	}
	run, err := modelcheck.SolveAndCheck(cmd.Context(), sc, p, solver.Limits{Wall: f.Timeout})
	if run != nil && run.Result != nil {
		fmt.Printf("%s: %s (%.2fs)\n", p.Name, run.Result.Status, run.Result.Wall.Seconds())
		if run.Result.Reason != "" {
			fmt.Println("  ", run.Result.Reason)
		}
	}
	if err != nil {
		return err
	}
	return printChecks(run, f.ShowModel)
}

// printChecks prints the outcome of every check-sat of a check-model run
// and returns the command's exit status.
func printChecks(run *modelcheck.Run, showModel bool) error {
	run.WriteChecks(os.Stdout, showModel)
	switch {
	case !run.Holds():
		return fail(1, nil)
	case run.NoModelReason() != "":
		return errors.New(run.NoModelReason())
	case len(run.Checks) == 0 || !run.Result.Status.IsAnswer() && run.Report == nil:
		return fail(2, nil)
	}
	return nil
}

func init() {
	evalFlags.Register(evalCmd.Flags())
	checkModelFlags.Register(checkModelCmd.Flags())
	rootCmd.AddCommand(evalCmd, checkModelCmd)
}
