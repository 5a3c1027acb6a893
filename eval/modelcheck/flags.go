package modelcheck

import (
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// EvalFlags are the flags of 'tandem eval': the model and which check-sat
// it answers.
type EvalFlags struct {
	Model   string
	Quiet   bool
	Check   int
	Timeout time.Duration
}

// Register adds the flags to fs.
func (f *EvalFlags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.Model, "model", "", "the model: a get-model answer (required)")
	fs.BoolVarP(&f.Quiet, "quiet", "q", false, "print only the summary line")
	fs.IntVar(&f.Check, "check", 1, "the check-sat the model answers (1: the first); its assertions and symbols are those live there")
	fs.DurationVar(&f.Timeout, "timeout", 0, "stop evaluating after this long; the assertions left are not evaluable (0: no limit besides the evaluator's step and size budget)")
	cli.AllowDuration(fs, "timeout", cli.ZeroOK)
}

// CheckFlags are the flags of 'tandem check-model': the solver and its
// limit.
type CheckFlags struct {
	Solver, Profiles string
	Timeout          time.Duration
	ShowModel        bool
}

// Register adds the flags to fs.
func (f *CheckFlags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.Solver, "solver", "z3", "solver spec: a profile name and its extra options (see 'tandem solvers')")
	cli.ProfilesFlag(fs, &f.Profiles)
	fs.DurationVar(&f.Timeout, "timeout", 10*time.Second, "solver time limit")
	fs.BoolVar(&f.ShowModel, "show-model", false, "print the solver's model")
}
