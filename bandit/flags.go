package bandit

import (
	"context"
	"encoding/json"
	"time"

	"github.com/spf13/pflag"

	"tandem/campaign"
	"tandem/internal/cli"
)

// CompareFlags are the flags of 'tandem bandit perf' and 'bandit bug': the
// system's options, the side-by-side layout (fuzzers, runs, --out) and the
// campaign harness's flags. Register them, then build the campaign's
// configuration with [CompareFlags.Config].
type CompareFlags struct {
	Campaign campaign.Flags
	Options  SystemOptions
	Out      string // the campaign directory

	target   string
	refs     []string
	baseline string
	runs     int
	confirm  int
	measure  string
}

// flagNames are the flags of the SystemOptions fields named in
// [cli.OptionError]s, for [cli.NameFlags].
var flagNames = map[string]string{"Measure": "measure", "EffortLimit": "effort-limit"}

// Register adds the flags of mode ("perf" or "bug") to fs.
func (f *CompareFlags) Register(fs *pflag.FlagSet, mode string) {
	f.Options.Mode = mode
	f.Campaign.Register(fs)
	o := &f.Options
	fs.StringVar(&o.Theory, "theory", "fp", "grammar: fp, str, bv, lia, nia, lra, nra")
	fs.StringVar(&o.FPFormat, "fp-format", "", "FP sort as EB,SB (default 11,53: Float64 as in the paper; 8,24 is Float32)")
	fs.StringVar(&o.Agent, "agent", "thompson", "banditfuzz's bandit: thompson, epsilon, ucb, uniform")
	fs.StringVar(&f.baseline, "baseline", "", "run only this baseline (random, mutational, evolutionary) instead of all fuzzers side by side")
	fs.StringSliceVar(&o.Fuzzers, "fuzzers", nil, "fuzzers to run side by side (default: banditfuzz and every baseline)")
	fs.StringVar(&f.Out, "out", "bandit-"+mode, "campaign directory: store, findings/, runs/, suite/, summary.json, runs.json, report.html")
	fs.DurationVar(&o.Timeout, "timeout", DefaultPerfTimeout, "per-query CPU timeout (paper: 2500 s performance, 60 s bugs)")
	fs.DurationVar(&o.Wall, "wall", 0, "wall-clock limit per solver run (default 2 × --timeout); raise it on a loaded machine, where a run stopped by it below 90% of the timeout in CPU is inconclusive")
	fs.IntVar(&f.runs, "runs", 1, "runs per fuzzer (paper: 100); the campaign's iterations are runs × fuzzers unless --iterations is given")
	fs.IntVar(&o.Gen.Vars, "vars", 0, "variables (default 2)")
	fs.IntVar(&o.Gen.MinAsserts, "min-asserts", 0, "fewest assertions (default 3)")
	fs.IntVar(&o.Gen.MaxAsserts, "max-asserts", 0, "most assertions (default 5)")
	fs.IntVar(&o.Gen.MinDepth, "min-depth", 0, "smallest depth limit (default 2)")
	fs.IntVar(&o.Gen.MaxDepth, "max-depth", 0, "largest depth limit (default 4)")
	if mode == "bug" {
		fs.IntVar(&o.Queries, "queries", DefaultQueries, "queries per fuzzer run (paper: 20,000)")
		fs.StringArrayVar(&o.Solvers, "solver", nil, "solver spec (repeat, at least two)")
		return
	}
	fs.StringVar(&f.target, "target", "z3", "target solver spec")
	fs.StringArrayVar(&f.refs, "ref", nil, "reference solver spec (repeat)")
	fs.DurationVar(&o.Budget, "run-budget", DefaultPerfBudget, "time budget per run (paper: 24 h)")
	fs.DurationVar(&o.Budget, "budget", DefaultPerfBudget, "")
	_ = fs.MarkDeprecated("budget", "use --run-budget (the time budget of one run; --time is the whole campaign's)")
	fs.IntVar(&o.Queries, "max-queries", 0, "query budget per run (0: only --run-budget)")
	fs.IntVar(&f.confirm, "confirm", DefaultConfirm, "re-run each run's best input this many times per solver and report the median (0: no re-runs)")
	fs.StringVar(&f.measure, "measure", string(MeasureCPU), "what a run measures: cpu (CPU time), wall (wall-clock time) or effort (the solver's own work count: z3 rlimit-count, cvc5 resource units; target and references must be the same solver)")
	fs.Int64Var(&o.EffortLimit, "effort-limit", 0, "--measure effort: stop each solver run after this many units (default: the solver profile's)")
	fs.Float64Var(&o.MinMargin, "min-margin", 0, "report a run's best input as a finding from this confirmed margin on, in the measure's unit (default: one timeout or effort limit)")
}

