package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tandem/cbsolve"
)

var solveFlags = struct {
	file                     cbsolve.FileOptions
	mode                     string
	showStats, asJSON, trace bool
	noTabulate               bool
	fuzzSlice, probe         offDuration
}{fuzzSlice: offDuration(500 * time.Millisecond), probe: offDuration(100 * time.Millisecond)}

var solveCmd = &cobra.Command{
	Use:   "solve FILE.smt2 [--cb NAME=IMPL]…",
	Short: "SMT modulo closed-box functions (SADHAK's conflict-driven fuzz loop)",
	Long: `solve decides SMT-LIB formulas that call closed-box functions: functions
declared with (declare-cb NAME (ArgSort*) RetSort) (or Delphi's
declare-oracle-fun) whose meaning is code that can be run but not reasoned about.
A fuzzer runs the closed boxes, an SMT engine (z3 or cvc5) solves the theory
part with the closed boxes read as uninterpreted functions, and the two trade
constraints until they agree (SADHAK, OOPSLA'22).

Each closed box needs an implementation, --cb NAME=IMPL:
  NAME=f.c[:SYMBOL]     a C function (freestanding, unsigned parameter types),
                        compiled to WebAssembly with clang and wasm-ld and run
                        in-process in a sandbox (wazero)
  NAME=f.wasm[:EXPORT]  a WebAssembly module
  NAME=exec:CMD ARG…    a program kept alive across calls: it reads lines
                        "NAME ARG1 ARG2…" (bit-vectors as unsigned decimal,
                        Bool as true/false) and answers one value per line
--cb-from-define NAME makes a define-fun of the file a closed box: its body is
hidden from the SMT engine and run by tandem's evaluator. --oracle-dir DIR
finds Delphi oracles as DIR/BINARY.c or DIR/BINARY.wasm (BINARY's base name).

Modes: cdfl (default, the conflict-driven fuzz loop), fuzz-only (fuzz the whole
formula, as JFS does) and active-learning (solve with closed boxes as
uninterpreted functions, run them on the model, add the input/output facts,
repeat: Delphi's strategy).

Verdicts: sat only after every closed box has been run on the final model and
every assertion evaluates to true (the model is printed); unsat only when the
formula with closed boxes read as uninterpreted functions, plus facts learned by
running them, is unsat; otherwise unknown, with the reason on stderr. A closed
box that traps, loops or exhausts its memory makes that call fail; it never
takes tandem down or past its timeout.

Exit status: 0 for any verdict, 2 on bad input or a setup failure.`,
	Example: `  tandem solve motivating.smt2 --cb f=f.c --stats
  tandem solve q.smt2 --cb hash=hash.wasm --mode fuzz-only --timeout 10s
  tandem solve bench.smt2 --cb-from-define popcount --smt cvc5
  tandem solve delphi.smt2 --oracle-dir bench/cb/delphi`,
	Args: cobra.ExactArgs(1),
	RunE: runSolve,
}

func runSolve(cmd *cobra.Command, args []string) error {
	fl := &solveFlags
	o := fl.file
	m, err := cbsolve.ParseMode(fl.mode)
	if err != nil {
		return err
	}
	o.Mode, o.FuzzSlice, o.Probe = m, time.Duration(fl.fuzzSlice), time.Duration(fl.probe)
	if fl.noTabulate {
		o.TabulateMax, o.TableMax = -1, -1
	}
	if fl.trace {
		o.Trace = os.Stderr
	}
	sc, res, err := cbsolve.SolveFile(cmd.Context(), args[0], o)
	if err != nil {
		return err
	}
	if cmd.Context().Err() != nil && res.Status == cbsolve.Unknown {
		res.Reason = "interrupted by a signal; " + strings.TrimPrefix(res.Reason, "cancelled ")
	}
	if fl.asJSON {
		return res.WriteJSON(os.Stdout, sc)
	}
	res.WriteText(os.Stdout, sc)
	if res.Status != cbsolve.Sat && res.Reason != "" {
		fmt.Fprintf(os.Stderr, "tandem: solve: %s: %s\n", res.Status, res.Reason)
	}
	if fl.showStats {
		res.Stats.Write(os.Stderr)
	}
	return nil
}

