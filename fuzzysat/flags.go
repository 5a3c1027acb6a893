package fuzzysat

import (
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
	"tandem/solver"
)

// FileFlags are the flags of 'tandem fuzzysat': register them, then take
// [FileFlags.FileOptions].
type FileFlags struct {
	o         FileOptions
	fallback  string
	branch    string
	ShowStats bool // print per-phase statistics
	JSON      bool // print the results as JSON
}

// Register adds the flags to fs.
func (f *FileFlags) Register(fs *pflag.FlagSet) {
	o := &f.o
	fs.StringVar(&o.SeedModel, "seed-model", "", "the seed as an SMT-LIB model (general convention)")
	fs.DurationVar(&o.Timeout, "timeout", time.Second, "fuzzing budget per query")
	fs.StringVar(&o.OutDir, "outdir", "", "write each solution here as a patched seed file (or a model)")
	fs.StringVar(&f.fallback, "fallback", "", "solver to ask when fuzzing fails: z3, cvc5, or a solver spec")
	fs.BoolVar(&f.ShowStats, "stats", false, "print per-phase statistics")
	fs.BoolVar(&f.JSON, "json", false, "print the results as JSON")
	fs.IntVarP(&o.Jobs, "jobs", "j", 1, "solve this many queries in parallel")
	fs.StringVar(&f.branch, "branch", "first", "which conjunct of an assert is the branch condition: first or last")
	fs.BoolVar(&o.Optimistic, "optimistic", false, "when a query is not solved, give an assignment that satisfies the branch condition only")
	fs.Uint64Var(&o.Seed, "seed", 0, "seed of the random mutations")
	fs.Int64Var(&o.MaxEvals, "max-evals", 0, "evaluation budget per query (0: none; the time budget decides)")
}

// FileOptions are the options the flags give. The fallback solver is
// looked up in the profiles of $TANDEM_SOLVERS, as run, diver and bandit
// do.
func (f *FileFlags) FileOptions() (FileOptions, error) {
	o := f.o
	var err error
	if o.Branch, err = ParseBranch(f.branch); err != nil {
		return o, cli.Flag("branch", err)
	}
	if f.fallback != "" {
		if o.Fallback, err = solver.LookupSpec("", f.fallback); err != nil {
			return o, err
		}
	}
	return o, nil
}
