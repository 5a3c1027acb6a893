package main

import (
	"github.com/spf13/cobra"

	"tandem/campaign"
	"tandem/diver"
)

var diverFlags diver.Flags

var diverCmd = &cobra.Command{
	Use:   "diver [SEEDS…]",
	Short: "oracle-guided testing of SMT solvers by model-preserving mutation (DIVER)",
	Long:  diver.Help(campaign.FlagsHelp),
	Example: `  tandem diver --solver z3 --budget 2m --seed 1
  tandem diver --solver 'z3 model_validate=true' ../shared/corpus/seeds/QF_SLIA/sat -t 10s -m 1000 --budget 30m -j 2 --out /tmp/d1
  tandem diver --solver cvc5 --model-from z3 ../shared/corpus/seeds/QF_S/sat --mode noweight --budget 10m
  tandem diver --solver z3 ../shared/corpus/seeds/QF_S/unsat ../shared/corpus/seeds/QF_S/sat --budget 10m`,
	RunE: runDiver,
}

func runDiver(cmd *cobra.Command, args []string) error {
	config, err := diverFlags.Config(args)
	if err != nil {
		return err
	}
	return runCampaign(cmd, diverFlags.Out, diver.Name, config, &diverFlags.Campaign)
}

func init() {
	diverFlags.Register(diverCmd.Flags())
	rootCmd.AddCommand(diverCmd)
}
