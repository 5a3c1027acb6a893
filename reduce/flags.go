package reduce

import (
	"errors"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"tandem/internal/cli"
)

// FileFlags are the flags of 'tandem reduce' (ddSMT's, where ddSMT has
// one): register them, then take [FileFlags.FileOptions].
type FileFlags struct {
	o          FileOptions
	timeout    cli.Seconds
	memout     int64
	crossCheck string
	quiet      bool
}

// Register adds the flags to fs.
func (f *FileFlags) Register(fs *pflag.FlagSet) {
	o := &f.o
	fs.IntVarP(&o.Jobs, "jobs", "j", 1, "candidates tested in parallel")
	fs.Var(&f.timeout, "timeout", "time limit per candidate run, in seconds or as a duration like 30s (default (golden+1)*1.5 s)")
	fs.Int64Var(&f.memout, "memout", 0, "memory limit per run in MB (default 2048)")
	fs.StringVar(&o.Command.MatchOut, "match-out", "", "interesting when stdout contains this (outputs are not compared otherwise)")
	fs.StringVar(&o.Command.MatchErr, "match-err", "", "interesting when stderr contains this (outputs are not compared otherwise)")
	fs.BoolVar(&o.Command.Regex, "regex", false, "treat --match-out and --match-err as regular expressions")
	fs.BoolVar(&o.Command.IgnoreOutput, "ignore-output", false, "compare only the exit code")
	fs.BoolVar(&o.Command.IgnoreExitCode, "ignore-exitcode", false, "do not compare the exit code")
	fs.StringVar(&f.crossCheck, "cross-check", "", "a second command; interesting when the two disagree on sat/unsat as on IN")
	fs.BoolVar(&o.Trace, "trace", false, "IN is a line-based SAT API trace, not SMT-LIB")
	fs.IntVar(&o.MaxTests, "max-tests", 0, "stop after this many candidate runs (0: no limit)")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress line and summary")
}

// FileOptions are the options the flags give for reducing in into out
// while the command argv behaves the same; log receives the progress
// unless the flags say quiet.
func (f *FileFlags) FileOptions(in, out string, argv []string, log io.Writer) (FileOptions, error) {
	o := f.o
	o.In, o.Out, o.Command.Argv = in, out, argv
	o.Command.CrossCheck = strings.Fields(f.crossCheck)
	o.Command.Timeout = time.Duration(f.timeout)
	if f.memout < 0 {
		return o, cli.Flag("memout", errors.New("give the limit in megabytes, e.g. --memout 4096"))
	}
	o.Command.Memory = f.memout << 20
	if !f.quiet {
		o.Log = log
	}
	return o, nil
}

// FlagNames are the flags of the CommandOptions fields named in an
// [cli.OptionError] of [ReduceFile], for [cli.NameFlags].
var FlagNames = map[string]string{"MatchOut": "match-out", "MatchErr": "match-err",
	"Timeout": "timeout", "CrossCheck": "cross-check", "Match": "match-out/--match-err"}
