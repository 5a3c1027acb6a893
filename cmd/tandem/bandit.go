package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"tandem/bandit"
)

// banditFlags are the flags of 'tandem bandit perf' and 'bandit bug': the
// system's options, the side-by-side layout and the campaign harness's.
type banditFlags struct {
	cf       campaignFlags
	o        bandit.SystemOptions
	target   string
	refs     []string
	baseline string
	out      string
	runs     int
	confirm  int
	measure  string
}

func (f *banditFlags) register(c *cobra.Command, mode string) {
	f.o.Mode = mode
	addCampaignFlags(c, &f.cf)
	fl := c.Flags()
	fl.StringVar(&f.o.Theory, "theory", "fp", "grammar: fp, str, bv, lia, nia, lra, nra")
	fl.StringVar(&f.o.FPFormat, "fp-format", "", "FP sort as EB,SB (default 11,53: Float64 as in the paper; 8,24 is Float32)")
	fl.StringVar(&f.o.Agent, "agent", "thompson", "banditfuzz's bandit: thompson, epsilon, ucb, uniform")
	fl.StringVar(&f.baseline, "baseline", "", "run only this baseline (random, mutational, evolutionary) instead of all fuzzers side by side")
	fl.StringSliceVar(&f.o.Fuzzers, "fuzzers", nil, "fuzzers to run side by side (default: banditfuzz and every baseline)")
	fl.StringVar(&f.out, "out", "bandit-"+mode, "campaign directory: store, findings/, runs/, suite/, summary.json, runs.json, report.html")
	fl.DurationVar(&f.o.Timeout, "timeout", bandit.DefaultPerfTimeout, "per-query CPU timeout (paper: 2500 s performance, 60 s bugs)")
	fl.DurationVar(&f.o.Wall, "wall", 0, "wall-clock limit per solver run (default 2 × --timeout); raise it on a loaded machine, where a run stopped by it below 90% of the timeout in CPU is inconclusive")
	fl.IntVar(&f.runs, "runs", 1, "runs per fuzzer (paper: 100); the campaign's iterations are runs × fuzzers unless --iterations is given")
	fl.IntVar(&f.o.Gen.Vars, "vars", 0, "variables (default 2)")
	fl.IntVar(&f.o.Gen.MinAsserts, "min-asserts", 0, "fewest assertions (default 3)")
	fl.IntVar(&f.o.Gen.MaxAsserts, "max-asserts", 0, "most assertions (default 5)")
	fl.IntVar(&f.o.Gen.MinDepth, "min-depth", 0, "smallest depth limit (default 2)")
	fl.IntVar(&f.o.Gen.MaxDepth, "max-depth", 0, "largest depth limit (default 4)")
	if mode == "bug" {
		fl.IntVar(&f.o.Queries, "queries", bandit.DefaultQueries, "queries per fuzzer run (paper: 20,000)")
		fl.StringArrayVar(&f.o.Solvers, "solver", nil, "solver spec (repeat, at least two)")
		return
	}
	fl.StringVar(&f.target, "target", "z3", "target solver spec")
	fl.StringArrayVar(&f.refs, "ref", nil, "reference solver spec (repeat)")
	fl.DurationVar(&f.o.Budget, "run-budget", bandit.DefaultPerfBudget, "time budget per run (paper: 24 h)")
	fl.DurationVar(&f.o.Budget, "budget", bandit.DefaultPerfBudget, "")
	_ = fl.MarkDeprecated("budget", "use --run-budget (the time budget of one run; --time is the whole campaign's)")
	fl.IntVar(&f.o.Queries, "max-queries", 0, "query budget per run (0: only --run-budget)")
	fl.IntVar(&f.confirm, "confirm", bandit.DefaultConfirm, "re-run each run's best input this many times per solver and report the median (0: no re-runs)")
	fl.StringVar(&f.measure, "measure", string(bandit.MeasureCPU), "what a run measures: cpu (CPU time), wall (wall-clock time) or effort (the solver's own work count: z3 rlimit-count, cvc5 resource units; target and references must be the same solver)")
	fl.Int64Var(&f.o.EffortLimit, "effort-limit", 0, "--measure effort: stop each solver run after this many units (default: the solver profile's)")
	fl.Float64Var(&f.o.MinMargin, "min-margin", 0, "report a run's best input as a finding from this confirmed margin on, in the measure's unit (default: one timeout or effort limit)")
}

// run runs the comparison as a campaign in --out, then prints and writes
// the side-by-side comparison of every run finished in it so far.
func (f *banditFlags) run(cmd *cobra.Command) error {
	if f.o.Mode == "perf" {
		f.o.Solvers = append([]string{f.target}, f.refs...)
		f.o.Confirm = confirmOption(f.confirm)
		f.o.Measure = bandit.Measure(f.measure)
	}
	f.o.Fuzzers = f.fuzzerList()
	config, err := json.Marshal(f.o)
	if err != nil {
		return err
	}
	if !f.cf.resume {
		sys, err := bandit.NewSystem(config)
		if err != nil {
			return err
		}
		if err := sys.Check(cmd.Context()); err != nil {
			return err
		}
		if f.cf.iterations == 0 {
			f.cf.iterations = uint64(max(f.runs, 1) * len(f.o.Fuzzers))
		}
	}
	err = runCampaign(cmd, f.out, bandit.SystemName, config, &f.cf)
	if ee := (exitError{}); err != nil && (!errors.As(err, &ee) || ee.code != 10) {
		return err
	}
	if werr := writeComparison(cmd, f.out); werr != nil {
		return werr
	}
	return err
}

