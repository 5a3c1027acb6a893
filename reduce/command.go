package reduce

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"tandem/internal/cli"
	"tandem/solver"
)

// CommandOptions say how to run an external command on candidates and
// what counts as the same behaviour, following ddSMT's conventions: the
// candidate's path is appended to Argv, and a candidate is interesting when
// the command behaves as in the golden run on the original input.
type CommandOptions struct {
	// Argv is the command, program first; the candidate's path is appended.
	Argv []string
	// Timeout bounds each candidate run (wall clock and CPU). Default, as
	// in ddSMT: (golden run time in seconds + 1) * 1.5.
	Timeout time.Duration
	// GoldenTimeout bounds the golden run (default 10 minutes).
	GoldenTimeout time.Duration
	// Memory is the address-space limit of each run in bytes (default
	// solver.DefaultMemory, 2 GiB).
	Memory int64
	// IgnoreExitCode drops the exit code (and signal) from the comparison.
	IgnoreExitCode bool
	// IgnoreOutput drops standard output and error from the comparison.
	IgnoreOutput bool
	// MatchOut and MatchErr, when either is set, replace the comparison of
	// the outputs: standard output must contain MatchOut and standard error
	// MatchErr (as substrings, or as regular expressions with Regex). The
	// golden run must match them.
	MatchOut, MatchErr string
	Regex              bool
	// CrossCheck, when set, is a second command (candidate path appended)
	// and changes what is interesting: the two commands must both answer
	// sat or unsat, and disagree, in the same way as on the original (the
	// first check-sat on which they disagree gets the same pair of answers).
	// Exit codes and outputs are then not compared. This is for soundness
	// bugs, with a trusted solver as the reference.
	CrossCheck []string
	// Ext is the file name extension of candidate files (default ".smt2");
	// solvers pick their input language from it.
	Ext string
	// Dir holds the candidate files (default: a new temporary directory,
	// removed by Close).
	Dir string
}

// Golden is the behaviour of the command on the original input.
type Golden struct {
	ExitCode int
	Signal   string
	Stdout   []byte
	Stderr   []byte
	Wall     time.Duration
	// Answers are the check-sat answers of the command (and of the
	// cross-check command) on the original.
	Answers, CrossAnswers []solver.Status
	// Disagree is the index of the first check-sat on which the two
	// commands disagree (cross-check only).
	Disagree int
}

// CommandPredicate runs an external command on candidates. Make one with
// [NewCommandPredicate]; its Interesting method is a [Predicate].
type CommandPredicate struct {
	opts    CommandOptions
	Golden  Golden
	Timeout time.Duration
	outRE   *regexp.Regexp
	errRE   *regexp.Regexp
	ownDir  bool
	counter atomic.Int64
}

func profileFor(argv []string) *solver.Profile {
	return &solver.Profile{Name: "reduce", Binary: argv[0],
		OneShotArgs: append(append([]string(nil), argv[1:]...), solver.FilePlaceholder),
		OptionStyle: solver.OptionAny}
}

