package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

var runFlags struct {
	solver     string
	profiles   string
	timeout    time.Duration
	cpu        time.Duration
	memory     string
	models     bool
	selfCheck  bool
	json       bool
	output     bool
	checkModel bool
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
	if f.solver == "" {
		return fmt.Errorf("--solver is required: give a profile name such as z3 or cvc5 (see 'tandem solvers')")
	}
	reg, err := solver.LoadRegistry(f.profiles)
	if err != nil {
		return err
	}
	p, err := reg.Lookup(f.solver)
	if err != nil {
		return err
	}
	mem, err := solver.ParseSize(f.memory)
	if err != nil {
		return fmt.Errorf("--memory: %w", err)
	}
	limits := solver.Limits{Wall: f.timeout, CPU: f.cpu, Memory: mem}
	in := solver.FileInput(args[0])
	if args[0] == "-" {
		data, err := smtlib.ReadAll(cmd.InOrStdin(), "standard input", "script", smtlib.MaxScriptBytes)
		if err != nil {
			return err
		}
		in = solver.BytesInput(data)
	} else if _, err := os.Stat(args[0]); err != nil {
		return fmt.Errorf("input file: %w", err)
	}
	if f.checkModel {
		return runAndCheckModel(cmd, p, args[0], limits)
	}
	res, err := solver.Run(cmd.Context(), p, in, solver.RunOptions{Limits: limits, Mode: solver.Mode{Models: f.models, SelfCheck: f.selfCheck}})
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
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
	switch rep := run.Report; {
	case rep == nil:
		fmt.Fprintf(out, "model      not checked (the answer was %s)\n", run.Result.Status)
	case rep.Holds():
		fmt.Fprintf(out, "model      valid: all %d assertions are true under it\n", rep.True)
	default:
		fmt.Fprintf(out, "model      INVALID: %d true, %d false, %d undefined, %d not evaluable\n", rep.True, rep.False, rep.Undefined, rep.Errors)
		rep.WriteText(out, false)
		return fail(4, nil)
	}
	return runStatus(run.Result)
}

func init() {
	f := runCmd.Flags()
	f.StringVarP(&runFlags.solver, "solver", "s", "", "solver spec: profile name plus options in its syntax, e.g. 'z3 smt.arith.solver=2'")
	f.StringVar(&runFlags.profiles, "profiles", "", "TOML file of solver profiles (see 'tandem solvers --help')")
	f.DurationVarP(&runFlags.timeout, "timeout", "t", 10*time.Second, "wall-time limit; the process tree is killed after it")
	f.DurationVar(&runFlags.cpu, "cpu", 0, "CPU-time limit of the whole process tree (default: the --timeout)")
	f.StringVar(&runFlags.memory, "memory", "2GiB", "memory limit: address space of each process (RLIMIT_AS) and resident memory of the tree, e.g. 512MiB, 4GiB")
	f.BoolVar(&runFlags.models, "models", false, "turn on model production (the profile's model options)")
	f.BoolVar(&runFlags.selfCheck, "self-check", false, "turn on the solver's own model checking (z3 model_validate=true, cvc5 --check-models)")
	f.BoolVar(&runFlags.json, "json", false, "print the result as JSON")
	f.BoolVar(&runFlags.checkModel, "check-model", false, "ask for a model after the first check-sat and validate it with tandem's exact evaluator (exit 4 when invalid)")
	f.BoolVar(&runFlags.output, "show-output", false, "also print the command line and the solver's stdout and stderr")
	rootCmd.AddCommand(runCmd)
}
