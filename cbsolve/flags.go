package cbsolve

import (
	"io"
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// FileFlags are the flags of 'tandem solve': register them, then take
// [FileFlags.FileOptions].
type FileFlags struct {
	o                FileOptions
	mode             string
	noTabulate       bool
	trace            bool
	fuzzSlice, probe cli.OffDuration
	ShowStats        bool // print the statistics on standard error
	JSON             bool // print the verdict, model and statistics as JSON
}

// FlagNames are the flags of the FileOptions fields named in the
// [cli.OptionError]s of [SolveFile], for [cli.NameFlags].
var FlagNames = map[string]string{"Boxes": "cb", "FromDefine": "cb-from-define", "OracleDir": "oracle-dir",
	"Timeout": "timeout", "Wall": "wall", "CallTimeout": "cb-timeout"}

// Register adds the flags to fs.
func (f *FileFlags) Register(fs *pflag.FlagSet) {
	o := &f.o.Options
	f.fuzzSlice, f.probe = cli.OffDuration(500*time.Millisecond), cli.OffDuration(100*time.Millisecond)
	fs.StringArrayVar(&f.o.Boxes, "cb", nil, "closed-box implementation NAME=IMPL (repeatable; see above)")
	fs.StringArrayVar(&f.o.FromDefine, "cb-from-define", nil, "treat the define-fun NAME as a closed box (repeatable)")
	fs.StringVar(&f.o.OracleDir, "oracle-dir", "", "directory of Delphi oracle implementations BINARY.c / BINARY.wasm")
	fs.StringVar(&f.mode, "mode", "cdfl", "cdfl, fuzz-only or active-learning")
	fs.StringVar(&o.SMT, "smt", "z3", "the SMT engine: z3 or cvc5 (any solver profile name)")
	fs.DurationVar(&o.Timeout, "timeout", 60*time.Second, "CPU-time budget of the whole solve: the CPU time of tandem's process tree (tandem with its in-process boxes, the SMT engine, exec boxes), so the verdict does not depend on the machine's load; --wall bounds the wall time besides")
	fs.DurationVar(&o.Wall, "wall", 0, "wall-clock safety limit of the whole solve, for a box or an engine that waits without using CPU (default 3 × --timeout + 10s)")
	fs.DurationVar(&f.o.CallTimeout, "cb-timeout", time.Second, "time limit of one closed-box call: for an exec box, CPU time of its process tree (3 × it of wall time bounds a box that waits); for a wasm box, wall time")
	fs.BoolVar(&f.ShowStats, "stats", false, "print iterations, constraints exchanged, fuzz executions and closed-box calls on stderr")
	fs.BoolVar(&f.JSON, "json", false, "print the verdict, model and statistics as JSON")
	fs.BoolVar(&f.trace, "trace", false, "print the loop's events on stderr")
	fs.Uint64Var(&o.Seed, "seed", 0, "seed of the fuzzer's random choices")
	fs.BoolVar(&o.CBFacts, "cb-facts", false, "add the closed-box input/output facts of every partial model to the SMT side (CONVERTCBTOUF)")
	fs.IntVar(&o.TabulateMax, "tabulate-max", 4096, "give the SMT engine the whole table of closed boxes with at most this many argument tuples")
	fs.IntVar(&o.TableMax, "table-max", 1<<18, "give the SMT engine a decision diagram of the whole table of closed boxes with at most this many argument tuples (above --tabulate-max)")
	fs.BoolVar(&f.noTabulate, "no-tabulate", false, "never tabulate closed boxes")
	fs.BoolVar(&o.NoPrecheck, "no-precheck", false, "skip the pure-SMT check before the loop (ablation)")
	fs.BoolVar(&o.NoEquivalence, "no-equiv", false, "no equivalence classes or magic bytes in the fuzzer (ablation)")
	fs.Var(&f.fuzzSlice, "fuzz-slice", "first time slice of a fuzz run before active-learning steps (-1 or off: no slicing, as the paper)")
	fs.Int64Var(&o.FuzzEvals, "fuzz-evals", 0, "count fuzz slices (and the probe) in executions, not time: the same --seed gives the same run on any machine (e.g. 100000; 0: time slices); in fuzz-only mode, the whole run's executions")
	fs.DurationVar(&o.SMTCallTimeout, "smt-call-timeout", 0, "limit of one SMT engine check, in CPU time of tandem's process tree as --timeout, under the --wall safety limit (default: the time left; the cdfl pre-check gets at most a quarter of --timeout, also CPU time)")
	fs.StringVar(&o.Profiles, "profiles", "", "TOML file of solver profiles for --smt (default $TANDEM_SOLVERS or ~/.config/tandem/solvers.toml; see 'tandem solvers --help')")
	fs.BoolVar(&o.NoArgPurify, "no-arg-purify", false, "keep closed-box arguments as terms instead of fresh constants (ablation)")
	fs.BoolVar(&o.NoPropose, "no-propose", false, "no SMT proposals from the partial model's closed-box outputs (ablation)")
	fs.BoolVar(&o.NoSurrogates, "no-surrogates", false, "cdfl: do not solve with closed boxes identified as common operations (ablation; models are always checked on the real boxes)")
	fs.BoolVar(&o.NoSeedReuse, "no-seed-reuse", false, "do not seed fuzz runs with earlier partial models (ablation)")
	fs.Var(&f.probe, "probe", "cdfl: fuzz the whole formula this long before starting the SMT engine (-1 or off: no probe)")
	cli.AllowDuration(fs, "fuzz-slice", cli.ZeroOK, cli.NegativeOK)
	cli.AllowDuration(fs, "probe", cli.ZeroOK, cli.NegativeOK)
}

// FileOptions are the options the flags give; trace receives the loop's
// events with --trace.
func (f *FileFlags) FileOptions(trace io.Writer) (FileOptions, error) {
	o := f.o
	m, err := ParseMode(f.mode)
	if err != nil {
		return o, cli.Flag("mode", err)
	}
	o.Mode, o.FuzzSlice, o.Probe = m, time.Duration(f.fuzzSlice), time.Duration(f.probe)
	o.TreeCPU = true // one solve per process: its tree's CPU is the solve's
	if f.noTabulate {
		o.TabulateMax, o.TableMax = -1, -1
	}
	if f.trace {
		o.Trace = trace
	}
	return o, nil
}
