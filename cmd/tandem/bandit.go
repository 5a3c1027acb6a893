package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"tandem/bandit"
	"tandem/internal/cli"
)

// runComparison runs perf or bug as a campaign in --out, then prints and
// writes the side-by-side comparison of every run finished in it so far.
func runComparison(cmd *cobra.Command, f *bandit.CompareFlags) error {
	config, err := f.Config(cmd.Context())
	if err != nil {
		return err
	}
	err = runCampaign(cmd, f.Out, bandit.SystemName, config, &f.Campaign)
	if err != nil && cli.ExitCode(err) != 10 {
		return err
	}
	if werr := writeComparison(cmd, f.Out); werr != nil && !errors.Is(werr, bandit.ErrNoFinishedRuns) {
		return werr
	} else if werr != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), "tandem: nothing to compare:", werr) // every run cut: the campaign's summary says so
	}
	return err
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
	var pf, bf bandit.CompareFlags
	perf := &cobra.Command{
		Use:   "perf --target z3 --ref cvc5 --ref cvc4 --theory fp",
		Short: "performance fuzzing: maximise the target's PAR-2 cost minus the slowest reference's",
		Example: `  tandem bandit perf --target z3 --ref cvc5 --theory str --timeout 2s --run-budget 4m --runs 5 --out /tmp/p1
  tandem bandit perf --target 'z3 smt.arith.solver=2' --ref z3 --theory lia --measure effort --max-queries 200 --out /tmp/p2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runComparison(cmd, &pf) },
	}
	pf.Register(perf.Flags(), "perf")
	bug := &cobra.Command{
		Use:   "bug --solver z3 --solver cvc5 --theory str",
		Short: "bug localization: reward constructs whose mutation makes solvers disagree; judge disagreements with the evaluator",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return runComparison(cmd, &bf) },
	}
	bf.Register(bug.Flags(), "bug")
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
	var f bandit.CampaignFlags
	camp := &cobra.Command{
		Use:   "campaign DIR --mode bug|perf --solver z3 --solver cvc5 --theory fp",
		Short: "run one BanditFuzz fuzzer under the campaign harness for a campaign budget (perf and bug do this side by side)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			config, err := f.Config()
			if err != nil {
				return err
			}
			return runCampaign(cmd, args[0], bandit.SystemName, config, &f.Campaign)
		},
	}
	f.Register(camp.Flags())
	return camp
}

func init() { rootCmd.AddCommand(newBanditCmd()) }
