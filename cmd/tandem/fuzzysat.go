package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"tandem/fuzzysat"
)

var fuzzysatFlags fuzzysat.FileFlags

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
	o, err := f.FileOptions()
	if err != nil {
		return err
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
	res, err := fuzzysat.SolveFile(cmd.Context(), args[0], seed, o)
	if errors.Is(err, fuzzysat.ErrUnsupported) && o.Fallback == nil {
		err = fmt.Errorf("%w (give --fallback z3 to have a solver answer such queries)", err)
	}
	if err != nil {
		return err
	}
	if f.JSON {
		err = res.WriteJSON(os.Stdout, f.ShowStats)
	} else {
		err = res.WriteText(os.Stdout, f.ShowStats)
	}
	if err == nil && !res.AllSat() {
		return fail(1, nil)
	}
	return err
}

func init() {
	fuzzysatFlags.Register(fuzzysatCmd.Flags())
	rootCmd.AddCommand(fuzzysatCmd)
}
