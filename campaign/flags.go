package campaign

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// Flags are the harness flags every fuzzing command shares (diver, bandit,
// satfuzz, campaign demo and resume), one grammar for all: -n iterations,
// -j workers, -q quiet; --time (and --budget where added with
// [Flags.RegisterBudget]) is the time budget of the whole campaign and has
// no short flag: -t is a solver's time limit per query in every command
// that has one. Register them on a command's flag set, then [Flags.Run].
type Flags struct {
	Iterations    uint64
	Duration      time.Duration
	Workers       int
	Seed          uint64
	Store         string
	Campaign      string
	Shard         string
	JSON          bool
	Quiet         bool
	NoReduce      bool
	ReduceTimeout time.Duration
	Resume        bool
	LogEvery      time.Duration

	fs *pflag.FlagSet // where Register put them: was --seed given?
}

// FlagsHelp lists the campaign flags, for help texts.
const FlagsHelp = `-n, -j, -q, --time (--budget) for the time budget,
--seed, --store, --campaign, --shard, --resume, --json, --no-reduce`

// FlagNames are the flags of the Options fields named in the
// [cli.OptionError]s of [Run], [Resume] and [Replay], for [cli.NameFlags].
var FlagNames = map[string]string{"Store": "store", "Campaign": "campaign"}

// ErrNoBudget is the error of a new campaign run without a budget.
var ErrNoBudget = errors.New("give a budget: --iterations N, --time DURATION, or both")

// Register adds the campaign flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	f.fs = fs
	fs.Uint64VarP(&f.Iterations, "iterations", "n", 0, "iteration budget of the whole campaign (0: none)")
	fs.DurationVar(&f.Duration, "time", 0, "time budget of the campaign, counting every run of it, e.g. 10m (0: none)")
	fs.IntVarP(&f.Workers, "jobs", "j", 0, "iterations run at once (default: all cores)")
	fs.Uint64Var(&f.Seed, "seed", 0, "master seed (default: random, printed)")
	fs.StringVar(&f.Store, "store", "", "findings store: a postgres:// URL shared by many workers (default: SQLite in DIR)")
	fs.StringVar(&f.Campaign, "campaign", "", "campaign id in the store (default: DIR's base name)")
	fs.StringVar(&f.Shard, "shard", "", "run only iterations i with i mod N = K, as K/N (for N worker processes)")
	fs.BoolVar(&f.JSON, "json", false, "write the JSON event stream to standard output")
	fs.BoolVarP(&f.Quiet, "quiet", "q", false, "no progress on standard error")
	fs.BoolVar(&f.NoReduce, "no-reduce", false, "do not reduce new findings")
	fs.DurationVar(&f.ReduceTimeout, "reduce-timeout", DefaultReduceTimeout, "time limit for reducing one finding")
	fs.BoolVar(&f.Resume, "resume", false, "resume the campaign in DIR (its system, seed and budget are read from the store)")
	fs.DurationVar(&f.LogEvery, "log-every", DefaultLogEvery, "interval of progress lines when standard error is not a terminal")
	cli.AllowDuration(fs, "time", cli.ZeroOK)
}

// RegisterBudget adds --budget, another name of --time, to fs.
func (f *Flags) RegisterBudget(fs *pflag.FlagSet) {
	fs.DurationVar(&f.Duration, "budget", 0, "time budget of the campaign, e.g. 30m (same as --time)")
	cli.AllowDuration(fs, "budget", cli.ZeroOK)
}

// HasBudget reports whether an iteration or time budget was given.
func (f *Flags) HasBudget() bool { return f.Iterations != 0 || f.Duration != 0 }

// Options are the run options the flags give, with progress on stderr
// (unless quiet) and the event stream on stdout (with --json). Without
// --seed a new campaign gets a random master seed.
func (f *Flags) Options(stdout, stderr io.Writer) (Options, error) {
	o := Options{Store: f.Store, Campaign: f.Campaign, Seed: f.Seed, Iterations: f.Iterations,
		Duration: f.Duration, Workers: f.Workers, NoReduce: f.NoReduce, ReduceTimeout: f.ReduceTimeout, LogEvery: f.LogEvery}
	if f.Shard != "" {
		sh, err := ParseShard(f.Shard)
		if err != nil {
			return o, cli.Flag("shard", err)
		}
		o.Shard = sh
	}
	if !f.Quiet {
		o.Progress = stderr
	}
	if f.JSON {
		o.Events = stdout
	}
	if (f.fs == nil || !f.fs.Changed("seed")) && !f.Resume {
		o.Seed = uint64(time.Now().UnixNano())
	}
	return o, nil
}

// Run runs a new campaign of system with config in dir, or with --resume
// resumes the one in dir, as the flags say. A new campaign needs a budget
// ([ErrNoBudget]).
func (f *Flags) Run(ctx context.Context, dir, system string, config []byte, stdout, stderr io.Writer) (*Summary, error) {
	opts, err := f.Options(stdout, stderr)
	if err != nil {
		return nil, err
	}
	var sum *Summary
	switch {
	case f.Resume:
		sum, err = Resume(ctx, dir, opts)
	case !f.HasBudget():
		return nil, ErrNoBudget
	default:
		sum, err = Run(ctx, dir, system, config, opts)
	}
	return sum, cli.NameFlags(err, FlagNames)
}
