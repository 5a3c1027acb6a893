package diver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"tandem/campaign"
)

// Flags are the flags of 'tandem diver': DIVER's options and the campaign
// harness's. Register them, then build the campaign's configuration with
// [Flags.Config].
type Flags struct {
	Campaign  campaign.Flags
	Out       string // the campaign directory
	opts      Options
	mode      string
	logics    []string
	noOptFuzz bool
	session   string
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	f.Campaign.Register(fs)
	f.Campaign.RegisterBudget(fs)
	fs.StringVar(&f.opts.Solver, "solver", "z3", "solver under test, with options in its own syntax, e.g. 'z3 model_validate=true'")
	fs.StringVar(&f.opts.ModelFrom, "model-from", "", "take each seed's model from this reference solver instead")
	fs.DurationVarP(&f.opts.Timeout, "timeout", "t", DefaultTimeout, "solver CPU time limit per mutant: the ceiling of the adaptive limit (see --fixed-timeout) and the limit of every re-check of a finding")
	fs.IntVarP(&f.opts.Mutants, "mutants", "m", DefaultMutants, "mutants per seed (one campaign iteration): satisfiable ones of a sat seed, unsatisfiable ones of an unsat seed")
	fs.StringVar(&f.mode, "mode", string(ModeDiver), "diver, noweight (uniform target choice) or nocomp (no Complicate)")
	fs.StringSliceVar(&f.logics, "logic", nil, "logics of built-in seeds (and filter for seed files), comma-separated")
	fs.BoolVar(&f.opts.NoSpec, "nospec", false, "no solver-specific operators")
	fs.BoolVar(&f.noOptFuzz, "no-option-fuzz", false, "solve every mutant in the solver's default mode")
	fs.BoolVar(&f.opts.NoSelfCheck, "no-self-check", false, "do not turn on the solver's own model check")
	fs.BoolVar(&f.opts.OneShot, "one-shot", false, "one solver process per mutant (default: the mutants of a seed in one incremental session)")
	fs.BoolVar(&f.opts.FixedTimeout, "fixed-timeout", false, "give every mutant the whole --timeout (the paper's way) instead of the adaptive limit: 10x the seed's costliest answer so far, within [200ms, --timeout]; mutants stopped below --timeout count as cut; findings are always re-checked with the whole --timeout")
	fs.StringVar(&f.session, "session", string(SessionAuto), "how a session runs a mutant: push (push/pop scope), reset ((reset) and the whole script, the solver's one-shot strategy), auto (per solver and logic, docs/diver.md)")
	fs.BoolVar(&f.opts.NoUnsatSeeds, "no-unsat-seeds", false, "skip the seeds the solver answers unsat (no unsat oracle)")
	fs.StringVar(&f.Out, "out", "diver-out", "campaign directory (--resume resumes the campaign in it)")
}

// Config is the campaign configuration of the flags with seeds (files or
// directories; none: built-in seeds). A new campaign is checked first and
// runs for 10 minutes without a budget.
func (f *Flags) Config(seeds []string) ([]byte, error) {
	o := f.opts
	o.Seeds, o.Mode, o.Logics, o.NoOptionFuzz = seeds, Mode(f.mode), f.logics, f.noOptFuzz
	o.Session = SessionStyle(f.session)
	if f.Campaign.Resume {
		return json.Marshal(o)
	}
	if o.ErrorDir == "" && os.Getenv("TANDEM_DIVER_ERRORS") == "" {
		if out, err := filepath.Abs(f.Out); err == nil {
			o.ErrorDir = filepath.Join(out, "errors")
		}
	}
	if _, err := New(o); err != nil {
		return nil, err
	}
	if !f.Campaign.HasBudget() {
		f.Campaign.Duration = 10 * time.Minute
	}
	return json.Marshal(o)
}

// Help is the long help of 'tandem diver', with the campaign harness's
// flags (campaign.FlagsHelp).
func Help(campaignFlags string) string {
	return `diver tests one SMT solver with no reference (DIVER, ICSE'23): it takes a
satisfiable seed and its model M (from the solver, checked by tandem's
evaluator), replaces a subterm by a random term of the same sort such that the
whole formula stays true under M (checked by the evaluator before the solver
sees it), and sends the mutant to the solver. unsat is a soundness bug; a
model that falsifies the mutant is an invalid-model bug; crashes and failed
self-checks are reported too. Mutants answered sat are mutated further.

Unsat oracle: a seed the solver answers unsat (default options, one-shot; or
--model-from's solver) gets unsat-preserving mutants instead: conjuncts added
(random Boolean terms over its constants) and subterms rewritten into terms
equal to them under every interpretation (x+0, (ite true x y), (str.++ x ""),
double negation, De Morgan, commuted arguments, ...), with the same option
fuzzing and sessions. A sat answer is a candidate; it is reported (soundness,
"sat on an unsat formula") only when it shows again in a fresh process or
session, the solver's model is unreadable or falsifies an assertion by
tandem's evaluator, and the default mode answers the mutant unsat (or the seed
says (set-info :status unsat)). A model the evaluator accepts is never
reported: counted ("unsat oracle: model accepted") and kept under OUT/errors.
A seed whose :status contradicts the solver's unsat is skipped. Seed
directories may mix sat and unsat seeds; progress and summary count
sat-seed and unsat-seed mutants apart ("inputs"). --no-unsat-seeds skips
unsat seeds.

SEEDS are SMT-LIB files or directories; with none, built-in seeds with known
models are generated for --logic (default: every supported logic).

Everything else is the campaign harness: progress, dedup, background
reduction with tandem/reduce, findings under OUT/findings, 'tandem report
OUT', 'tandem replay OUT N'; the campaign flags are those of every fuzzer:
` + campaignFlags + `.
Without a budget (--budget, --time or -n) the campaign runs for 10
minutes. Exit status 0: no findings, 10: findings, 1: error.`
}
