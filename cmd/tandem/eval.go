package main

import (
	"context"
	"fmt"
	"os"
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
			sc, err := smtlib.ParseFile(args[0])
			if err != nil {
				return err
			}
			text, err := os.ReadFile(modelPath)
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
			rep := modelcheck.Evaluate(as, m)
			printReport(rep, quiet)
			if !rep.Holds() {
				return exitError{1}
			}
			return nil
		},
	}
	evalCmd.Flags().StringVar(&modelPath, "model", "", "the model: a get-model answer (required)")
	evalCmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only the summary line")
	rootCmd.AddCommand(evalCmd)

	var spec, profiles string
	var timeout time.Duration
	var showModel bool
	checkCmd := &cobra.Command{
		Use:   "check-model FILE.smt2 --solver z3",
		Short: "solve a script, then validate the solver's model with tandem's evaluator",
		Long: `check-model runs a solver on the script with (get-model) after the first
check-sat and, when it answers sat, evaluates every assertion in scope
under the model it printed, as 'tandem eval' does.

Exit status: 0 when the answer is sat and every assertion is true (or the
answer is unsat/unknown: there is no model to check), 1 when the model
makes an assertion false, undefined or not evaluable, 2 when the solver
cannot be run or its model cannot be read.`,
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
			if showModel && run.ModelText != "" {
				fmt.Println(run.ModelText)
			}
			if run.Report == nil {
				if run.Result.Status == solver.StatusSat {
					return fmt.Errorf("%s answered sat but printed no model", p.Name)
				}
				if !run.Result.Status.IsAnswer() {
					return exitError{2}
				}
				return nil
			}
			printReport(run.Report, false)
			if !run.Report.Holds() {
				return exitError{1}
			}
			return nil
		},
	}
	checkCmd.Flags().StringVar(&spec, "solver", "z3", "solver spec: a profile name and its extra options (see 'tandem solvers')")
	checkCmd.Flags().StringVar(&profiles, "profiles", "", "TOML file of solver profiles to add or override (default $TANDEM_SOLVERS or ~/.config/tandem/solvers.toml)")
	checkCmd.Flags().DurationVar(&timeout, "timeout", 10*time.Second, "solver time limit")
	checkCmd.Flags().BoolVar(&showModel, "show-model", false, "print the solver's model")
	rootCmd.AddCommand(checkCmd)
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
