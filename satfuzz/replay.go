package satfuzz

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"tandem/campaign"
	"tandem/internal/statusline"
	"tandem/reduce"
	"tandem/satfuzz/trace"
	"tandem/smtlib"
)

// LoadTrace reads the trace in the file path and makes the target named
// target (see Targets).
func LoadTrace(path, target string) (*trace.Trace, Target, error) {
	data, err := smtlib.ReadFile(path, "trace", 0)
	if err != nil {
		return nil, nil, err
	}
	t, err := trace.Parse(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	tg, err := NewTarget(target)
	if err != nil {
		return nil, nil, err
	}
	return t, tg, nil
}

// Replay runs t on tg, writes every answer to w after the call it answers
// (then "timeout", "proof checked" when they apply), and checks the run.
// It writes each problem found, or "ok", and returns the problems.
func Replay(ctx context.Context, w io.Writer, t *trace.Trace, tg Target, lim Limits) ([]Problem, error) {
	res, err := tg.Run(ctx, t, lim)
	if err != nil {
		return nil, err
	}
	for i, a := range res.Answers {
		c := t.Calls[i]
		switch {
		case c.IsSolve():
			s := c.String()
			if len(s) > 60 {
				s = s[:60] + "…"
			}
			fmt.Fprintf(w, "%d %s\n  s %s\n", i+1, s, a.Status)
		case (c.Op == trace.Model || c.Op == trace.Failed) && a.Valid:
			fmt.Fprintf(w, "%d %s\n  %d literals\n", i+1, c.Op, len(a.Lits))
		case c.Op == trace.Enumerating:
			fmt.Fprintf(w, "%d enumerating\n  %v\n", i+1, a.Counts)
		}
	}
	if res.Timeout {
		fmt.Fprintln(w, "timeout")
	}
	if res.Stopped {
		fmt.Fprintln(w, "stopped")
	}
	if res.ProofChecked && res.ProofError == "" {
		fmt.Fprintln(w, "proof checked")
	}
	ps := Check(ctx, t, res)
	for _, p := range ps {
		fmt.Fprintf(w, "PROBLEM %s: %s (call %d)\n%s\n", p.Class, p.Message, p.Call+1, p.Details)
	}
	if len(ps) == 0 {
		fmt.Fprintln(w, "ok")
	}
	return ps, nil
}

// ErrNoProblem is ReduceTrace's error for a trace that shows no problem
// on its target: there is nothing to keep while reducing.
var ErrNoProblem = errors.New("the trace shows no problem")

// ReduceTrace replays the trace data on the target named target, takes
// the first problem it shows and shrinks the trace while a replay shows a
// problem of the same signature (System.ReduceWith). log (nil: nothing)
// gets the problem, a status line and the summary; opts.Progress is set.
func ReduceTrace(ctx context.Context, data []byte, target string, opts reduce.Options, log io.Writer) (*reduce.Result, error) {
	sys, err := NewSystem(fmt.Appendf(nil, `{"target":%q}`, target))
	if err != nil {
		return nil, err
	}
	defer sys.Close()
	f, err := sys.Reproduce(ctx, &campaign.Finding{}, data)
	if err != nil {
		return nil, fmt.Errorf("%w on %s: %v", ErrNoProblem, target, err)
	}
	if f == nil {
		return nil, fmt.Errorf("%w on %s", ErrNoProblem, target)
	}
	line := statusline.New(log, false)
	line.Logf("reducing: %s: %s", f.Class, f.Message)
	opts.Progress = reduce.StatusLine(line)
	res, err := sys.ReduceWith(ctx, f, opts)
	line.Clear()
	if err != nil {
		return nil, err
	}
	line.Logf("%s", res.Summary())
	return res, nil
}

// GenerateFrom is Generate with the RNG of seed, and the option model of
// the target named target when opts.OptionsFuzz is set: the trace
// `tandem satfuzz gen --seed N` prints.
func GenerateFrom(seed uint64, target string, opts Options) (*trace.Trace, error) {
	var model []OptionSpec
	if opts.OptionsFuzz {
		tg, err := NewTarget(target)
		if err != nil {
			return nil, err
		}
		if c, ok := tg.(io.Closer); ok {
			defer c.Close()
		}
		model = tg.Options()
	}
	return Generate(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), model, opts), nil
}
