package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"tandem/fuzzysat"
	"tandem/solver"
)

var fuzzysatFlags struct {
	file      fuzzysat.FileOptions
	fallback  string
	branch    string
	showStats bool
	asJSON    bool
}

var fuzzysatCmd = &cobra.Command{
	Use:   "fuzzysat QUERY.smt2 SEED.bin|--seed-model M.smt2",
	Short: "approximate, seed-driven solving of bit-vector queries (FUZZY-SAT)",
	Long: `fuzzysat solves the queries of a concolic or hybrid fuzzer by mutating the
seed input that drove the run, as FUZZY-SAT (ICSE'21) does: each assert of
QUERY.smt2 is one query (and e π1 π2 …) whose first conjunct e is the branch
condition and the rest π (--branch last reads the branch from the end).

Inputs follow the FUZZY-SAT convention — 8-bit symbols k!i are byte i of the
binary SEED.bin — or, with --seed-model, any Bool and bit-vector constants with
the seed given as an SMT-LIB model (get-model output); they are laid out as
bytes in declaration order for the byte-level mutations.

Per query it prints sat/unknown (unsat only when an exhaustive phase or the
fallback solver proved it), the phase that answered, and the time. --outdir
writes each solution as a patched seed file (k!i convention) or as a model.
--fallback z3 (or cvc5) asks that solver, in one incremental session, when
fuzzing fails: the portfolio a user deploys.

Exit status: 0 when every query is sat, 1 when some are not, 2 on bad input.`,
	Example: `  tandem fuzzysat ../shared/corpus/fuzzysat/002_arithm.smt2 ../shared/corpus/fuzzysat/zero_seed.bin
  tandem fuzzysat q.smt2 --seed-model seed-model.smt2 --fallback z3 --stats`,
	Args: cobra.RangeArgs(1, 2),
	RunE: runFuzzysat,
}

func runFuzzysat(cmd *cobra.Command, args []string) error {
	f := &fuzzysatFlags
	o := f.file
	var err error
	if o.Branch, err = fuzzysat.ParseBranch(f.branch); err != nil {
		return fmt.Errorf("--branch %w", err)
	}
	if (len(args) == 2) == (o.SeedModel != "") {
		return fmt.Errorf("give either SEED.bin or --seed-model")
	}
	var seed []byte
	if len(args) == 2 {
		if seed, err = fuzzysat.ReadSeed(args[1]); err != nil {
			return err
		}
	}
	if f.fallback != "" {
		reg, err := solver.LoadRegistry("") // $TANDEM_SOLVERS, as run, diver and bandit
		if err != nil {
			return err
		}
		if o.Fallback, err = reg.Lookup(f.fallback); err != nil {
			return err
		}
	}
	res, err := fuzzysat.SolveFile(cmd.Context(), args[0], seed, o)
	if err != nil {
		return err
	}
	if f.asJSON {
		err = res.WriteJSON(os.Stdout, f.showStats)
	} else {
		err = res.WriteText(os.Stdout, f.showStats)
	}
	if err == nil && !res.AllSat() {
		return fail(1, nil)
	}
	return err
}

func init() {
	f := fuzzysatCmd.Flags()
	o := &fuzzysatFlags.file
	f.StringVar(&o.SeedModel, "seed-model", "", "the seed as an SMT-LIB model (general convention)")
	f.DurationVar(&o.Timeout, "timeout", time.Second, "fuzzing budget per query")
	f.StringVar(&o.OutDir, "outdir", "", "write each solution here as a patched seed file (or a model)")
	f.StringVar(&fuzzysatFlags.fallback, "fallback", "", "solver to ask when fuzzing fails: z3, cvc5, or a solver spec")
	f.BoolVar(&fuzzysatFlags.showStats, "stats", false, "print per-phase statistics")
	f.BoolVar(&fuzzysatFlags.asJSON, "json", false, "print the results as JSON")
	f.IntVarP(&o.Jobs, "jobs", "j", 1, "solve this many queries in parallel")
	f.StringVar(&fuzzysatFlags.branch, "branch", "first", "which conjunct of an assert is the branch condition: first or last")
	f.BoolVar(&o.Optimistic, "optimistic", false, "when a query is not solved, give an assignment that satisfies the branch condition only")
	f.Uint64Var(&o.Seed, "seed", 0, "seed of the random mutations")
	f.Int64Var(&o.MaxEvals, "max-evals", 0, "evaluation budget per query (0: none; the time budget decides)")
	rootCmd.AddCommand(fuzzysatCmd)
}