func (f *banditFlags) fuzzerList() []string {
	switch {
	case f.baseline != "":
		return []string{f.baseline}
	case len(f.o.Fuzzers) > 0:
		return f.o.Fuzzers
	case f.o.Mode == "bug":
		return bandit.BugFuzzers
	}
	return bandit.PerfFuzzers
}

// writeComparison prints the comparison of the runs in dir and writes its
// files there.
func writeComparison(cmd *cobra.Command, dir string) error {
	c, err := bandit.ReadComparison(dir)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	c.WriteTable(w)
	page, err := c.WriteFiles(dir)
	if err != nil {
		return err
	}
	if page != "" {
		fmt.Fprintf(w, "report: %s\n", page)
	}
	return nil
}

// confirmOption maps the --confirm flag (0: off) to PerfOptions.Confirm
// (0: the default, negative: off).
func confirmOption(k int) int {
	if k <= 0 {
		return -1
	}
	return k
}

func newBanditCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bandit",
		Short: "BanditFuzz: reinforcement-learning grammar fuzzing for solver performance gaps and disagreements",
		Long: `BanditFuzz (Scott, Mora, Ganesh) learns which grammar constructs make a target
solver slower than its references (perf) or make solvers disagree (bug), and
prints the ranking of culprit constructs next to the baselines' results.
perf and bug run on the campaign harness (one iteration is one run of one
fuzzer): findings are stored, deduplicated and reduced, --resume continues,
'tandem report DIR' shows the campaign. Exit status 0: no findings, 10:
findings, 1: error.`,
	}
	var pf, bf banditFlags
	perf := &cobra.Command{
		Use:   "perf --target z3 --ref cvc5 --ref cvc4 --theory fp",
		Short: "performance fuzzing: maximise the target's PAR-2 cost minus the slowest reference's",
		Example: `  tandem bandit perf --target z3 --ref cvc5 --theory str --timeout 2s --run-budget 4m --runs 5 --out /tmp/p1
  tandem bandit perf --target 'z3 smt.arith.solver=2' --ref z3 --theory lia --measure effort --max-queries 200 --out /tmp/p2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return pf.run(cmd) },
	}
	pf.register(perf, "perf")
	bug := &cobra.Command{
		Use:   "bug --solver z3 --solver cvc5 --theory str",
		Short: "bug localization: reward constructs whose mutation makes solvers disagree; judge disagreements with the evaluator",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return bf.run(cmd) },
	}
	bf.register(bug, "bug")
	report := &cobra.Command{
		Use:     "report DIR",
		Short:   "print the side-by-side comparison of the runs in DIR and write DIR/summary.json, runs.json and (perf) report.html",
		Example: "  tandem bandit report bench/bandit/perf-str-180s",
		Args:    cobra.ExactArgs(1),
		RunE:    func(cmd *cobra.Command, args []string) error { return writeComparison(cmd, args[0]) },
	}
	cmd.AddCommand(perf, bug, newBanditCampaignCmd(), report)
	return cmd
}

// newBanditCampaignCmd is 'tandem bandit campaign DIR': one fuzzer, a
// campaign budget, no comparison.
func newBanditCampaignCmd() *cobra.Command {
	var cf campaignFlags
	var so bandit.SystemOptions
	var confirm int
	camp := &cobra.Command{
		Use:   "campaign DIR --mode bug|perf --solver z3 --solver cvc5 --theory fp",
		Short: "run one BanditFuzz fuzzer under the campaign harness for a campaign budget (perf and bug do this side by side)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			so.Confirm = confirmOption(confirm)
			config, err := json.Marshal(so)
			if err != nil {
				return err
			}
			if cf.iterations == 0 && cf.duration == 0 {
				cf.duration = 10 * time.Minute
			}
			return runCampaign(cmd, args[0], bandit.SystemName, config, &cf)
		},
	}
	addCampaignFlags(camp, &cf)
	fl := camp.Flags()
	fl.StringVar(&so.Mode, "mode", "bug", "bug or perf")
	fl.StringVar(&so.Theory, "theory", "fp", "grammar: fp, str, bv, lia, nia, lra, nra")
	fl.StringArrayVar(&so.Solvers, "solver", nil, "solver spec (repeat; perf mode: the target first)")
	fl.StringVar(&so.Fuzzer, "fuzzer", "", "banditfuzz (default), random, mutational, evolutionary (perf)")
	fl.StringVar(&so.Agent, "agent", "", "thompson (default), epsilon, ucb, uniform")
	fl.DurationVar(&so.Timeout, "timeout", bandit.DefaultBugTimeout, "per-query timeout")
	fl.IntVar(&so.Queries, "queries", 50, "queries per iteration (one run)")
	fl.IntVar(&confirm, "confirm", bandit.DefaultConfirm, "perf mode: re-run each best input this many times per solver and report only a confirmed median margin (0: no re-runs)")
	return camp
}

func init() { rootCmd.AddCommand(newBanditCmd()) }