// NewCommandPredicate runs the golden run(s) on original and returns the
// predicate. It fails when the command cannot run, when the golden run does
// not match MatchOut/MatchErr, or (cross-check) when the two commands do
// not disagree on the original.
func NewCommandPredicate(ctx context.Context, original []byte, opts CommandOptions) (*CommandPredicate, error) {
	if len(opts.Argv) == 0 {
		return nil, errors.New("no command given: put it after --, e.g. tandem reduce in.smt2 out.smt2 -- z3 -smt2")
	}
	if opts.Ext == "" {
		opts.Ext = ".smt2"
	}
	if opts.GoldenTimeout <= 0 {
		opts.GoldenTimeout = 10 * time.Minute
	}
	if opts.Memory == 0 {
		opts.Memory = solver.DefaultMemory
	}
	p := &CommandPredicate{opts: opts}
	var err error
	if opts.Regex {
		if opts.MatchOut != "" {
			if p.outRE, err = regexp.Compile(opts.MatchOut); err != nil {
				return nil, cli.Option("MatchOut", fmt.Errorf("the stdout pattern is not a valid regular expression: %w", err))
			}
		}
		if opts.MatchErr != "" {
			if p.errRE, err = regexp.Compile(opts.MatchErr); err != nil {
				return nil, cli.Option("MatchErr", fmt.Errorf("the stderr pattern is not a valid regular expression: %w", err))
			}
		}
	}
	if p.opts.Dir == "" {
		if p.opts.Dir, err = os.MkdirTemp("", "tandem-reduce-"); err != nil {
			return nil, fmt.Errorf("creating a directory for candidate files: %w (set TMPDIR to a writable directory)", err)
		}
		p.ownDir = true
	}
	limit := opts.GoldenTimeout
	if opts.Timeout > 0 {
		limit = opts.Timeout
	}
	res, err := p.run(ctx, opts.Argv, original, limit)
	if err != nil {
		p.Close()
		return nil, err
	}
	if res.Status == solver.StatusTimeout {
		p.Close()
		return nil, cli.Option("Timeout", fmt.Errorf("the golden run of %s timed out after %v; raise the time limit", opts.Argv[0], limit))
	}
	g := Golden{ExitCode: res.ExitCode, Signal: res.Signal, Stdout: res.Stdout, Stderr: res.Stderr,
		Wall: res.Wall, Answers: res.Answers, Disagree: -1}
	wall := res.Wall
	if len(opts.CrossCheck) > 0 {
		cres, err := p.run(ctx, opts.CrossCheck, original, limit)
		if err != nil {
			p.Close()
			return nil, err
		}
		g.CrossAnswers = cres.Answers
		g.Disagree = disagreement(res.Answers, cres.Answers)
		if g.Disagree < 0 {
			p.Close()
			return nil, cli.Option("CrossCheck", fmt.Errorf("the two commands do not disagree on the original (%s: %v, %s: %v); a cross-check needs one answering sat and the other unsat",
				opts.Argv[0], res.Answers, opts.CrossCheck[0], cres.Answers))
		}
		wall = max(wall, cres.Wall)
	} else if !p.matchOutput(res.Stdout, res.Stderr, &g, true) {
		p.Close()
		return nil, cli.Option("Match", fmt.Errorf("the golden run does not match the output patterns (stdout %q, stderr %q); check the patterns", clip(res.Stdout), clip(res.Stderr)))
	}
	p.Golden = g
	p.Timeout = opts.Timeout
	if p.Timeout <= 0 {
		// ddSMT: (golden runtime + 1) * 1.5 seconds, rounded up to whole
		// seconds because RLIMIT_CPU counts whole seconds anyway.
		p.Timeout = time.Duration(math.Ceil((wall.Seconds()+1)*1.5)) * time.Second
	}
	return p, nil
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// disagreement is the first index where one list says sat and the other
// unsat, or -1.
func disagreement(a, b []solver.Status) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if (a[i] == solver.StatusSat && b[i] == solver.StatusUnsat) || (a[i] == solver.StatusUnsat && b[i] == solver.StatusSat) {
			return i
		}
	}
	return -1
}

// Close removes the candidate directory when the predicate created it.
func (p *CommandPredicate) Close() error {
	if p.ownDir {
		return os.RemoveAll(p.opts.Dir)
	}
	return nil
}

func (p *CommandPredicate) run(ctx context.Context, argv []string, data []byte, limit time.Duration) (*solver.Result, error) {
	n := p.counter.Add(1)
	path := filepath.Join(p.opts.Dir, fmt.Sprintf("c%d%s", n, p.opts.Ext))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return nil, fmt.Errorf("writing a candidate file: %w (is %s writable and not full?)", err, p.opts.Dir)
	}
	defer os.Remove(path)
	res, err := solver.Run(ctx, profileFor(argv), solver.FileInput(path),
		solver.RunOptions{Limits: solver.Limits{Wall: limit, Memory: p.opts.Memory}})
	if err != nil {
		return nil, fmt.Errorf("running %s: %w", strings.Join(argv, " "), err)
	}
	return res, nil
}

func (p *CommandPredicate) matchOutput(stdout, stderr []byte, g *Golden, golden bool) bool {
	o := p.opts
	if o.IgnoreOutput {
		return true
	}
	if o.MatchOut == "" && o.MatchErr == "" {
		return golden || (bytes.Equal(stdout, g.Stdout) && bytes.Equal(stderr, g.Stderr))
	}
	match := func(re *regexp.Regexp, pat string, b []byte) bool {
		if pat == "" {
			return true
		}
		if re != nil {
			return re.Match(b)
		}
		return bytes.Contains(b, []byte(pat))
	}
	return match(p.outRE, o.MatchOut, stdout) && match(p.errRE, o.MatchErr, stderr)
}

// Interesting is the [Predicate]: it runs the command on the candidate
// under the time and memory limits and compares with the golden run.
// A timeout is not interesting.
func (p *CommandPredicate) Interesting(ctx context.Context, cand []byte) (bool, error) {
	res, err := p.run(ctx, p.opts.Argv, cand, p.Timeout)
	if err != nil {
		return false, err
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if res.Status == solver.StatusTimeout {
		return false, nil
	}
	g := &p.Golden
	if len(p.opts.CrossCheck) > 0 {
		if g.Disagree >= len(res.Answers) || res.Answers[g.Disagree] != g.Answers[g.Disagree] {
			return false, nil
		}
		cres, err := p.run(ctx, p.opts.CrossCheck, cand, p.Timeout)
		if err != nil {
			return false, err
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return disagreement(res.Answers, cres.Answers) == g.Disagree &&
			cres.Answers[g.Disagree] == g.CrossAnswers[g.Disagree], nil
	}
	if !p.opts.IgnoreExitCode && (res.ExitCode != g.ExitCode || res.Signal != g.Signal) {
		return false, nil
	}
	return p.matchOutput(res.Stdout, res.Stderr, g, false), nil
}