// Config is the campaign configuration the flags give. A new campaign
// (not --resume) is checked first, solvers included, and its iteration
// budget defaults to runs × fuzzers.
func (f *CompareFlags) Config(ctx context.Context) ([]byte, error) {
	o := &f.Options
	if o.Mode == "perf" {
		o.Solvers = append([]string{f.target}, f.refs...)
		o.Confirm = confirmOption(f.confirm)
		o.Measure = Measure(f.measure)
	}
	o.Fuzzers = f.fuzzerList()
	config, err := json.Marshal(o)
	if err != nil || f.Campaign.Resume {
		return config, err
	}
	sys, err := NewSystem(config)
	if err != nil {
		return nil, err
	}
	if err := sys.Check(ctx); err != nil {
		return nil, cli.NameFlags(err, flagNames)
	}
	if f.Campaign.Iterations == 0 {
		f.Campaign.Iterations = uint64(max(f.runs, 1) * len(o.Fuzzers))
	}
	return config, nil
}

func (f *CompareFlags) fuzzerList() []string {
	switch {
	case f.baseline != "":
		return []string{f.baseline}
	case len(f.Options.Fuzzers) > 0:
		return f.Options.Fuzzers
	case f.Options.Mode == "bug":
		return BugFuzzers
	}
	return PerfFuzzers
}

// confirmOption maps the --confirm flag (0: off) to SystemOptions.Confirm
// (0: the default, negative: off).
func confirmOption(k int) int {
	if k <= 0 {
		return -1
	}
	return k
}

// CampaignFlags are the flags of 'tandem bandit campaign': one fuzzer
// under the campaign harness for a campaign budget, no comparison.
type CampaignFlags struct {
	Campaign campaign.Flags
	Options  SystemOptions
	confirm  int
}

// Register adds the flags to fs.
func (f *CampaignFlags) Register(fs *pflag.FlagSet) {
	f.Campaign.Register(fs)
	o := &f.Options
	fs.StringVar(&o.Mode, "mode", "bug", "bug or perf")
	fs.StringVar(&o.Theory, "theory", "fp", "grammar: fp, str, bv, lia, nia, lra, nra")
	fs.StringArrayVar(&o.Solvers, "solver", nil, "solver spec (repeat; perf mode: the target first)")
	fs.StringVar(&o.Fuzzer, "fuzzer", "", "banditfuzz (default), random, mutational, evolutionary (perf)")
	fs.StringVar(&o.Agent, "agent", "", "thompson (default), epsilon, ucb, uniform")
	fs.DurationVar(&o.Timeout, "timeout", DefaultBugTimeout, "per-query timeout")
	fs.IntVar(&o.Queries, "queries", 50, "queries per iteration (one run)")
	fs.IntVar(&f.confirm, "confirm", DefaultConfirm, "perf mode: re-run each best input this many times per solver and report only a confirmed median margin (0: no re-runs)")
}

// Config is the campaign configuration the flags give; without a budget
// the campaign runs for 10 minutes.
func (f *CampaignFlags) Config() ([]byte, error) {
	f.Options.Confirm = confirmOption(f.confirm)
	if !f.Campaign.HasBudget() {
		f.Campaign.Duration = 10 * time.Minute
	}
	return json.Marshal(f.Options)
}
