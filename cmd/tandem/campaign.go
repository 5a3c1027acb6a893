package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/internal/proc"
	"tandem/internal/toy"
)

// campaignFlags are the harness flags every fuzzing command shares (diver,
// bandit, satfuzz and campaign demo): add them with addCampaignFlags and run
// with runCampaign. One grammar for all: -n iterations, -j workers, -q
// quiet; --time (and --budget where added with addBudgetFlag) is the time
// budget of the campaign and has no short flag: -t is a solver's time
// limit per query in every command that has one.
type campaignFlags struct {
	iterations uint64
	duration   time.Duration
	workers    int
	seed       uint64
	store      string
	id         string
	shard      string
	json       bool
	quiet      bool
	noReduce   bool
	reduceTime time.Duration
	resume     bool
	logEvery   time.Duration
}

func addCampaignFlags(cmd *cobra.Command, f *campaignFlags) {
	fl := cmd.Flags()
	fl.Uint64VarP(&f.iterations, "iterations", "n", 0, "iteration budget of the whole campaign (0: none)")
	fl.DurationVar(&f.duration, "time", 0, "time budget of the campaign, counting every run of it, e.g. 10m (0: none)")
	fl.IntVarP(&f.workers, "jobs", "j", 0, "iterations run at once (default: all cores)")
	fl.Uint64Var(&f.seed, "seed", 0, "master seed (default: random, printed)")
	fl.StringVar(&f.store, "store", "", "findings store: a postgres:// URL shared by many workers (default: SQLite in DIR)")
	fl.StringVar(&f.id, "campaign", "", "campaign id in the store (default: DIR's base name)")
	fl.StringVar(&f.shard, "shard", "", "run only iterations i with i mod N = K, as K/N (for N worker processes)")
	fl.BoolVar(&f.json, "json", false, "write the JSON event stream to standard output")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no progress on standard error")
	fl.BoolVar(&f.noReduce, "no-reduce", false, "do not reduce new findings")
	fl.DurationVar(&f.reduceTime, "reduce-timeout", campaign.DefaultReduceTimeout, "time limit for reducing one finding")
	fl.BoolVar(&f.resume, "resume", false, "resume the campaign in DIR (its system, seed and budget are read from the store)")
	fl.DurationVar(&f.logEvery, "log-every", campaign.DefaultLogEvery, "interval of progress lines when standard error is not a terminal")
	allowDuration(fl, "time", zeroOK)
}

// addBudgetFlag adds --budget, another name of --time, to cmd.
func (f *campaignFlags) addBudgetFlag(cmd *cobra.Command) {
	cmd.Flags().DurationVar(&f.duration, "budget", 0, "time budget of the campaign, e.g. 30m (same as --time)")
	allowDuration(cmd.Flags(), "budget", zeroOK)
}

func (f *campaignFlags) options(cmd *cobra.Command) (campaign.Options, error) {
	o := campaign.Options{Store: f.store, Campaign: f.id, Seed: f.seed, Iterations: f.iterations,
		Duration: f.duration, Workers: f.workers, NoReduce: f.noReduce, ReduceTimeout: f.reduceTime, LogEvery: f.logEvery}
	if f.shard != "" {
		sh, err := campaign.ParseShard(f.shard)
		if err != nil {
			return o, err
		}
		o.Shard = sh
	}
	if !f.quiet {
		o.Progress = os.Stderr
	}
	if f.json {
		o.Events = os.Stdout
	}
	if !cmd.Flags().Changed("seed") && !f.resume {
		o.Seed = uint64(time.Now().UnixNano())
	}
	return o, nil
}

// signalContext returns parent (which main's proc.SignalContext cancels on
// the first SIGINT or SIGTERM: a clean stop, commit, summarize; a second
// one exits at once with 130) and says so on progress.
func signalContext(parent context.Context, progress io.Writer) (context.Context, func()) {
	ctx, cancel := context.WithCancel(parent)
	remove := proc.OnSignal(func(n int) {
		switch {
		case progress == nil:
		case n == 1:
			fmt.Fprintln(progress, "\nstopping: committing finished iterations (interrupt again to abort now)")
		default:
			fmt.Fprintln(progress, "aborted; resume the campaign with --resume")
		}
	})
	return ctx, func() { remove(); cancel() }
}

// runCampaign runs (or with --resume, resumes) a campaign of system with
// config in dir, and maps the outcome to the exit code: 0 when the campaign
// has no findings, 10 when it has some (as yinyang does), 1 on an error.
func runCampaign(cmd *cobra.Command, dir, system string, config []byte, f *campaignFlags) error {
	opts, err := f.options(cmd)
	if err != nil {
		return err
	}
	ctx, stop := signalContext(cmd.Context(), opts.Progress)
	defer stop()
	var sum *campaign.Summary
	if f.resume {
		sum, err = campaign.Resume(ctx, dir, opts)
	} else {
		if f.iterations == 0 && f.duration == 0 {
			return fmt.Errorf("give a budget: --iterations N, --time DURATION, or both")
		}
		sum, err = campaign.Run(ctx, dir, system, config, opts)
	}
	if err != nil {
		return fail(1, err)
	}
	if sum.Signatures > 0 {
		return fail(10, nil)
	}
	return nil
}

