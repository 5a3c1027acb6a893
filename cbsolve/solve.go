package cbsolve

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/internal/cli"
	"tandem/internal/proc"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// Status is a verdict: the same three answers as FUZZY-SAT's.
type Status = fuzzysat.Status

// The verdicts.
const (
	Unknown = fuzzysat.Unknown
	Sat     = fuzzysat.Sat
	Unsat   = fuzzysat.Unsat
)

// Result is the outcome of a solve.
type Result struct {
	Status Status
	// Model (sat) interprets the script's declared symbols; closed boxes
	// are run, not tabulated (Model.Boxes).
	Model *eval.Model
	// Reason says why the verdict holds (unsat) or what stopped the
	// search (unknown).
	Reason string
	Stats  Stats
}

// Stats count what the engines did and traded.
type Stats struct {
	Mode       string `json:"mode"`
	Iterations int    `json:"iterations"`
	// ToFuzz counts the conflict terms pulled into ω_fuzz (SMT → fuzz),
	// Blocks the blocking clauses of the progress guard.
	ToFuzz int `json:"to_fuzz"`
	Blocks int `json:"blocks"`
	// PartialModels counts the fuzzer's partial models checked by the SMT
	// engine, Facts the closed-box input/output facts added to ω_smt
	// (fuzz → SMT), Tabulated the closed boxes given as full tables.
	PartialModels int `json:"partial_models"`
	Facts         int `json:"facts"`
	Tabulated     int `json:"tabulated"`
	// RangeTables counts the closed-box applications defined by the
	// box's table over the argument tuples the formula allows (ranges.go).
	RangeTables int `json:"range_tables,omitempty"`
	// Proposals counts the completions the SMT engine proposed from the
	// closed-box outputs of a partial model.
	Proposals int `json:"proposals"`
	// Surrogates counts the models the SMT engine found with closed boxes
	// defined by surrogates (surrogate.go).
	Surrogates int `json:"surrogates"`
	// LearnSteps counts the active-learning steps taken when a fuzz slice
	// ran out.
	LearnSteps int `json:"learn_steps"`
	// FuzzRuns are the fuzzing searches, FuzzEvals the candidate
	// evaluations (each runs the closed boxes it reaches).
	FuzzRuns  int           `json:"fuzz_runs"`
	FuzzEvals int64         `json:"fuzz_evals"`
	FuzzTime  time.Duration `json:"fuzz_ns"`
	SMTCalls  int           `json:"smt_calls"`
	SMTTime   time.Duration `json:"smt_ns"`
	// FuzzConstraints is the size of ω_fuzz at the end.
	FuzzConstraints int           `json:"fuzz_constraints"`
	Boxes           cbox.Stats    `json:"boxes"`
	Time            time.Duration `json:"ns"`
}

