package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

func init() {
	var modelPath string
	var quiet bool
	var evalTimeout time.Duration
	evalCmd := &cobra.Command{
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
		RunE: func(cmd *cobra.Command, args []string) error {
			if modelPath == "" {
				return fmt.Errorf("--model is required")
			}
			if evalTimeout < 0 {
				return fmt.Errorf("--timeout %s is negative; give a positive duration such as 30s, or 0 for no limit", evalTimeout)
			}
			sc, err := smtlib.ParseFile(args[0])
			if err != nil {
				return err
			}
			text, err := smtlib.ReadFile(modelPath, "model", 0)
			if err != nil {
				return fmt.Errorf("reading the model: %w", err)
			}
			sm, err := smtlib.ParseModel(text, sc)
			if err != nil {
				return fmt.Errorf("reading the model %s: %w", modelPath, err)
			}
			m, err := eval.ModelFromSMTLIB(sm)
			if err != nil {
				return fmt.Errorf("model %s: %w", modelPath, err)
			}
			as, _ := modelcheck.AssertionsAtFirstCheck(sc)
			ctx, cancel := evalContext(evalTimeout)
			defer cancel()
			rep := modelcheck.EvaluateContext(ctx, as, m)
			printReport(rep, quiet)
			if !rep.Holds() {
				return exitError{1}
			}
			return nil
		},
	}
	evalCmd.Flags().StringVar(&modelPath, "model", "", "the model: a get-model answer (required)")
	evalCmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only the summary line")
	evalCmd.Flags().DurationVar(&evalTimeout, "timeout", 0, "stop evaluating after this long; the assertions left are not evaluable (0: no limit besides the evaluator's step and size budget)")
	rootCmd.AddCommand(evalCmd)

	var spec, profiles string
	var timeout time.Duration
	var showModel bool
	checkCmd := &cobra.Command{
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
		RunE: func(cmd *cobra.Command, args []string) error {
			sc, err := smtlib.ParseFile(args[0])
			if err != nil {
				return err
			}
			reg, err := solver.LoadRegistry(profiles)
			if err != nil {
				return err
			}
			p, err := reg.Lookup(spec)
			if err != nil {
				return err
			}
			ctx := context.Background()
			run, err := modelcheck.SolveAndCheck(ctx, sc, p, solver.Limits{Wall: timeout})
			if run != nil && run.Result != nil {
				fmt.Printf("%s: %s (%.2fs)\n", p.Name, run.Result.Status, run.Result.Wall.Seconds())
				if run.Result.Reason != "" {
					fmt.Println("  ", run.Result.Reason)
				}
			}
			if err != nil {
				return err
			}
			return printChecks(run, showModel)
		},
	}
	checkCmd.Flags().StringVar(&spec, "solver", "z3", "solver spec: a profile name and its extra options (see 'tandem solvers')")
	checkCmd.Flags().StringVar(&profiles, "profiles", "", "TOML file of solver profiles to add or override (default $TANDEM_SOLVERS or ~/.config/tandem/solvers.toml)")
	checkCmd.Flags().DurationVar(&timeout, "timeout", 10*time.Second, "solver time limit")
	checkCmd.Flags().BoolVar(&showModel, "show-model", false, "print the solver's model")
	rootCmd.AddCommand(checkCmd)
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
			printReport(c.Report, false)
			failed = failed || (!c.Report.Holds() && c.Untrusted == "")
		case c.NoModel != "":
			fmt.Println("  no model:", c.NoModel)
			if noModel == "" {
				noModel = c.NoModel
			}
		}
	}
	switch {
	case failed:
		return exitError{1}
	case noModel != "":
		return errors.New(noModel)
	case len(run.Checks) == 0 || !run.Result.Status.IsAnswer() && run.Report == nil:
		return exitError{2}
	}
	return nil
}

// evalContext is the context of an evaluation limited to timeout (none
// when timeout is 0).
func evalContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout > 0 {
		return context.WithTimeout(context.Background(), timeout)
	}
	return context.WithCancel(context.Background())
}

func printReport(rep *modelcheck.Report, quiet bool) {
	if !quiet {
		for _, a := range rep.Assertions {
			line := fmt.Sprintf("assertion %d: %s", a.Index+1, a.Verdict)
			switch {
			case a.Err != nil:
				line += ": " + a.Err.Error()
			case a.Verdict == modelcheck.Undefined:
				line += ": " + a.Value.String()
			}
			if len(line) > 400 {
				line = line[:397] + "..."
			}
			fmt.Println(line)
		}
	}
	fmt.Printf("%d assertions: %d true, %d false, %d undefined, %d not evaluable\n",
		len(rep.Assertions), rep.True, rep.False, rep.Undefined, rep.Errors)
}
