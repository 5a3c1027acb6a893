package sat

import (
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// Flags are the flags of 'tandem sat': register them, then take
// [Flags.Options].
type Flags struct {
	File    FileOptions
	Timeout time.Duration // stop after this long and answer UNKNOWN (0: no limit)
	enums   [len(enumFlags)]string
	seed    int64
}

// enumFlags are the flags of the enumerated options: flag name, the
// [Options.Set] name, usage.
var enumFlags = [...][3]string{
	{"restart", "restart", "restart policy: ema (Glucose LBD averages), luby, none"},
	{"decide", "decision", "decision heuristic: vsids, static (smallest variable first)"},
	{"phase", "phase", "decision phase: saved, false, true, random"},
	{"reduce", "reduce", "learned clause reduction: lbd, none"},
	{"minimize", "minimize", "learned clause minimization: recursive, local, none"},
	{"units", "units", "added clauses under root units: simplify (drop false literals), keep"},
	{"mode", "mode", "search modes: switch (alternate focused and stable), focused, stable"},
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.File.Proof, "proof", "", "write an IDRUP proof to this file")
	fs.BoolVar(&f.File.Relaxed, "relaxed", false, "read the input leniently (DIMACS: no header needed; iCNF: any blanks, CR LF)")
	fs.DurationVar(&f.Timeout, "timeout", 0, "stop after this long and answer UNKNOWN (0: no limit)")
	cli.AllowDuration(fs, "timeout", cli.ZeroOK)
	for i, e := range enumFlags {
		fs.StringVar(&f.enums[i], e[0], OptionValues(e[1])[0], e[2])
	}
	fs.Int64Var(&f.seed, "seed", 0, "seed of random phases and random decisions")
	fs.BoolVar(&f.File.Stats, "stats", false, "print solver statistics to stderr")
}

// Options are the solver options the flags give.
func (f *Flags) Options() (Options, error) {
	o := Options{Seed: f.seed}
	for i, e := range enumFlags {
		if err := o.Set(e[1], f.enums[i]); err != nil {
			return o, cli.Flag(e[0], err)
		}
	}
	return o, nil
}
