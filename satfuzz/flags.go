package satfuzz

import (
	"encoding/json"
	"time"

	"github.com/spf13/pflag"

	"tandem/campaign"
	"tandem/reduce"
)

// Flags are the flags of 'tandem satfuzz' (a campaign) and of its replay,
// reduce and gen subcommands.
type Flags struct {
	Campaign campaign.Flags
	config   Config
	out      string
	// Target, TraceTime, Reduce, Quiet, Seed and Gen are the subcommands'.
	Target    string
	TraceTime time.Duration
	Reduce    reduce.Options
	Quiet     bool
	Seed      uint64
	Gen       Options
}

// Register adds the campaign's flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	f.Campaign.Register(fs)
	f.Campaign.RegisterBudget(fs)
	fs.StringVar(&f.config.Target, "target", "tandem", "target solver")
	fs.BoolVar(&f.config.Generator.OptionsFuzz, "options-fuzz", false, "fuzz the target's options (its option model)")
	fs.StringVar(&f.out, "out", "", "campaign directory (default satfuzz-TARGET)")
	fs.DurationVar(&f.config.TraceTime, "trace-time", 0, "CPU-time limit of one trace (default 2s; 10x it of wall time)")
	fs.IntVar(&f.config.Generator.SlowShrink, "slow-shrink", 0, "divide the variables of traces that set a slow option value by N (default 5; -1: off)")
}

// CampaignConfig is the campaign directory and configuration the flags give,
// after checking that the target exists.
func (f *Flags) CampaignConfig() (dir string, config []byte, err error) {
	dir = f.out
	if dir == "" {
		dir = "satfuzz-" + f.config.Target
	}
	// "timeouts" is relative: inside the campaign directory wherever it is resumed.
	f.config.KeepTimeouts = "timeouts"
	if _, err := NewTarget(f.config.Target); err != nil {
		return "", nil, err
	}
	config, err = json.Marshal(f.config)
	return dir, config, err
}

// RegisterTarget adds --target, the target of replay, reduce and gen.
func (f *Flags) RegisterTarget(fs *pflag.FlagSet) {
	fs.StringVar(&f.Target, "target", "tandem", "target solver")
}

// RegisterReplay adds the flags of 'satfuzz replay'.
func (f *Flags) RegisterReplay(fs *pflag.FlagSet) {
	f.RegisterTarget(fs)
	fs.DurationVar(&f.TraceTime, "trace-time", 0, "CPU-time limit of the trace (default 2s; 10x it of wall time)")
}

// RegisterReduce adds the flags of 'satfuzz reduce'.
func (f *Flags) RegisterReduce(fs *pflag.FlagSet) {
	f.RegisterTarget(fs)
	fs.IntVarP(&f.Reduce.Jobs, "jobs", "j", 1, "candidate traces replayed in parallel (the result does not depend on it)")
	fs.IntVar(&f.Reduce.MaxTests, "max-tests", 0, "stop after this many replays and keep the best so far (0: no limit)")
	fs.BoolVarP(&f.Quiet, "quiet", "q", false, "no progress line and summary")
}

// RegisterGen adds the flags of 'satfuzz gen'.
func (f *Flags) RegisterGen(fs *pflag.FlagSet) {
	f.RegisterTarget(fs)
	fs.Uint64Var(&f.Seed, "seed", 1, "seed")
	fs.BoolVar(&f.Gen.OptionsFuzz, "options-fuzz", false, "draw options")
}
