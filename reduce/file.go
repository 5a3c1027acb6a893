package reduce

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"tandem/internal/statusline"
	"tandem/smtlib"
)

// FileOptions describe the reduction of a file while a command keeps
// behaving the same on it, as `tandem reduce IN OUT -- CMD` runs it.
type FileOptions struct {
	// In is the input file, Out the file the smallest interesting input
	// is written to, atomically, after every improvement (so an
	// interrupted reduction leaves the best result so far in it).
	In, Out string
	// Command is the predicate: the command and what must stay the same.
	// Its Ext defaults to In's extension, else ".smt2".
	Command CommandOptions
	// Trace reduces In as a line-based SAT API trace (TracePasses); else
	// In is reduced as SMT-LIB (SMTLIBPasses), or line by line when it
	// does not parse.
	Trace bool
	// Jobs and MaxTests are as in Options.
	Jobs, MaxTests int
	// Log receives the golden run, a status line and the summary (nil:
	// nothing).
	Log io.Writer
}

// GoldenError is an error of the golden run: the command cannot be run on
// the input, or the input is not interesting.
type GoldenError struct{ Err error }

func (e *GoldenError) Error() string { return e.Err.Error() }
func (e *GoldenError) Unwrap() error { return e.Err }

// ReduceFile reduces o.In into o.Out with the command predicate of
// o.Command. The errors of the golden run are *GoldenError; ctx's
// cancellation stops the reduction with the best result written and
// Result.Stopped "cancelled".
func ReduceFile(ctx context.Context, o FileOptions) (*Result, error) {
	src, err := smtlib.ReadFile(o.In, "input", smtlib.MaxScriptBytes)
	if err != nil {
		return nil, fmt.Errorf("reading the input: %w", err)
	}
	if o.Command.Ext == "" {
		o.Command.Ext = filepath.Ext(o.In)
	}
	if o.Command.Ext == "" {
		o.Command.Ext = ".smt2"
	}
	line := statusline.New(o.Log, false)
	pred, err := NewCommandPredicate(ctx, src, o.Command)
	if err != nil {
		return nil, &GoldenError{err}
	}
	defer pred.Close()
	g := pred.Golden
	sig := ""
	if g.Signal != "" {
		sig = " (" + g.Signal + ")"
	}
	line.Logf("golden run: exit %d%s, %v; candidate timeout %v", g.ExitCode, sig, g.Wall.Round(time.Millisecond), pred.Timeout)
	passes := SMTLIBPasses()
	switch {
	case o.Trace:
		passes = TracePasses(TraceOptions{})
	default:
		if _, perr := smtlib.Parse(o.In, src); perr != nil {
			line.Logf("%s does not parse as SMT-LIB (%v); reducing it line by line", o.In, perr)
			passes = LinePasses()
		}
	}
	res, err := Reduce(ctx, src, pred.Interesting, Options{
		Jobs: o.Jobs, Passes: passes, MaxTests: o.MaxTests,
		OnImprove: func(best []byte) error { return WriteOutput(o.Out, best) },
		Progress:  StatusLine(line),
	})
	line.Clear()
	if err != nil {
		if res == nil && ctx.Err() != nil {
			return nil, fmt.Errorf("interrupted before the reduction started; %s was not written", o.Out)
		}
		return res, err
	}
	if err := WriteOutput(o.Out, res.Output); err != nil {
		return res, err
	}
	line.Logf("%s; wrote %s", res.Summary(), o.Out)
	return res, nil
}

// StatusLine returns an Options.Progress that shows the statistics on l:
// five times a second on a terminal, every 5 seconds elsewhere.
func StatusLine(l *statusline.Line) func(Stats) {
	return func(st Stats) { l.Tick(st.String, 200*time.Millisecond, 5*time.Second) }
}

// String is the status line of a reduction in progress.
func (s Stats) String() string {
	return fmt.Sprintf("size %d/%d bytes, round %d, pass %s, %d tests, %.1f tests/s",
		s.Size, s.OrigSize, s.Round, s.Pass, s.Tests, s.TestsPerSecond())
}

// Summary is the one-line account of a finished (or stopped) reduction:
// "done: 812 -> 95 bytes (11.7%) in 2.1s, 140 tests (66.7/s), 12 cache
// hits, 3 rounds", or "stopped (max-tests): …".
func (r *Result) Summary() string {
	st := r.Stats
	how := "done"
	if r.Stopped != "" {
		how = "stopped (" + r.Stopped + ")"
	}
	return fmt.Sprintf("%s: %d -> %d bytes (%.1f%%) in %v, %d tests (%.1f/s), %d cache hits, %d rounds",
		how, st.OrigSize, st.Size, 100*float64(st.Size)/float64(max(st.OrigSize, 1)),
		st.Elapsed.Round(time.Millisecond), st.Tests, st.TestsPerSecond(), st.CacheHits, st.Round)
}