// ClosedBoxes are the script's declare-cb and declare-oracle-fun symbols,
// each once: a repeated identical declaration (Delphi's benchmarks have
// some, and Delphi accepts them) is the first one.
func ClosedBoxes(sc *smtlib.Script) []*smt.Func {
	var out []*smt.Func
	seen := map[string]bool{}
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdDeclareCB || c.Kind == smtlib.CmdDeclareOracleFun {
			for _, f := range c.Funcs {
				if !seen[f.Name] {
					seen[f.Name] = true
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// Solve decides the script's assertions, calling the closed boxes of set.
// fromDefine names define-funs of the script to treat as closed boxes
// (their bodies run by the evaluator, hidden from the SMT engine); set
// gets a box for each of them unless it has one. Every declare-cb and
// declare-oracle-fun needs a box in set.
//
// The verdicts are sound by construction: sat only when every closed box
// has been run on the final model and every assertion evaluates to true;
// unsat only when the formula with closed boxes read as uninterpreted
// functions, plus facts learned by running them, is unsat.
func Solve(ctx context.Context, sc *smtlib.Script, set *cbox.Set, fromDefine []string, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	start := time.Now()
	ctx, cancel, limitHit := limitContext(ctx, opts)
	defer cancel()
	p, err := segregate(sc, fromDefine, !opts.NoArgPurify && opts.Mode != FuzzOnly)
	if err != nil {
		return nil, err
	}
	for _, f := range p.boxList {
		if _, ok := set.Box(f); ok {
			continue
		}
		if f.Body != nil {
			b, err := cbox.Define(f)
			if err != nil {
				return nil, err
			}
			set.Add(b)
			continue
		}
		return nil, cli.Option("Boxes", fmt.Errorf("%s: closed box %s %s has no implementation: give one as %s=IMPL (a .c or .wasm file, or exec:COMMAND)", sc.Filename, f.Name, signature(f), f.Name))
	}
	s := &solve{p: p, set: set.WithContext(ctx), opts: &opts, st: &Stats{Mode: opts.Mode.String()}, smallBits: 8}
	s.fz = newFuzzEngine(p, s.set, &opts, s.st)
	res, err := s.run(ctx)
	if err != nil {
		return nil, err
	}
	if res.Status == Unknown && ctx.Err() != nil && !strings.HasPrefix(res.Reason, "timeout") {
		// Whatever the step that noticed, the solve ran out of time or
		// was cancelled: say so first.
		why := "timeout"
		if errors.Is(ctx.Err(), context.Canceled) {
			why = "cancelled"
		}
		res.Reason = why + " (" + res.Reason + ")"
	}
	if res.Status == Unknown && strings.HasPrefix(res.Reason, "timeout") {
		hit := limitHit()
		if d, ok := ctx.Deadline(); hit == "" && opts.TreeCPU && ok && !time.Now().Before(d) {
			// the fuzzer saw the wall deadline (time.Until) before the
			// limit's timer ended the context
			hit = "wall"
		}
		switch hit {
		case "cpu":
			res.Reason += fmt.Sprintf("; the process tree used its CPU budget of %v", opts.Timeout)
		case "wall":
			res.Reason += fmt.Sprintf("; the wall-clock safety limit %v passed before the CPU budget of %v was used", opts.Wall, opts.Timeout)
		}
	}
	res.Stats = *s.st
	res.Stats.Boxes = set.Stats()
	res.Stats.FuzzConstraints = len(s.fz.cons)
	res.Stats.Time = time.Since(start)
	return res, nil
}

type solve struct {
	p *problem
	// set runs the closed boxes under the solve's context (see cbox.Bound).
	set  cbox.Bound
	opts *Options
	st   *Stats
	fz   *fuzzEngine
	smt  *smtEngine
	// exact: every closed box the formula applies is tabulated, so ω_smt
	// is the whole formula (see tabulate); tabled are the boxes tabulated.
	exact  bool
	tabled map[*smt.Func]bool
	// tables are the tables of the tabulated boxes (facts or diagrams),
	// for the exact script (smtEngine.exactScript).
	tables map[*smt.Func]*table
	// ranged are the applications defined by range tables, images the
	// values of the temporaries of those whose every call succeeded
	// (ranges.go).
	ranged map[*cbDef]bool
	images map[*smt.Func][]smt.Value
	// smallBits bounds the boxes' arguments in learning steps
	// (checkLearn); 0: no bound.
	smallBits int
	// rangedNow is what the last tabulate defined by range tables.
	rangedNow int
	// pz is the probe's fuzz engine (the whole formula), nil when the
	// formula is not all in the fuzzer's theory; probeTime is the time
	// it has had, cpu0 the process tree's CPU time when the solve began.
	pz        *fuzzEngine
	probeTime time.Duration
	cpu0      time.Duration
}

// limitContext bounds a solve by opts.Timeout: in the CPU time of the
// process tree with a wall-clock safety limit (TreeCPU), else in wall
// time. hit says which limit ended it ("cpu", "wall"; "" for none, or
// wall time without TreeCPU).
func limitContext(ctx context.Context, opts Options) (_ context.Context, cancel context.CancelFunc, hit func() string) {
	if !opts.TreeCPU {
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		return ctx, cancel, func() string { return "" }
	}
	if c, ok := ctx.(*proc.CPULimit); ok {
		return c, func() {}, c.Hit // SolveFile's, which counts the boxes' start too
	}
	c, cancel := proc.WithCPULimit(ctx, opts.Timeout, opts.Wall, proc.SelfTreeCPU)
	return c, cancel, c.Hit
}

func (s *solve) tracef(format string, args ...any) {
	if s.opts.Trace != nil {
		fmt.Fprintf(s.opts.Trace, "cbsolve: "+format+"\n", args...)
	}
}

func (s *solve) run(ctx context.Context) (*Result, error) {
	if s.opts.Mode == FuzzOnly {
		return s.fuzzOnly(ctx)
	}
	if s.opts.Mode == CDFL && s.opts.Probe > 0 {
		if r, err := s.probe(ctx); err != nil || r != nil {
			return r, err
		}
	}
	reg, err := solver.LoadRegistry(s.opts.Profiles)
	if err != nil {
		return nil, err
	}
	prof, err := reg.Lookup(s.opts.SMT)
	if err != nil {
		return nil, err
	}
	// The session's own per-command limit is the whole solve's: the
	// contexts (the deadline or the CPU budget, SMTCallTimeout per check)
	// bound it.
	callLimit := s.opts.Timeout
	if s.opts.TreeCPU {
		callLimit = s.opts.Wall // Timeout is CPU time: its context ends at it
	}
	e, err := startSMT(ctx, s.p, prof, callLimit)
	if err != nil {
		return unknownOn(ctx, err)
	}
	s.smt = e
	defer e.close()
	// Tabulation is part of tandem's CDFL; active learning, as Delphi
	// does it, learns facts only from the models it checks.
	if s.opts.Mode == CDFL {
		if err := s.tabulate(ctx, false); err != nil {
			return unknownOn(ctx, err)
		}
	}
	if s.opts.Mode == ActiveLearning {
		return s.activeLearning(ctx)
	}
	return s.cdfl(ctx)
}

// unknownOn turns an engine failure caused by the deadline into unknown.
func unknownOn(ctx context.Context, err error) (*Result, error) {
	if ctx.Err() != nil {
		return &Result{Status: Unknown, Reason: "timeout"}, nil
	}
	if errors.Is(err, errSMT) {
		return &Result{Status: Unknown, Reason: err.Error()}, nil
	}
	return nil, err
}

// checkSMT runs one SMT engine check, bounded by SMTCallTimeout, and
// counts it.
func (s *solve) checkSMT(ctx context.Context, m1 []assign) (*outcome, error) {
	return s.checkSMTWithin(ctx, m1, s.opts.SMTCallTimeout)
}

// checkSMTWithin is checkSMT bounded by limit (0: the time left). A check
// that runs out of its own limit answers StatusTimeout; only the solve's
// end (its deadline, a Ctrl-C) makes the solve stop.
func (s *solve) checkSMTWithin(ctx context.Context, m1 []assign, limit time.Duration) (*outcome, error) {
	cctx := ctx
	hit := func() string { return "" }
	if limit > 0 {
		var cancel context.CancelFunc
		cctx, cancel, hit = s.checkLimit(ctx, limit)
		defer cancel()
	}
	t0 := time.Now()
	o, err := s.smt.check(cctx, m1)
	s.st.SMTCalls++
	s.st.SMTTime += time.Since(t0)
	if limit > 0 && ctx.Err() == nil && (o != nil && o.status == solver.StatusTimeout || err != nil && cctx.Err() != nil) {
		// The check's own limit ended it (when the session could not
		// restart its solver within that limit, an error: the next
		// command restarts it with the solve's time).
		s.tracef("SMT check out of its %v%s: %v", limit, hit(), err)
		return &outcome{status: solver.StatusTimeout}, nil
	}
	return o, err
}

// checkLimit bounds one SMT check (or a few: a learning step's bounded
// checks) by limit: with TreeCPU, in CPU time of tandem's process tree,
// which holds the engine's, as --timeout is (a loaded machine does not
// cut a check short, nor a sleeping engine use it up), under the solve's
// wall-clock safety limit; else in wall time. hit says which limit ended
// it (" (cpu limit)", " (wall limit)", or "").
func (s *solve) checkLimit(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc, func() string) {
	if !s.opts.TreeCPU {
		c, cancel := context.WithTimeout(ctx, limit)
		return c, cancel, func() string { return "" }
	}
	c, cancel := proc.WithCPULimit(ctx, limit, s.opts.Wall, proc.SelfTreeCPU)
	return c, cancel, func() string {
		if h := c.Hit(); h != "" {
			return " (" + h + " limit)"
		}
		return ""
	}
}

// spentSince is what a check used since (t0, c0 = time.Now(),
// proc.SelfTreeCPU() at its start) in checkLimit's measure.
func (s *solve) spentSince(t0 time.Time, c0 time.Duration) time.Duration {
	if s.opts.TreeCPU {
		return proc.SelfTreeCPU() - c0
	}
	return time.Since(t0)
}

// decided turns an SMT outcome without assumptions into a verdict, or nil
// to go on.
func (s *solve) decided(o *outcome) *Result {
	switch o.status {
	case solver.StatusUnsat:
		why := "unsat with the closed boxes read as uninterpreted functions"
		if s.st.Facts > 0 {
			why += fmt.Sprintf(" plus %s learned by running them", count(s.st.Facts, "fact", "facts"))
		}
		if n := s.st.Tabulated; n > 0 {
			why += fmt.Sprintf(" (%s tabulated on the whole domain)", count(n, "box", "boxes"))
		}
		if n := s.st.RangeTables; n > 0 {
			why += fmt.Sprintf(" (%s tabulated on every argument the formula allows)", count(n, "application", "applications"))
		}
		return &Result{Status: Unsat, Reason: why}
	case solver.StatusSat:
		if ok, _ := s.valid(o.model); ok {
			return &Result{Status: Sat, Model: o.model}
		}
		return nil
	}
	return &Result{Status: Unknown, Reason: "the SMT engine answered " + o.status.String()}
}

func (s *solve) cdfl(ctx context.Context) (*Result, error) {
	if !s.opts.NoPrecheck {
		limit := s.opts.Timeout / 4
		if s.exact {
			// Every box is tabulated: ω_smt is the whole formula, and
			// the engine's answer is the answer. It gets the time left.
			limit = 0
		}
		if c := s.opts.SMTCallTimeout; c > 0 && (limit == 0 || c < limit) {
			limit = c
		}
		if _, ok := s.smt.exactScript(s.tables); ok && s.exact {
			// The small boxes are tabulated and their tables are small:
			// the input formula with them defined is the whole problem.
			if r, err := s.decideExact(ctx); err != nil || r != nil {
				return r, err
			}
		} else if s.rangedNow > 0 {
			// Range tables (of at most 256 tuples) are already in ω_smt:
			// the one-shot engine, as after the wide tabulation, since the
			// session's incremental core times out on their ite chains
			// (bench/cb's bitrev_10_collision_unsat: two 256-point tables,
			// the session's pre-check timed out at a quarter of --timeout).
			if r, err := s.checkRanged(ctx, limit); err != nil || r != nil {
				return r, err
			}
		} else if r, err := s.checkWhole(ctx, limit, "pre-check"); err != nil || r != nil {
			return r, err
		}
	}
	deadline, _ := ctx.Deadline()
	slice, evals := s.opts.FuzzSlice, s.opts.FuzzEvals
	// Learning is a move of its own (the policy of docs/solve.md): a
	// round of active-learning steps comes first, then again whenever a
	// fuzz slice runs out or the loop has spent a slice since the last
	// round, each round with twice the steps, time and check limit of the
	// one before. A round ends early when a step teaches nothing new.
	sch := schedule{slice: slice, evals: evals, steps: 8, limit: max(2*slice, time.Second)}
	learn := func() (*Result, error) {
		if sch.slice < 0 && sch.evals <= 0 {
			return nil, nil // --fuzz-slice -1: the paper's loop, no learning
		}
		r, err := s.learnRound(ctx, sch.steps, sch.slice, sch.limit)
		sch.next(s.st)
		return r, err
	}
	if r, err := learn(); err != nil || r != nil {
		if err != nil {
			return unknownOn(ctx, err)
		}
		return r, nil
	}
	if r, err := s.tabulateWide(ctx, sch.limit); err != nil || r != nil {
		return r, err
	}
	if r, err := s.probeMore(ctx); err != nil || r != nil {
		return r, err
	}
	if r, err := s.trySurrogates(ctx); err != nil || r != nil {
		return r, err
	}
	for {
		if sch.due(s.st) {
			if r, err := learn(); err != nil || r != nil {
				if err != nil {
					return unknownOn(ctx, err)
				}
				return r, nil
			}
		}
		s.st.Iterations++
		until := deadline
		if sch.evals <= 0 && sch.slice > 0 && time.Now().Add(sch.slice).Before(deadline) {
			until = time.Now().Add(sch.slice)
		}
		m1, err := s.fz.run(ctx, until, sch.evals)
		if errors.Is(err, errFuzzTimeout) {
			if !time.Now().Before(deadline) || ctx.Err() != nil {
				return &Result{Status: Unknown, Reason: "timeout: " + err.Error()}, nil
			}
			// The fuzzer used up its slice. Constraints it is not built
			// for go back to the SMT side for good, and the SMT engine
			// learns about the boxes before the fuzzer gets twice the
			// time.
			if n := s.fz.demote(); n > 0 {
				s.tracef("slice out: %d nonlinear constraints without a closed box kept on the SMT side", n)
			}
			if r, err := learn(); err != nil || r != nil {
				if err != nil {
					return unknownOn(ctx, err)
				}
				return r, nil
			}
			continue
		}
		if err != nil {
			return unknownOn(ctx, err)
		}
		s.st.PartialModels++
		s.tracef("iteration %d: partial model %s", s.st.Iterations, showAssign(m1))
		o, err := s.checkSMT(ctx, m1)
		if err != nil {
			return unknownOn(ctx, err)
		}
		switch o.status {
		case solver.StatusSat:
			if ok, _ := s.valid(o.model); ok {
				return &Result{Status: Sat, Model: o.model}, nil
			}
			// The completion used a closed-box value the box does not
			// compute (an application the fuzzer could not run): learn
			// the real values at the model's points, as active learning.
			n, err := s.learn(ctx, o.model)
			if err != nil {
				return unknownOn(ctx, err)
			}
			s.tracef("completion invalid; %d facts learned", n)
			if n == 0 {
				if len(m1) == 0 {
					_, why := s.valid(o.model)
					return &Result{Status: Unknown, Reason: "the SMT engine's model does not validate (" + why + ") and running the closed boxes on it teaches nothing new"}, nil
				}
				s.block(m1, assignedFuncs(m1))
			}
			s.fz.setHint(o.model)
		case solver.StatusUnsat:
			if len(o.assumed) == 0 {
				return s.decided(o), nil
			}
			n := s.fz.add(o.core)
			s.st.ToFuzz += n
			s.tracef("conflict: %d core terms, %d new in ω_fuzz, %d partial-model literals", len(o.core), n, len(o.assumed))
			if s.opts.CBFacts || n == 0 {
				if _, err := s.learnPartial(ctx, m1); err != nil {
					return unknownOn(ctx, err)
				}
			}
			if n == 0 {
				s.block(m1, o.assumed)
			}
			if !s.opts.NoPropose {
				if r, err := s.propose(ctx, m1); err != nil || r != nil {
					if err != nil {
						return unknownOn(ctx, err)
					}
					return r, nil
				}
			}
		default:
			if ctx.Err() != nil {
				return &Result{Status: Unknown, Reason: "timeout in the SMT engine"}, nil
			}
			// The engine could not complete this partial model (unknown,
			// or out of SMTCallTimeout): learn its boxes' facts and block
			// it, which costs completeness of the fuzzer only (no verdict
			// rests on it), and go on.
			s.tracef("the SMT engine answered %s on the partial model; blocked", o.status)
			if _, err := s.learnPartial(ctx, m1); err != nil {
				return unknownOn(ctx, err)
			}
			s.block(m1, assignedFuncs(m1))
		}
	}
}

// tabulateWide tabulates the boxes of domains up to TableMax (tabulate) and,
// when that makes ω_smt the whole formula, gives the SMT engine the time
// left to decide it: its answer is then the answer.
func (s *solve) tabulateWide(ctx context.Context, limit time.Duration) (*Result, error) {
	if s.opts.Mode != CDFL {
		return nil, nil
	}
	was := s.exact
	if err := s.tabulate(ctx, true); err != nil {
		return unknownOn(ctx, err)
	}
	if (s.exact && !was) || s.rangedNow > 0 {
		// A one-shot check of up to a quarter or an eighth of
		// --timeout comes next: the whole-formula fuzzer first.
		if r, err := s.probeMore(ctx); err != nil || r != nil {
			return r, err
		}
	}
	if !s.exact && s.rangedNow > 0 {
		// Applications defined on every tuple the formula allows often
		// decide it (a proof by exhaustion): check at once rather than
		// after a fuzz slice, within the larger of a learning round's
		// limit and an eighth of --timeout (CPU time; the one-shot
		// engine decides bench/cb's 1,024-point table_unsat instances in
		// 0.2 s of CPU, but its wall cap of twice that is too short on a
		// loaded machine).
		limit = max(limit, s.opts.Timeout/8)
		if c := s.opts.SMTCallTimeout; c > 0 && c < limit {
			limit = c
		}
		return s.checkRanged(ctx, limit)
	}
	if was || !s.exact {
		return nil, nil
	}
	return s.decideExact(ctx)
}

// checkRanged checks ω_smt in a one-shot engine (bit-blasting, which
// handles a table's ite chain far better than the session's incremental
// core) within limit of CPU time: a verdict, or nil to go on, with the
// model, if any, seeding the fuzzer.
func (s *solve) checkRanged(ctx context.Context, limit time.Duration) (*Result, error) {
	o, err := s.smt.checkOneShot(ctx, limit, "")
	s.st.SMTCalls++
	if r, serr := s.settle(ctx, "one-shot check after range tabulation", o, err); serr != nil || r != nil {
		return r, serr
	}
	if err == nil { // the model, if any, seeds the fuzzer
		s.fz.setHint(o.model)
	}
	return nil, nil
}

// decideExact is the one-shot check of checkExact, when every box is
// tabulated: a verdict, or nil to go on with the loop.
func (s *solve) decideExact(ctx context.Context) (*Result, error) {
	o, err := s.checkExact(ctx)
	return s.settle(ctx, "one-shot check with every box tabulated", o, err)
}

// settle turns the outcome of the one-shot check what into a verdict, or
// nil to go on with the loop: a failed check costs only the shortcut it
// was, unless the solve's own context has ended.
func (s *solve) settle(ctx context.Context, what string, o *outcome, err error) (*Result, error) {
	if err != nil {
		if ctx.Err() != nil {
			return unknownOn(ctx, err)
		}
		s.tracef("%s: %v", what, err)
		return nil, nil
	}
	s.tracef("%s: %s", what, o.status)
	if r := s.decided(o); r != nil && (r.Status != Unknown || ctx.Err() != nil) {
		return r, nil
	}
	return nil, nil
}

// checkExact checks the whole formula when every box it applies is
// tabulated, in a fresh engine process (smtEngine.checkOneShot). When the
// tables are small diagrams without failed calls, the script is the input
// formula itself with each box a define-fun of its table (exactScript);
// otherwise it is ω_smt, purified, with the tables per application. The
// first is the formula as its author wrote it, which the engine often
// decides far faster: purification's fresh constants cost z3 4.8.12 7× on
// Delphi's Example_3 (0.9 s against 6.8 s of CPU).
func (s *solve) checkExact(ctx context.Context) (*outcome, error) {
	script, ok := s.smt.exactScript(s.tables)
	if ok {
		s.tracef("exact check on the input formula with the boxes defined by their tables")
	}
	// A quarter of the timeout, as the pre-check: a table makes the
	// formula exact, not easy (bench/cb's crc32_u16_match: a bit-sliced
	// CRC-32 beside a 64-bit product, which the fuzzer and the loop
	// solve in a second and the one-shot check not in ten), and the loop
	// must keep its time.
	limit := s.opts.Timeout / 4
	if c := s.opts.SMTCallTimeout; c > 0 && c < limit {
		limit = c
	}
	o, err := s.smt.checkOneShot(ctx, limit, script)
	s.st.SMTCalls++
	if err == nil && ok {
		s.tracef("exact check: %s", o.status)
	}
	return o, err
}

// checkWhole checks ω_smt without a partial model, within limit (0: the
// time left): a verdict, or nil to go on. An engine that cannot decide
// (unknown, or out of its limit) leaves the formula to the loop, and its
// model, if any, seeds the fuzzer.
func (s *solve) checkWhole(ctx context.Context, limit time.Duration, what string) (*Result, error) {
	o, err := s.checkSMTWithin(ctx, nil, limit)
	if err != nil {
		return unknownOn(ctx, err)
	}
	s.tracef("%s: %s", what, o.status)
	if r := s.decided(o); r != nil && (r.Status != Unknown || ctx.Err() != nil) {
		return r, nil
	}
	s.fz.setHint(o.model)
	return nil, nil
}

// propose lets the SMT engine complete the closed-box outputs the fuzzer
// reached (only the temporaries of m1 assumed): the engine picks the
// theory part and the boxes' inputs, the boxes are run on its model, and
// the answer is sat when they agree; otherwise their real outputs there
// become facts and the model seeds the next fuzz run. The outputs of m1 are
// values the boxes really produce, so such a completion often runs true —
// and when it does not, the facts keep the next one from repeating it
// (active learning inside the loop).
func (s *solve) propose(ctx context.Context, m1 []assign) (*Result, error) {
	temps := map[*smt.Func]bool{}
	for _, d := range s.p.defs {
		temps[d.T.Func()] = true
	}
	var outs []assign
	for _, a := range m1 {
		if temps[a.f] {
			outs = append(outs, a)
		}
	}
	if len(outs) == 0 {
		return nil, nil
	}
	s.st.Proposals++
	o, err := s.checkSMT(ctx, outs)
	if err != nil || o.status != solver.StatusSat {
		return nil, err
	}
	if ok, _ := s.valid(o.model); ok {
		return &Result{Status: Sat, Model: o.model}, nil
	}
	if _, err := s.learn(ctx, o.model); err != nil {
		return nil, err
	}
	s.fz.setHint(o.model)
	return nil, nil
}

// block adds ¬(v1 = c1 ∧ … ) over the conflict's partial-model literals to
// ω_fuzz: the SMT engine proved no completion exists with those values,
// so no partial model may repeat them (the progress guard).
func (s *solve) block(m1 []assign, vars []*smt.Func) {
	want := map[*smt.Func]bool{}
	for _, f := range vars {
		want[f] = true
	}
	st := s.p.st
	var eqs []*smt.Term
	for _, a := range m1 {
		if !want[a.f] {
			continue
		}
		vt, err := st.ValueTerm(a.v)
		if err != nil {
			continue
		}
		eqs = append(eqs, st.MustApply(smt.OpEq, nil, st.Const(a.f), vt))
	}
	if len(eqs) == 0 {
		return
	}
	conj := eqs[0]
	if len(eqs) > 1 {
		conj = st.MustApply(smt.OpAnd, nil, eqs...)
	}
	if s.fz.add([]*smt.Term{st.MustApply(smt.OpNot, nil, conj)}) > 0 {
		s.st.Blocks++
	}
}

func assignedFuncs(m1 []assign) []*smt.Func {
	out := make([]*smt.Func, len(m1))
	for i, a := range m1 {
		out[i] = a.f
	}
	return out
}

// learnRound is a round of active learning inside the loop: the SMT
// engine's model of ω_smt, checked by running the boxes, its facts learned
// when it fails, and kept as the fuzzer's seed. It takes at most steps
// steps, and no more CPU time of tandem's process tree (the SMT engine's
// included) than slice (a fuzz slice; negative: the time left), so that
// load does not change it, unless slices are counted in executions, where
// only the steps count, so that the run stays the same on every machine. It stops when a
// step teaches nothing new. Each check gets at most limit (and
// SMTCallTimeout): a check that needs longer gets it in a later round,
// whose limit has doubled.
func (s *solve) learnRound(ctx context.Context, steps int, slice, limit time.Duration) (*Result, error) {
	var b budget
	if slice > 0 {
		b = cpuBudget(slice, 0)
	} else {
		limit = 0 // no slices: the checks get the time left
	}
	if c := s.opts.SMTCallTimeout; c > 0 && (limit <= 0 || c < limit) {
		limit = c
	}
	for i := 0; i < steps; i++ {
		if i > 0 && s.opts.FuzzEvals <= 0 && b.spent() {
			break
		}
		s.st.LearnSteps++
		o, err := s.checkLearn(ctx, limit)
		if err != nil {
			return nil, err
		}
		if r := s.decided(o); r != nil {
			if r.Status == Unknown && ctx.Err() == nil {
				return nil, nil
			}
			return r, nil
		}
		s.fz.setHint(o.model)
		n, err := s.learn(ctx, o.model)
		if err != nil || n == 0 {
			return nil, err
		}
		s.tracef("learning step %d: %d facts", i+1, n)
	}
	return nil, nil
}

// checkLearn is the check of a learning step: ω_smt's model, with the
// closed boxes' arguments first bounded to small magnitudes. An SMT engine
// completes a constraint such as x*y = -91 with any of its 2^31 modular
// solutions, and a fact about one of them rarely helps; the few solutions
// of small magnitude are the ones a program's test (and a formula's
// author) most often means (bench/cb's max3s_roots, avgs_product). The
// bound is 2^8, then 2^16, 2^24, 2^32, each widening when the bounded
// formula is unsat (its small points are exhausted or excluded); after
// that, and for a bounded check the engine cannot decide in its limit,
// the checks are unbounded. The bound only chooses among models: an
// unsat that needs it is never a verdict.
func (s *solve) checkLearn(ctx context.Context, limit time.Duration) (*outcome, error) {
	// The bounded checks of a step share half of its limit, and the
	// unbounded check gets what they left: a step never takes more than
	// its limit (a bounded check that times out used to cost a whole
	// limit before the unbounded one got another, on Delphi's workforce
	// examples).
	var used time.Duration
	for s.smallBits > 0 && s.smallBits <= 32 && s.opts.Mode == CDFL && (limit <= 0 || used < limit/2) {
		var vars []*smt.Func
		seen := map[*smt.Func]bool{}
		for _, d := range s.p.defs {
			for _, a := range d.Args {
				if f := a.Func(); a.IsConst() && !seen[f] && f.Result.Kind == smt.KindBitVec && f.Result.Width > s.smallBits+1 {
					seen[f] = true
					vars = append(vars, f)
				}
			}
		}
		if len(vars) == 0 {
			break
		}
		cctx, cancel := ctx, context.CancelFunc(func() {})
		if limit > 0 {
			cctx, cancel, _ = s.checkLimit(ctx, limit/2-used)
		}
		t0, c0 := time.Now(), proc.SelfTreeCPU()
		o, err := s.smt.checkSmall(cctx, vars, s.smallBits)
		cancel()
		s.st.SMTCalls++
		s.st.SMTTime += time.Since(t0)
		used += s.spentSince(t0, c0)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			s.tracef("bounded learning check: %v; unbounded from now on", err)
			s.smallBits = 0
			break
		}
		switch {
		case o.status == solver.StatusSat:
			return o, nil
		case o.status == solver.StatusUnsat:
			s.tracef("no model with box arguments below 2^%d; widening", s.smallBits)
			if s.smallBits < 32 {
				s.smallBits += 8
			} else {
				s.smallBits *= 2
			}
		default:
			s.smallBits = 0
		}
	}
	if limit > 0 {
		limit -= used
	}
	return s.checkSMTWithin(ctx, nil, limit)
}

// schedule is when CDFL learns: the fuzz slice (time, or executions with
// Options.FuzzEvals), the steps and check limit of a learning round, and
// where the loop stood at the last round.
type schedule struct {
	slice time.Duration
	evals int64
	steps int
	limit time.Duration
	// at and atEvals are the CPU time of tandem's process tree and the
	// fuzz executions at the end of the last round; begun says a round
	// has ended.
	at      time.Duration
	atEvals int64
	begun   bool
}

// due says the loop has spent a slice since the last round: in
// executions when slices count them, else in CPU time of the process
// tree (so that load does not change the schedule).
func (c *schedule) due(st *Stats) bool {
	if c.evals > 0 {
		return st.FuzzEvals-c.atEvals >= c.evals
	}
	return c.slice > 0 && proc.SelfTreeCPU()-c.at >= c.slice
}

// next doubles everything after a round (the first round keeps the
// initial slice for the first fuzz run).
func (c *schedule) next(st *Stats) {
	if c.begun {
		c.slice *= 2
		c.evals *= 2
		c.steps *= 2
		c.limit *= 2
	}
	c.begun, c.at, c.atEvals = true, proc.SelfTreeCPU(), st.FuzzEvals
}

func (s *solve) activeLearning(ctx context.Context) (*Result, error) {
	for {
		s.st.Iterations++
		o, err := s.checkSMT(ctx, nil)
		if err != nil {
			return unknownOn(ctx, err)
		}
		if r := s.decided(o); r != nil {
			return r, nil
		}
		n, err := s.learn(ctx, o.model)
		if err != nil {
			return unknownOn(ctx, err)
		}
		s.tracef("iteration %d: %d facts learned", s.st.Iterations, n)
		if n == 0 {
			why := "the SMT model is not a model of the formula, and running the closed boxes on it taught nothing new"
			if s.p.quantified {
				why = "the formula has quantifiers: its SMT models cannot be checked by running the closed boxes"
			}
			return &Result{Status: Unknown, Reason: why}, nil
		}
		if ctx.Err() != nil {
			return &Result{Status: Unknown, Reason: "timeout"}, nil
		}
	}
}

func (s *solve) fuzzOnly(ctx context.Context) (*Result, error) {
	if i := s.fuzzWhole(s.fz); i >= 0 {
		return &Result{Status: Unknown, Reason: fmt.Sprintf("fuzz-only: assertion %d is outside the fuzzer's theory (Bool and bit-vectors up to 64 bits)", i+1)}, nil
	}
	deadline, _ := ctx.Deadline()
	s.st.Iterations = 1
	// FuzzEvals, when set, is the run's whole budget of executions.
	m1, err := s.fz.run(ctx, deadline, s.opts.FuzzEvals)
	if errors.Is(err, errFuzzTimeout) {
		return &Result{Status: Unknown, Reason: "timeout: " + err.Error()}, nil
	}
	if err != nil {
		return nil, err
	}
	return s.fuzzModel(m1), nil
}

// fuzzWhole gives every assertion to the fuzz engine z; it returns the
// index of the first one outside the fuzzer's theory, or -1.
func (s *solve) fuzzWhole(z *fuzzEngine) int {
	for i, t := range s.p.pure {
		if z.add([]*smt.Term{t}) == 0 && !z.have[t] && !(t.Kind() == smt.App && t.Op() == smt.OpTrue) {
			return i
		}
	}
	return -1
}

// probe fuzzes the whole formula for Options.Probe with an engine of its
// own (its ω_fuzz stays out of the loop's): sat when that finds a model
// that validates, nil to go on with the loop.
func (s *solve) probe(ctx context.Context) (*Result, error) {
	s.cpu0 = proc.SelfTreeCPU()
	z := newFuzzEngine(s.p, s.set, s.opts, s.st)
	if s.fuzzWhole(z) >= 0 {
		return nil, nil
	}
	s.pz = z
	return s.probeFor(ctx, s.opts.Probe)
}

// probeMore gives the probe's engine more time before a phase of the loop
// that may take long (the wide tabulation, the surrogate check): as much
// as the solve has spent so far in CPU time of its process tree, less what
// the probe had, while the probe's whole time stays within a sixteenth of
// --timeout; with --fuzz-evals, another --fuzz-evals executions each time.
// So the whole-formula fuzzer, which is fuzz-only's search, keeps about
// half of the solve's time until the loop's own phases begin, and cdfl is
// not much slower than fuzz-only on what fuzzing finds quickly (bench/cb's
// crc16_02_preimage_sat: fuzz-only 0.24 s of CPU, cdfl 14 s before, when
// the 100 ms probe missed it and the wide tabulation came next).
func (s *solve) probeMore(ctx context.Context) (*Result, error) {
	if s.pz == nil || s.opts.Probe <= 0 {
		return nil, nil
	}
	d := min(max(proc.SelfTreeCPU()-s.cpu0-s.probeTime, s.opts.Probe), s.opts.Timeout/16-s.probeTime)
	if s.opts.FuzzEvals <= 0 && d <= 0 {
		return nil, nil // the probe has had its sixteenth
	}
	return s.probeFor(ctx, d)
}

// probeFor fuzzes the whole formula for d (wall time; or FuzzEvals
// executions) with the probe's engine.
func (s *solve) probeFor(ctx context.Context, d time.Duration) (*Result, error) {
	z := s.pz
	s.probeTime += d
	until := time.Now().Add(d)
	if s.opts.FuzzEvals > 0 {
		until = time.Now().Add(s.opts.Timeout)
	}
	if dl, ok := ctx.Deadline(); ok && dl.Before(until) {
		until = dl
	}
	m1, err := z.run(ctx, until, s.opts.FuzzEvals)
	if errors.Is(err, errFuzzTimeout) {
		s.tracef("probe: no model in %v", d)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if r := s.fuzzModel(m1); r.Status == Sat {
		s.tracef("probe: sat")
		return r, nil
	}
	return nil, nil
}

// fuzzModel completes the fuzzer's assignment with default values and
// answers sat when it validates.
func (s *solve) fuzzModel(m1 []assign) *Result {
	m := eval.NewModel()
	for _, a := range m1 {
		m.SetConst(a.f, a.v)
	}
	for _, f := range s.p.consts {
		if _, ok := m.Const(f); !ok {
			if v, ok := smt.DefaultValue(f.Result); ok {
				m.SetConst(f, v)
			}
		}
	}
	if ok, why := s.valid(m); !ok {
		return &Result{Status: Unknown, Reason: "the fuzzer's assignment does not validate: " + why}
	}
	return &Result{Status: Sat, Model: m}
}

// valid runs the closed boxes on the model and evaluates every original
// assertion; only a model under which all are true is a sat answer.
func (s *solve) valid(m *eval.Model) (bool, string) {
	return s.validWith(m, s.set.CallValues)
}

// validWith is valid with the closed boxes run through boxes.
func (s *solve) validWith(m *eval.Model, boxes func(*smt.Func, []smt.Value) (smt.Value, error)) (bool, string) {
	if m == nil {
		return false, "no model"
	}
	m.Boxes = boxes
	ev := eval.New(m)
	for i, a := range s.p.omega {
		v, err := ev.Eval(a)
		if err != nil {
			return false, fmt.Sprintf("assertion %d: %v", i+1, err)
		}
		if v != smt.BoolValue(true) {
			return false, fmt.Sprintf("assertion %d is %v", i+1, v)
		}
	}
	return true, ""
}

// learn runs the closed boxes at the argument values a model gives their
// applications and adds the results as facts (CONVERTCBTOUF).
func (s *solve) learn(ctx context.Context, m *eval.Model) (int, error) {
	if m == nil {
		return 0, nil
	}
	m.Boxes = s.set.CallValues
	ev := eval.New(m)
	n := 0
	for _, d := range s.p.defs {
		args := make([]smt.Value, len(d.Args))
		ok := true
		for i, a := range d.Args {
			v, err := ev.Eval(a)
			if err != nil {
				ok = false
				break
			}
			if _, bad := v.(smt.Undefined); bad {
				ok = false
				break
			}
			args[i] = v
		}
		if !ok {
			continue
		}
		added, err := s.fact(ctx, d.F, args)
		if err != nil {
			return n, err
		}
		if added {
			n++
		}
	}
	return n, nil
}

// learnPartial adds the facts of the closed-box calls of a partial model.
func (s *solve) learnPartial(ctx context.Context, m1 []assign) (int, error) {
	m := eval.NewModel()
	for _, a := range m1 {
		m.SetConst(a.f, a.v)
	}
	return s.learn(ctx, m)
}

func (s *solve) fact(ctx context.Context, f *smt.Func, args []smt.Value) (bool, error) {
	v, err := s.set.CallValues(f, args)
	if err != nil {
		return false, nil // a trapping or looping call teaches nothing
	}
	if _, bad := v.(smt.Undefined); bad {
		return false, nil
	}
	added, err := s.smt.addFact(ctx, f, args, v)
	if added {
		s.st.Facts++
	}
	return added, err
}

// tabulate gives the SMT engine the whole table of every closed box whose
// domain is small: as ground facts up to TabulateMax argument tuples (they
// hold for applications under quantifiers too), and, when wide is set, up
// to TableMax as a decision diagram that defines the box's ground
// applications (table.go). Either way the SMT engine then knows the box
// exactly on its domain, and s.exact records whether that is so for every
// box the formula applies: ω_smt is then the whole formula, not an
// abstraction of it. Before the pre-check only domains of at most 256
// tuples are tabulated, and those of boxes under quantifiers (which the
// loop cannot learn about); the rest, up to 65,536 box calls and facts
// that slow every later SMT check, after the first learning round, which
// often decides cheaply what a table would (Delphi's workforce examples,
// simple-unsat).
func (s *solve) tabulate(ctx context.Context, wide bool) error {
	if s.tabled == nil {
		s.tabled = map[*smt.Func]bool{}
		s.tables = map[*smt.Func]*table{}
	}
	start := time.Now()
	// A quarter of the solve in CPU time (half in wall time, for a box
	// that waits): a slow box (an external program) is left to the loop
	// rather than tabulated.
	b := cpuBudget(s.opts.Timeout/4, s.opts.Timeout/2)
	for _, f := range s.p.boxList {
		bits := domainBits(f)
		switch {
		case s.tabled[f] || len(f.Params) == 0 || bits < 0 || bits > 30:
		case s.opts.TabulateMax >= 0 && 1<<bits <= s.opts.TabulateMax:
			if !wide && 1<<bits > 256 && !s.p.quantified {
				continue // after the first learning round
			}
			if err := s.tabulateFacts(ctx, f, bits); err != nil {
				return err
			}
			s.tabled[f] = true
		case wide && s.opts.TabulateMax >= 0 && s.opts.TableMax > 0 && 1<<bits <= s.opts.TableMax && !s.p.bound:
			t, err := buildTable(ctx, f, bits, func(args []smt.Value) (smt.Value, bool) {
				v, err := s.set.CallValues(f, args)
				return v, err == nil
			}, b, min(1<<bits+1024, 20000))
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				s.tracef("tabulating %s: %v; left to the loop", f.Name, err)
				continue
			}
			if err = s.smt.addTable(ctx, t); err != nil {
				return err
			}
			s.tables[f] = t
			s.tabled[f] = true
			s.st.Tabulated++
			s.tracef("tabulated %s: %d entries, a diagram of %d nodes, in %v", f.Name, 1<<bits, len(t.nodes), time.Since(start).Round(time.Millisecond))
		}
	}
	n, err := s.tabulateRanges(ctx, wide, b)
	if err != nil {
		return err
	}
	s.rangedNow = n
	s.exact = len(s.p.defs) > 0
	for _, d := range s.p.defs {
		if !s.tabled[d.F] {
			s.exact = false
		}
	}
	return nil
}

// tabulateFacts runs f on its whole domain and asserts every tuple as a
// fact.
func (s *solve) tabulateFacts(ctx context.Context, f *smt.Func, bits int) error {
	args := make([]smt.Value, len(f.Params))
	for x := uint64(0); x < 1<<bits; x++ {
		argsOf(f, x, args)
		if _, err := s.fact(ctx, f, args); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	s.st.Tabulated++
	s.tracef("tabulated %s: %d entries", f.Name, 1<<bits)
	// The same table as a diagram, from the cache, for the exact script.
	t, err := buildTable(ctx, f, bits, func(args []smt.Value) (smt.Value, bool) {
		v, err := s.set.CallValues(f, args)
		return v, err == nil
	}, budget{}, exactTableMax)
	if err == nil {
		s.tables[f] = t
	}
	return nil
}

func showAssign(m1 []assign) string {
	var b strings.Builder
	for i, a := range m1 {
		if i > 0 {
			b.WriteString(" ")
		}
		if i == 8 {
			fmt.Fprintf(&b, "… (%d more)", len(m1)-8)
			break
		}
		fmt.Fprintf(&b, "%s=%v", a.f.Name, a.v)
	}
	return b.String()
}

// count is "1 fact" or "n facts".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