var campaignCmd = &cobra.Command{
	Use:   "campaign",
	Short: "run, resume and inspect fuzzing campaigns (the shared harness)",
	Long: `A campaign is a directory holding a findings store (SQLite, or a shared
PostgreSQL database with --store), one directory per distinct bug under
findings/, and campaign.json. Every fuzzer (diver, bandit, satfuzz) runs
as a campaign; 'tandem campaign demo' runs a toy system to try the harness.

See also 'tandem report DIR' and 'tandem replay DIR ITERATION'.`,
}

var demoFlags campaignFlags
var demoOpts struct {
	system  string
	rate    float64
	work    time.Duration
	calls   int
	bugs    int
	solvers string
	logic   string
	timeout time.Duration
}

var campaignDemoCmd = &cobra.Command{
	Use:   "demo DIR",
	Short: "run a toy campaign: a fake-solver fuzzer (toy) or random scripts sent to z3 (z3toy)",
	Long: `Run the harness on a toy system, to see what a campaign does before the
real fuzzers exist, or to measure the harness.

  toy    a fuzzer of a fake solver: no process is started; an iteration
         "finds" one of --bugs planted bugs with probability --rate
         (deterministic per iteration seed), so dedup, reduction, the
         findings directories and reports have something to show.
  z3toy  small random QF_BV/QF_LIA scripts sent to real solvers
         (--solvers, default z3) with their self-checks on; crashes,
         errors, disagreements and performance gaps are findings.

Stop with Ctrl-C (finished iterations are committed, a summary printed;
a second Ctrl-C aborts), resume with --resume DIR. Exit code 0: no
findings in the campaign, 10: findings, 1: error.`,
	Example: `  tandem campaign demo /tmp/c1 -n 20000 --seed 1
  tandem campaign demo /tmp/c2 --system z3toy --time 2m -j 2
  tandem campaign demo /tmp/c3 --system z3toy --solvers 'z3;cvc5' --time 10m
  tandem campaign demo --resume /tmp/c1
  tandem report /tmp/c1`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		config, err := demoConfig()
		if err != nil {
			return err
		}
		return runCampaign(cmd, args[0], demoOpts.system, config, &demoFlags)
	},
}

// demoConfig is the configuration of the toy system chosen by --system.
func demoConfig() ([]byte, error) {
	switch demoOpts.system {
	case toy.FakeName:
		return json.Marshal(toy.FakeOptions{Rate: demoOpts.rate, Work: demoOpts.work, Calls: demoOpts.calls, Bugs: demoOpts.bugs})
	case toy.Z3Name:
		var solvers []string
		for _, s := range strings.Split(demoOpts.solvers, ";") {
			if s = strings.TrimSpace(s); s != "" {
				solvers = append(solvers, s)
			}
		}
		return json.Marshal(toy.Z3Options{Solvers: solvers, Logic: demoOpts.logic, Timeout: demoOpts.timeout})
	}
	return nil, fmt.Errorf("--system %q: want toy or z3toy", demoOpts.system)
}

var resumeFlags campaignFlags

var campaignResumeCmd = &cobra.Command{
	Use:   "resume DIR",
	Short: "resume a stopped campaign of any system where it stopped",
	Long: `Resume the campaign in DIR: the iterations not recorded as done run again,
with the same seeds, then the campaign goes on until its budget is used.
The system, its configuration, the seed and the budget come from the
store. A time budget counts every run of the campaign, so a resumed
campaign runs for what is left of it; --time and --iterations replace the
stored budget (e.g. --time 2h on a campaign that ran 1h of its 1h gives
it one more hour). -j, --json apply as usual.`,
	Example: `  tandem campaign resume /tmp/c1
  tandem campaign resume /tmp/c2 --time 2h -j 8`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		resumeFlags.resume = true
		return runCampaign(cmd, args[0], "", nil, &resumeFlags)
	},
}

func init() {
	addCampaignFlags(campaignDemoCmd, &demoFlags)
	f := campaignDemoCmd.Flags()
	f.StringVar(&demoOpts.system, "system", toy.FakeName, "toy system: toy or z3toy")
	f.Float64Var(&demoOpts.rate, "rate", 0, "toy: probability that an iteration finds something (default 0.05; -1: never)")
	f.DurationVar(&demoOpts.work, "work", 0, "toy: simulated solver time per iteration")
	f.IntVar(&demoOpts.calls, "calls", 0, "toy: fake solver calls counted per iteration (default 2; -1: none)")
	f.IntVar(&demoOpts.bugs, "bugs", 0, "toy: number of distinct planted bugs (default 8)")
	f.StringVar(&demoOpts.solvers, "solvers", "z3", "z3toy: solver specs separated by ';'")
	f.StringVar(&demoOpts.logic, "logic", "", "z3toy: QF_BV or QF_LIA (default: either, per iteration)")
	f.DurationVar(&demoOpts.timeout, "timeout", 2*time.Second, "z3toy: time limit per solver run")
	allowDuration(f, "work", zeroOK)
	addCampaignFlags(campaignResumeCmd, &resumeFlags)
	campaignCmd.AddCommand(campaignDemoCmd, campaignResumeCmd)
	rootCmd.AddCommand(campaignCmd)
}
