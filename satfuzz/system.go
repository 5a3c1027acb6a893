package satfuzz

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tandem/campaign"
	"tandem/reduce"
	"tandem/satfuzz/trace"
)

// SystemName is the campaign system's registered name.
const SystemName = "satfuzz"

func init() {
	campaign.Register(SystemName, func(cfg []byte) (campaign.System, error) { return NewSystem(cfg) })
}

// Config is the JSON configuration of the campaign system.
type Config struct {
	// Target is the target's name (see Targets).
	Target string `json:"target"`
	// Generator holds the generator's distributions; OptionsFuzz in it
	// turns on option fuzzing.
	Generator Options `json:"generator"`
	// TraceTime and Memory are the per-trace limits (see Limits).
	TraceTime time.Duration `json:"trace_time_ns,omitempty"`
	Memory    int64         `json:"memory,omitempty"`
	// KeepTimeouts, when set, is a directory where the traces that hit the
	// time limit are written (iteration-N.trace, at most MaxKeptTimeouts per run):
	// timeouts are not findings, but a slow option set is worth a look. A
	// relative path is inside the campaign directory (UseDir), so it moves
	// with it; without a campaign directory (a replay) nothing is kept.
	KeepTimeouts string `json:"keep_timeouts,omitempty"`
}

// MaxKeptTimeouts bounds the traces Config.KeepTimeouts keeps.
const MaxKeptTimeouts = 100

// System is the SAT API fuzzer as a campaign system: each iteration
// generates one trace from the iteration's random generator, runs it on the
// target and checks the answers; every problem is a finding whose trigger is
// the trace. It reproduces findings by replaying their trace and reduces
// them with tandem/reduce's trace passes (the thesis' delta debugger).
type System struct {
	cfg     Config
	target  Target
	version func() string // the target's solver version, asked once
	kept    atomic.Int64  // timed-out traces written to cfg.KeepTimeouts
	dir     string        // the campaign directory (UseDir)
}

// NewSystem builds a System from a JSON Config.
func NewSystem(cfg []byte) (*System, error) {
	var c Config
	if len(cfg) > 0 {
		if err := json.Unmarshal(cfg, &c); err != nil {
			return nil, fmt.Errorf("satfuzz config: %w", err)
		}
	}
	if c.Target == "" {
		c.Target = "tandem"
	}
	t, err := NewTarget(c.Target)
	if err != nil {
		return nil, err
	}
	version := sync.OnceValue(func() string {
		if v, ok := t.(Versioned); ok {
			return v.Version(context.Background())
		}
		return ""
	})
	return &System{cfg: c, target: t, version: version}, nil
}

// Name returns SystemName.
func (s *System) Name() string { return SystemName }

// Close ends the target's kept-alive processes (the sat4j target's warm
// JVMs) when it has any. The campaign harness calls it when a campaign or a
// replay is done with the system.
func (s *System) Close() error {
	if c, ok := s.target.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Target returns the system's target.
func (s *System) Target() Target { return s.target }

func (s *System) limits() Limits { return Limits{Time: s.cfg.TraceTime, Memory: s.cfg.Memory} }

// Iterate generates, runs and checks one trace.
func (s *System) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	var st campaign.Stats
	var model []OptionSpec
	if s.cfg.Generator.OptionsFuzz {
		model = s.target.Options()
	}
	t := Generate(it.Rand, model, s.cfg.Generator)
	res, err := s.target.Run(ctx, t, s.limits())
	if err != nil {
		return nil, st, err
	}
	// Cut short by the campaign (its budget, a stop), not by the trace's
	// limit: no outcome, whatever the target says (the targets say
	// Stopped themselves: TestStopIsNoOutcome).
	res.stopped(ctx)
	countRun(&st, t, res) // also when cut short: the work was done
	if res.Stopped {
		return nil, st, nil
	}
	if res.Timeout {
		s.keepTimeout(it.Index, t)
	}
	ps := Check(ctx, t, res)
	return s.findings(t, res, ps), st, nil
}

// UseDir implements campaign.DirUser: a relative Config.KeepTimeouts is
// resolved against the campaign directory dir. The harness calls it before
// the first iteration.
func (s *System) UseDir(dir string) { s.dir = dir }

// keepTimeout writes a timed-out trace to cfg.KeepTimeouts. Failing to
// write one is not worth stopping a campaign for, so errors are dropped.
func (s *System) keepTimeout(index uint64, t *trace.Trace) {
	dir := s.cfg.KeepTimeouts
	if dir != "" && !filepath.IsAbs(dir) {
		if s.dir == "" {
			return
		}
		dir = filepath.Join(s.dir, dir)
	}
	if dir == "" || s.kept.Add(1) > MaxKeptTimeouts {
		return
	}
	if os.MkdirAll(dir, 0o755) == nil {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("iteration-%d.trace", index)), t.Bytes(), 0o644)
	}
}

