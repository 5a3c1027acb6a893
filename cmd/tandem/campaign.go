package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/internal/cli"
	"tandem/internal/toy"
)

// runCampaign runs (or with --resume, resumes) a campaign of system with
// config in dir, and maps the outcome to the exit code: 0 when the campaign
// has no findings, 10 when it has some (as yinyang does), 1 on an error of
// the run, 2 on a usage error.
func runCampaign(cmd *cobra.Command, dir, system string, config []byte, f *campaign.Flags) error {
	// Ctrl-C stops the campaign cleanly; campaign says so on stderr.
	sum, err := f.Run(cmd.Context(), dir, system, config, os.Stdout, os.Stderr)
	var fe *cli.FlagError
	switch {
	case errors.Is(err, campaign.ErrNoBudget) || errors.As(err, &fe):
		return err
	case err != nil:
		return fail(1, err)
	case sum.Signatures > 0:
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

var demoFlags campaign.Flags
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

var resumeFlags campaign.Flags

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
		resumeFlags.Resume = true
		return runCampaign(cmd, args[0], "", nil, &resumeFlags)
	},
}

func init() {
	demoFlags.Register(campaignDemoCmd.Flags())
	f := campaignDemoCmd.Flags()
	f.StringVar(&demoOpts.system, "system", toy.FakeName, "toy system: toy or z3toy")
	f.Float64Var(&demoOpts.rate, "rate", 0, "toy: probability that an iteration finds something (default 0.05; -1: never)")
	f.DurationVar(&demoOpts.work, "work", 0, "toy: simulated solver time per iteration")
	f.IntVar(&demoOpts.calls, "calls", 0, "toy: fake solver calls counted per iteration (default 2; -1: none)")
	f.IntVar(&demoOpts.bugs, "bugs", 0, "toy: number of distinct planted bugs (default 8)")
	f.StringVar(&demoOpts.solvers, "solvers", "z3", "z3toy: solver specs separated by ';'")
	f.StringVar(&demoOpts.logic, "logic", "", "z3toy: QF_BV or QF_LIA (default: either, per iteration)")
	f.DurationVar(&demoOpts.timeout, "timeout", 2*time.Second, "z3toy: time limit per solver run")
	cli.AllowDuration(f, "work", cli.ZeroOK)
	resumeFlags.Register(campaignResumeCmd.Flags())
	campaignCmd.AddCommand(campaignDemoCmd, campaignResumeCmd)
	rootCmd.AddCommand(campaignCmd)
}