func init() {
	f := solveCmd.Flags()
	fl := &solveFlags
	opts := &fl.file.Options
	f.StringArrayVar(&fl.file.Boxes, "cb", nil, "closed-box implementation NAME=IMPL (repeatable; see above)")
	f.StringArrayVar(&fl.file.FromDefine, "cb-from-define", nil, "treat the define-fun NAME as a closed box (repeatable)")
	f.StringVar(&fl.file.OracleDir, "oracle-dir", "", "directory of Delphi oracle implementations BINARY.c / BINARY.wasm")
	f.StringVar(&fl.mode, "mode", "cdfl", "cdfl, fuzz-only or active-learning")
	f.StringVar(&opts.SMT, "smt", "z3", "the SMT engine: z3 or cvc5 (any solver profile name)")
	f.DurationVar(&opts.Timeout, "timeout", 60*time.Second, "time limit of the whole solve")
	f.DurationVar(&fl.file.CallTimeout, "cb-timeout", time.Second, "time limit of one closed-box call")
	f.BoolVar(&fl.showStats, "stats", false, "print iterations, constraints exchanged, fuzz executions and closed-box calls on stderr")
	f.BoolVar(&fl.asJSON, "json", false, "print the verdict, model and statistics as JSON")
	f.BoolVar(&fl.trace, "trace", false, "print the loop's events on stderr")
	f.Uint64Var(&opts.Seed, "seed", 0, "seed of the fuzzer's random choices")
	f.BoolVar(&opts.CBFacts, "cb-facts", false, "add the closed-box input/output facts of every partial model to the SMT side (CONVERTCBTOUF)")
	f.IntVar(&opts.TabulateMax, "tabulate-max", 4096, "give the SMT engine the whole table of closed boxes with at most this many argument tuples")
	f.IntVar(&opts.TableMax, "table-max", 1<<16, "give the SMT engine a decision diagram of the whole table of closed boxes with at most this many argument tuples (above --tabulate-max)")
	f.BoolVar(&fl.noTabulate, "no-tabulate", false, "never tabulate closed boxes")
	f.BoolVar(&opts.NoPrecheck, "no-precheck", false, "skip the pure-SMT check before the loop (ablation)")
	f.BoolVar(&opts.NoEquivalence, "no-equiv", false, "no equivalence classes or magic bytes in the fuzzer (ablation)")
	f.Var(&fl.fuzzSlice, "fuzz-slice", "first time slice of a fuzz run before active-learning steps (-1 or off: no slicing, as the paper)")
	f.Int64Var(&opts.FuzzEvals, "fuzz-evals", 0, "count fuzz slices (and the probe) in executions, not time: the same --seed gives the same run on any machine (e.g. 100000; 0: time slices); in fuzz-only mode, the whole run's executions")
	f.DurationVar(&opts.SMTCallTimeout, "smt-call-timeout", 0, "time limit of one SMT engine check (default: the time left; the cdfl pre-check gets at most a quarter of --timeout)")
	f.StringVar(&opts.Profiles, "profiles", "", "TOML file of solver profiles for --smt (default $TANDEM_SOLVERS or ~/.config/tandem/solvers.toml; see 'tandem solvers --help')")
	f.BoolVar(&opts.NoArgPurify, "no-arg-purify", false, "keep closed-box arguments as terms instead of fresh constants (ablation)")
	f.BoolVar(&opts.NoPropose, "no-propose", false, "no SMT proposals from the partial model's closed-box outputs (ablation)")
	f.BoolVar(&opts.NoSeedReuse, "no-seed-reuse", false, "do not seed fuzz runs with earlier partial models (ablation)")
	f.Var(&fl.probe, "probe", "cdfl: fuzz the whole formula this long before starting the SMT engine (-1 or off: no probe)")
	allowDuration(f, "fuzz-slice", zeroOK, negativeOK)
	allowDuration(f, "probe", zeroOK, negativeOK)
	rootCmd.AddCommand(solveCmd)
}

// offDuration is a duration flag that also takes -1 or "off" (stored as
// -1ns): the documented way to turn a time slice off. Any other negative
// duration means off too; a bare number other than -1 has no unit and is
// rejected, as time.ParseDuration would.
type offDuration time.Duration

func (d *offDuration) String() string {
	if *d < 0 {
		return "off"
	}
	return time.Duration(*d).String()
}

func (d *offDuration) Set(s string) error {
	if s == "-1" || s == "off" {
		*d = -1
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as 500ms, or -1 (off)")
	}
	if v < 0 {
		v = -1
	}
	*d = offDuration(v)
	return nil
}

func (d *offDuration) Type() string { return "duration|-1" }
