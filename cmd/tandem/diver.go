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
	Long: `diver tests one SMT solver with no reference (DIVER, ICSE'23): it takes a
satisfiable seed and its model M (from the solver, checked by tandem's
evaluator), replaces a subterm by a random term of the same sort such that the
whole formula stays true under M (checked by the evaluator before the solver
sees it), and sends the mutant to the solver. unsat is a soundness bug; a
model that falsifies the mutant is an invalid-model bug; crashes and failed
self-checks are reported too. Mutants answered sat are mutated further.

SEEDS are SMT-LIB files or directories; with none, built-in seeds with known
models are generated for --logic (default: every supported logic).

Everything else is the campaign harness: progress, dedup, background
reduction with tandem/reduce, findings under OUT/findings, 'tandem report
OUT', 'tandem replay OUT N'; the campaign flags are those of every fuzzer:
` + campaign.FlagsHelp + `.
Without a budget (--budget, --time or -n) the campaign runs for 10
minutes. Exit status 0: no findings, 10: findings, 1: error.`,
	Example: `  tandem diver --solver z3 --budget 2m --seed 1
  tandem diver --solver 'z3 model_validate=true' ../shared/corpus/seeds/QF_SLIA/sat -t 10s -m 1000 --budget 30m -j 2 --out /tmp/d1
  tandem diver --solver cvc5 --model-from z3 ../shared/corpus/seeds/QF_S/sat --mode noweight --budget 10m`,
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
