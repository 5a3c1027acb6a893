package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
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
  tandem run --solver 'cvc5 --strings-exp' --timeout 30s --memory 4GiB query.smt2
  tandem run --solver z3 --self-check --json query.smt2
  tandem run --solver cvc5 --check-model query.smt2
  cat query.smt2 | tandem run --solver cvc5 -`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		if runFlags.solver == "" {
			return fmt.Errorf("--solver is required: give a profile name such as z3 or cvc5 (see 'tandem solvers')")
		}
		reg, err := solver.LoadRegistry(runFlags.profiles)
		if err != nil {
			return err
		}
		p, err := reg.Lookup(runFlags.solver)
		if err != nil {
			return err
		}
		mem, err := solver.ParseSize(runFlags.memory)
		if err != nil {
			return fmt.Errorf("--memory: %w", err)
		}
		in := solver.FileInput(args[0])
		if args[0] == "-" {
			limit := smtlib.MaxScriptBytes
			data, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), limit+1))
			if err != nil {
				return fmt.Errorf("reading standard input: %w", err)
			}
			if int64(len(data)) > limit {
				return &smtlib.TooLargeError{Name: "standard input", What: "script", Limit: limit}
			}
			in = solver.BytesInput(data)
		} else if _, err := os.Stat(args[0]); err != nil {
			return fmt.Errorf("input file: %w", err)
		}
		if runFlags.checkModel {
			return runAndCheckModel(cmd, p, args[0], solver.Limits{Wall: runFlags.timeout, CPU: runFlags.cpu, Memory: mem})
		}
		res, err := solver.Run(cmd.Context(), p, in, solver.RunOptions{
			Limits: solver.Limits{Wall: runFlags.timeout, CPU: runFlags.cpu, Memory: mem},
			Mode:   solver.Mode{Models: runFlags.models, SelfCheck: runFlags.selfCheck},
		})
		if err != nil {
			return err
		}
		out := cmd.OutOrStdout()
		if runFlags.json {
			enc := json.NewEncoder(out)
			enc.SetIndent("", "  ")
			if err := enc.Encode(res); err != nil {
				return err
			}
		} else {
			printResult(out, res)
		}
		switch {
		case res.Status.IsAnswer():
			return nil
		case res.Status == solver.StatusCrash:
			return exitError{3}
		default:
			return exitError{1}
		}
	},
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
	printResult(out, run.Result)
	switch {
	case run.Report == nil:
		fmt.Fprintf(out, "model      not checked (the answer was %s)\n", run.Result.Status)
	case run.Report.Holds():
		fmt.Fprintf(out, "model      valid: all %d assertions are true under it\n", run.Report.True)
	default:
		fmt.Fprintf(out, "model      INVALID: %d true, %d false, %d undefined, %d not evaluable\n",
			run.Report.True, run.Report.False, run.Report.Undefined, run.Report.Errors)
		printReport(run.Report, true)
		return exitError{4}
	}
	if run.Result.Status == solver.StatusCrash {
		return exitError{3}
	}
	if !run.Result.Status.IsAnswer() {
		return exitError{1}
	}
	return nil
}

func printResult(w io.Writer, r *solver.Result) {
	fmt.Fprintf(w, "status     %s\n", r.Status)
	if r.Reason != "" {
		fmt.Fprintf(w, "reason     %s\n", r.Reason)
	}
	answers := make([]string, len(r.Answers))
	for i, a := range r.Answers {
		answers[i] = a.String()
	}
	if len(answers) == 0 {
		answers = []string{"(none)"}
	}
	fmt.Fprintf(w, "answers    %s\n", strings.Join(answers, " "))
	if r.Signal != "" {
		fmt.Fprintf(w, "exit       killed by %s\n", r.Signal)
	} else {
		fmt.Fprintf(w, "exit       %d\n", r.ExitCode)
	}
	if r.Signature != "" {
		fmt.Fprintf(w, "signature  %s\n", r.SignatureNorm)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "error      %s\n", strings.ReplaceAll(strings.TrimSpace(e), "\n", "\n           "))
	}
	for _, raw := range r.RawResponses {
		fmt.Fprintf(w, "response   %s\n", strings.ReplaceAll(strings.TrimSpace(raw), "\n", "\n           "))
	}
	fmt.Fprintf(w, "wall       %.3fs\n", r.Wall.Seconds())
	fmt.Fprintf(w, "cpu        %.3fs (user %.3fs, sys %.3fs)\n", r.CPU().Seconds(), r.User.Seconds(), r.Sys.Seconds())
	fmt.Fprintf(w, "peak rss   %s\n", solver.FormatSize(r.PeakRSS))
	if r.StdoutDropped > 0 || r.StderrDropped > 0 {
		fmt.Fprintf(w, "dropped    %d bytes of stdout, %d of stderr (over the capture cap)\n", r.StdoutDropped, r.StderrDropped)
	}
	if runFlags.output {
		fmt.Fprintf(w, "command    %s\n", strings.Join(r.Argv, " "))
		fmt.Fprintf(w, "--- stdout\n%s", r.Stdout)
		fmt.Fprintf(w, "--- stderr\n%s", r.Stderr)
	}
}

func init() {
	f := runCmd.Flags()
	f.StringVarP(&runFlags.solver, "solver", "s", "", "solver spec: profile name plus options in its syntax, e.g. 'z3 smt.arith.solver=2'")
	f.StringVar(&runFlags.profiles, "profiles", "", "TOML file of solver profiles (see 'tandem solvers --help')")
	f.DurationVarP(&runFlags.timeout, "timeout", "t", 10*time.Second, "wall-time limit; the process tree is killed after it")
	f.DurationVar(&runFlags.cpu, "cpu", 0, "CPU-time limit of the whole process tree (default: the --timeout)")
	f.StringVarP(&runFlags.memory, "memory", "m", "2GiB", "memory limit: address space of each process (RLIMIT_AS) and resident memory of the tree, e.g. 512MiB, 4GiB")
	f.BoolVar(&runFlags.models, "models", false, "turn on model production (the profile's model options)")
	f.BoolVar(&runFlags.selfCheck, "self-check", false, "turn on the solver's own model checking (z3 model_validate=true, cvc5 --check-models)")
	f.BoolVar(&runFlags.json, "json", false, "print the result as JSON")
	f.BoolVar(&runFlags.checkModel, "check-model", false, "ask for a model after the first check-sat and validate it with tandem's exact evaluator (exit 4 when invalid)")
	f.BoolVar(&runFlags.output, "show-output", false, "also print the command line and the solver's stdout and stderr")
	rootCmd.AddCommand(runCmd)
}
