package main

import (
	"encoding/json"
	"time"

	"github.com/spf13/cobra"

	"tandem/diver"
)

var diverFlags struct {
	campaign  campaignFlags
	opts      diver.Options
	mode      string
	out       string
	logics    []string
	noOptFuzz bool
	session   string
}

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
OUT', 'tandem replay OUT N'; the campaign flags are those of every fuzzer
(--store, --shard, --campaign, --resume, …). Without a budget (--budget,
--time or -n) the campaign runs for 10 minutes. Exit status 0: no
findings, 10: findings, 1: error.`,
	Example: `  tandem diver --solver z3 --budget 2m --seed 1
  tandem diver --solver 'z3 model_validate=true' ../shared/corpus/seeds/QF_SLIA/sat -t 10s -m 1000 --budget 30m -j 2 --out /tmp/d1
  tandem diver --solver cvc5 --model-from z3 ../shared/corpus/seeds/QF_S/sat --mode noweight --budget 10m`,
	RunE: runDiver,
}

func runDiver(cmd *cobra.Command, args []string) error {
	f := &diverFlags
	o, cf := f.opts, &f.campaign
	o.Seeds = args
	o.Mode = diver.Mode(f.mode)
	o.Logics = f.logics
	o.NoOptionFuzz = f.noOptFuzz
	o.Session = diver.SessionStyle(f.session)
	if _, err := diver.New(o); err != nil && !cf.resume {
		return err
	}
	config, err := json.Marshal(o)
	if err != nil {
		return err
	}
	if cf.iterations == 0 && cf.duration == 0 && !cf.resume {
		cf.duration = 10 * time.Minute
	}
	return runCampaign(cmd, f.out, diver.Name, config, cf)
}

func init() {
	f := &diverFlags
	addCampaignFlags(diverCmd, &f.campaign)
	f.campaign.addBudgetFlag(diverCmd)
	fl := diverCmd.Flags()
	fl.StringVar(&f.opts.Solver, "solver", "z3", "solver under test, with options in its own syntax, e.g. 'z3 model_validate=true'")
	fl.StringVar(&f.opts.ModelFrom, "model-from", "", "take each seed's model from this reference solver instead")
	fl.DurationVarP(&f.opts.Timeout, "timeout", "t", diver.DefaultTimeout, "solver time limit per mutant")
	fl.IntVarP(&f.opts.Mutants, "mutants", "m", diver.DefaultMutants, "satisfiable mutants per seed (one campaign iteration)")
	fl.StringVar(&f.mode, "mode", string(diver.ModeDiver), "diver, noweight (uniform target choice) or nocomp (no Complicate)")
	fl.StringSliceVar(&f.logics, "logic", nil, "logics of built-in seeds (and filter for seed files), comma-separated")
	fl.BoolVar(&f.opts.NoSpec, "nospec", false, "no solver-specific operators")
	fl.BoolVar(&f.noOptFuzz, "no-option-fuzz", false, "solve every mutant in the solver's default mode")
	fl.BoolVar(&f.opts.NoSelfCheck, "no-self-check", false, "do not turn on the solver's own model check")
	fl.BoolVar(&f.opts.OneShot, "one-shot", false, "one solver process per mutant (default: the mutants of a seed in one incremental session)")
	fl.StringVar(&f.session, "session", string(diver.SessionAuto), "how a session runs a mutant: push (push/pop scope), reset ((reset) and the whole script, the solver's one-shot strategy), auto (per solver and logic, docs/diver.md)")
	fl.StringVar(&f.out, "out", "diver-out", "campaign directory (--resume resumes the campaign in it)")
	rootCmd.AddCommand(diverCmd)
}
