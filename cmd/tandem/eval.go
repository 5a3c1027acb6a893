package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

var evalFlags struct {
	model   string
	quiet   bool
	timeout time.Duration
}

var evalCmd = &cobra.Command{
	Use:   "eval FILE.smt2 --model MODEL.smt2",
	Short: "evaluate every assertion of a script under a model, exactly",
	Long: `eval reads a script and a model (the output of get-model, as z3 or cvc5
print it) and prints the value of every assertion in scope at the first
check-sat under that model, by SMT-LIB's semantics: true, false, or
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
	if evalFlags.model == "" {
		return fmt.Errorf("--model is required")
	}
	sc, err := smtlib.ParseFile(args[0])
	if err != nil {
		return err
	}
	m, err := eval.ReadModelFile(evalFlags.model, "model", sc)
	if err != nil {
		return err
	}
	as, _ := modelcheck.AssertionsAtFirstCheck(sc)
	ctx := cmd.Context()
	if evalFlags.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, evalFlags.timeout)
		defer cancel()
	}
	rep := modelcheck.EvaluateContext(ctx, as, m)
	rep.WriteText(os.Stdout, evalFlags.quiet)
	if !rep.Holds() {
		return fail(1, nil)
	}
	return nil
}

var checkModelFlags struct {
	solver, profiles string
	timeout          time.Duration
	showModel        bool
}

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
	reg, err := solver.LoadRegistry(f.profiles)
	if err != nil {
		return err
	}
	p, err := reg.Lookup(f.solver)
	if err != nil {
		return err
	}
	run, err := modelcheck.SolveAndCheck(cmd.Context(), sc, p, solver.Limits{Wall: f.timeout})
	if run != nil && run.Result != nil {
		fmt.Printf("%s: %s (%.2fs)\n", p.Name, run.Result.Status, run.Result.Wall.Seconds())
		if run.Result.Reason != "" {
			fmt.Println("  ", run.Result.Reason)
		}
	}
	if err != nil {
		return err
	}
	return printChecks(run, f.showModel)
}

// printChecks prints the outcome of every check-sat of a check-model run
// and returns the command's exit status.
func printChecks(run *modelcheck.Run, showModel bool) error {
	failed, noModel := false, ""
	for i, c := range run.Checks {
		if len(run.Checks) > 1 {
			fmt.Printf("check-sat %d (%s): %s\n", i+1, c.Pos, c.Answer)
		}
		if c.Untrusted != "" {
			fmt.Println("  not judged:", c.Untrusted)
		}
		if showModel && c.ModelText != "" {
			fmt.Println(c.ModelText)
		}
		switch {
		case c.Report != nil:
			c.Report.WriteText(os.Stdout, false)
			failed = failed || (!c.Report.Holds() && c.Untrusted == "")
		case c.NoModel != "" && noModel == "":
			fmt.Println("  no model:", c.NoModel)
			noModel = c.NoModel
		case c.NoModel != "":
			fmt.Println("  no model:", c.NoModel)
		}
	}
	switch {
	case failed:
		return fail(1, nil)
	case noModel != "":
		return errors.New(noModel)
	case len(run.Checks) == 0 || !run.Result.Status.IsAnswer() && run.Report == nil:
		return fail(2, nil)
	}
	return nil
}

func init() {
	ef := evalCmd.Flags()
	ef.StringVar(&evalFlags.model, "model", "", "the model: a get-model answer (required)")
	ef.BoolVarP(&evalFlags.quiet, "quiet", "q", false, "print only the summary line")
	ef.DurationVar(&evalFlags.timeout, "timeout", 0, "stop evaluating after this long; the assertions left are not evaluable (0: no limit besides the evaluator's step and size budget)")
	allowDuration(ef, "timeout", zeroOK)
	cf := checkModelCmd.Flags()
	cf.StringVar(&checkModelFlags.solver, "solver", "z3", "solver spec: a profile name and its extra options (see 'tandem solvers')")
	cf.StringVar(&checkModelFlags.profiles, "profiles", "", "TOML file of solver profiles to add or override (default $TANDEM_SOLVERS or ~/.config/tandem/solvers.toml)")
	cf.DurationVar(&checkModelFlags.timeout, "timeout", 10*time.Second, "solver time limit")
	cf.BoolVar(&checkModelFlags.showModel, "show-model", false, "print the solver's model")
	rootCmd.AddCommand(evalCmd, checkModelCmd)
}
