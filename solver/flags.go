package solver

import (
	"errors"
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// ProfilesFileHelp describes the profiles file, for help texts.
const ProfilesFileHelp = `Profiles file (TOML; --profiles, else $TANDEM_SOLVERS, else
~/.config/tandem/solvers.toml). Each [solver.NAME] table overrides the
keys it sets in the built-in profile NAME, or defines a new profile based
on "generic" (or on the profile named by base):

  [solver.z3]
  binary = "/opt/z3-4.13/bin/z3"

  [solver.yices]
  binary = "yices-smt2"
  one_shot_args = ["{file}"]
  interactive_args = ["--incremental"]
  extra_signatures = ["Fatal error"]

Keys: base, binary, one_shot_args, stdin_args, interactive_args,
model_args, self_check_args, options, version_args, option_style
("key=value", "--key=value", "any"), signatures, extra_signatures,
normal_exit_codes, logics, operators, and a [solver.NAME.quirks] table.`

// RunFlags are the flags of 'tandem run': the solver spec, the limits and
// the mode of one run. Register them, then take [RunFlags.Profile] and
// [RunFlags.RunOptions].
type RunFlags struct {
	Spec, Profiles string
	timeout, cpu   time.Duration
	memory         string
	models, self   bool
}

// Register adds the flags to fs.
func (f *RunFlags) Register(fs *pflag.FlagSet) {
	fs.StringVarP(&f.Spec, "solver", "s", "", "solver spec: profile name plus options in its syntax, e.g. 'z3 smt.arith.solver=2'")
	cli.ProfilesFlag(fs, &f.Profiles)
	fs.DurationVarP(&f.timeout, "timeout", "t", 10*time.Second, "wall-time limit; the process tree is killed after it")
	fs.DurationVar(&f.cpu, "cpu", 0, "CPU-time limit of the whole process tree (default: the --timeout)")
	fs.StringVar(&f.memory, "memory", "2GiB", "memory limit: address space of each process (RLIMIT_AS) and resident memory of the tree, e.g. 512MiB, 4GiB")
	fs.BoolVar(&f.models, "models", false, "turn on model production (the profile's model options)")
	fs.BoolVar(&f.self, "self-check", false, "turn on the solver's own model checking (z3 model_validate=true, cvc5 --check-models)")
}

// Profile is the profile of the solver spec, from the profiles file.
func (f *RunFlags) Profile() (*Profile, error) {
	if f.Spec == "" {
		return nil, errors.New("--solver is required: give a profile name such as z3 or cvc5 (see 'tandem solvers')")
	}
	return LookupSpec(f.Profiles, f.Spec)
}

// RunOptions are the limits and mode the flags give.
func (f *RunFlags) RunOptions() (RunOptions, error) {
	mem, err := ParseSize(f.memory)
	if err != nil {
		return RunOptions{}, cli.Flag("memory", err)
	}
	return RunOptions{Limits: Limits{Wall: f.timeout, CPU: f.cpu, Memory: mem}, Mode: Mode{Models: f.models, SelfCheck: f.self}}, nil
}