// countRun records a run's solve calls and the system's counters.
func countRun(st *campaign.Stats, t *trace.Trace, res *Result) {
	st.Count("traces", 1)
	for i, a := range res.Answers {
		if t.Calls[i].IsSolve() {
			st.Count("solve_calls", 1)
			switch a.Status {
			case Sat:
				st.Sat++
			case Unsat:
				st.Unsat++
			default:
				st.Unknown++
			}
			st.SolverCalls++
		}
		if t.Calls[i].Op == trace.Enumerating {
			st.Count("enumerations", 1)
		}
	}
	st.SolverWall += res.Wall
	st.SolverCPU += res.CPU
	if res.InProcess {
		st.InProcessCPU += res.CPU
	}
	// A run that ends early ends in the call len(res.Answers), which no
	// answer counts: it is a call of its own, counted once, under the
	// outcome that ended it (the outcome counters sum to the calls:
	// campaign.Stats.Reconcile; they used to count the outcome without
	// the call).
	switch {
	case res.Timeout:
		st.SolverCalls++
		st.Timeout++
		st.Count("timeouts", 1)
		// What the timeouts cost: the share of the budget they ate is
		// timeout_wall_ms over the campaign's time × jobs (bench/satfuzz/timeouts.sh).
		st.Count("timeout_wall_ms", res.Wall.Milliseconds())
		st.Count("timeout_cpu_ms", res.CPU.Milliseconds())
	case res.Memout:
		st.SolverCalls++
		st.Memout++
	case res.Crash != "" || res.Error != "":
		st.SolverCalls++
		st.Crash++
	}
	if res.ProofChecked {
		st.Count("proofs_checked", 1)
	}
}

func (s *System) findings(t *trace.Trace, res *Result, ps []Problem) []campaign.Finding {
	var fs []campaign.Finding
	seen := map[string]bool{}
	var opts []string
	for _, kv := range t.Options() {
		opts = append(opts, kv[0]+"="+kv[1])
	}
	for _, p := range ps {
		if seen[string(p.Class)+p.Message] {
			continue
		}
		seen[string(p.Class)+p.Message] = true
		d := fmt.Sprintf("Target `%s`, options `%s`.\n\n%s", s.target.Name(), strings.Join(opts, " "), p.Details)
		if p.Call >= 0 && p.Call < len(t.Calls) {
			d = fmt.Sprintf("At call %d (`%s`). %s", p.Call+1, clip(t.Calls[p.Call].String()), d)
		}
		fs = append(fs, campaign.Finding{
			Class:         p.Class,
			Solver:        s.target.Name(),
			SolverVersion: s.version(),
			Message:       p.Message,
			Trigger:       t.Bytes(),
			TriggerExt:    ".trace",
			Command:       []string{"tandem", "satfuzz", "replay", campaign.FilePlaceholder, "--target", s.target.Name()},
			Output:        res.Output,
			Details:       d,
		})
	}
	return fs
}

// Reproduce replays trigger on the target and returns the finding it shows:
// the one with f's class and message when it is among them, else the first,
// else nil. A trigger that does not parse shows nothing.
func (s *System) Reproduce(ctx context.Context, f *campaign.Finding, trigger []byte) (*campaign.Finding, error) {
	t, err := trace.Parse(trigger)
	if err != nil {
		return nil, nil
	}
	res, err := s.target.Run(ctx, t, s.limits())
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	fs := s.findings(t, res, Check(ctx, t, res))
	for i := range fs {
		if fs[i].Class == f.Class && fs[i].Message == f.Message {
			return &fs[i], nil
		}
	}
	if len(fs) > 0 {
		return &fs[0], nil
	}
	return nil, nil
}

// TraceReduceOptions are the trace passes' settings for satfuzz traces.
var TraceReduceOptions = reduce.TraceOptions{
	LiteralCalls: []string{"addClause", "assuming"},
	KeepCalls:    []string{"init"},
}

// Reduce shrinks f's trigger with tandem/reduce's trace passes (line ddmin,
// literal removal, variable renaming: Algorithm 6 of the thesis) while the
// replay shows a finding of the same signature. A candidate that drops the
// newVar call declaring a variable it still uses is not kept: the finding
// would then be about the undeclared variable (Sat4j leaves it out of its
// model), not the bug that was found.
func (s *System) Reduce(ctx context.Context, f *campaign.Finding) ([]byte, error) {
	res, err := s.ReduceWith(ctx, f, reduce.Options{})
	if err != nil {
		return nil, err
	}
	return res.Output, nil
}

// ReduceWith is Reduce with the caller's reduction options (Jobs, MaxTests,
// OnImprove, Progress); the passes are always the trace passes. As with
// reduce.Reduce, cancelling ctx after the reduction started ends it with
// the best trace so far and Result.Stopped set.
func (s *System) ReduceWith(ctx context.Context, f *campaign.Finding, opts reduce.Options) (*reduce.Result, error) {
	same := campaign.Interesting(SystemName, s, f)
	interesting := func(ctx context.Context, candidate []byte) (bool, error) {
		if t, err := trace.Parse(candidate); err == nil && t.Undeclared() >= 0 {
			return false, nil
		}
		return same(ctx, candidate)
	}
	opts.Passes = reduce.TracePasses(TraceReduceOptions)
	return reduce.Reduce(ctx, f.Trigger, interesting, opts)
}
