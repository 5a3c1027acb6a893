package bandit

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"tandem/campaign"
	"tandem/reduce"
	"tandem/solver"
)

// SystemName is the campaign system's registered name.
const SystemName = "bandit"

// SystemOptions configure the campaign system (JSON). One campaign
// iteration is one whole BanditFuzz run (or one baseline's run) with a
// fresh agent and its own seed, so iterations replay alone (up to solver
// timing in perf mode, exactly with the effort measure) and the report sums
// the agents' evidence into one ranking. With several Fuzzers, iteration i
// is run i/len(Fuzzers) of fuzzer Fuzzers[i mod len(Fuzzers)]: `tandem
// bandit perf|bug` compare fuzzers side by side this way ([Compare]).
type SystemOptions struct {
	// Mode is "bug" (default) or "perf".
	Mode string `json:"mode,omitempty"`
	// Theory is a grammar name (default fp); FPFormat "EB,SB" the FP sort
	// of the fp grammar (default Float64, 11,53).
	Theory   string `json:"theory,omitempty"`
	FPFormat string `json:"fp_format,omitempty"`
	// Solvers: in perf mode the target first, then the references.
	Solvers []string `json:"solvers,omitempty"`
	// Fuzzer is the fuzzer of every iteration (default banditfuzz);
	// Fuzzers, when set, the fuzzers run side by side instead. Agent is
	// banditfuzz's bandit, as in PerfOptions and BugOptions.
	Fuzzer  string   `json:"fuzzer,omitempty"`
	Fuzzers []string `json:"fuzzers,omitempty"`
	Agent   string   `json:"agent,omitempty"`
	// Timeout per query (default DefaultBugTimeout): the CPU limit of a
	// solver run. Wall is its wall-clock limit (0: WallFactor·Timeout);
	// raise it on a loaded machine, where a solver that gets less than
	// 1/WallFactor of a core otherwise ends inconclusive.
	Timeout time.Duration `json:"timeout,omitempty"`
	Wall    time.Duration `json:"wall,omitempty"`
	// Queries per iteration: the query budget of a run (default 50 when
	// there is no Budget either); Budget is a perf run's time budget.
	Queries int           `json:"queries,omitempty"`
	Budget  time.Duration `json:"budget,omitempty"`
	// MinMargin is the perf-mode PAR-2 margin, in the measure's unit,
	// from which the best instance is reported as a finding (default: the
	// measure's Limit, one timeout or the effort limit; a negative margin
	// makes every run's best input a finding).
	MinMargin float64 `json:"min_margin,omitempty"`
	// Confirm is k of PerfOptions: the best instance is re-run k times
	// and only a confirmed (median) margin is reported (0: DefaultConfirm;
	// negative: not re-run).
	Confirm int `json:"confirm,omitempty"`
	// Measure is what perf scores measure (default cpu); EffortLimit the
	// effort limit of MeasureEffort (0: the profile's default).
	Measure     Measure    `json:"measure,omitempty"`
	EffortLimit int64      `json:"effort_limit,omitempty"`
	Gen         GenOptions `json:"gen,omitempty"`
}

// System is BanditFuzz as a campaign.System.
type System struct {
	opt  SystemOptions
	g    *Grammar
	dir  string
	once sync.Once
	env  *Env
	err  error
}

func init() {
	_ = campaign.Register(SystemName, func(cfg []byte) (campaign.System, error) { return NewSystem(cfg) })
}

// NewSystem builds the system from JSON SystemOptions (nil: defaults).
func NewSystem(cfg []byte) (*System, error) {
	var o SystemOptions
	if len(cfg) > 0 {
		if err := json.Unmarshal(cfg, &o); err != nil {
			return nil, fmt.Errorf("bandit options: %w", err)
		}
	}
	if err := o.normalize(); err != nil {
		return nil, err
	}
	g, err := GrammarFor(o.Theory, o.FPFormat)
	if err != nil {
		return nil, err
	}
	return &System{opt: o, g: g}, nil
}

// normalize fills in defaults and checks the options.
func (o *SystemOptions) normalize() error {
	if o.Mode == "" {
		o.Mode = "bug"
	}
	if o.Mode != "bug" && o.Mode != "perf" {
		return fmt.Errorf("bandit mode %q: want bug or perf", o.Mode)
	}
	if o.Theory == "" {
		o.Theory = "fp"
	}
	if len(o.Solvers) == 0 {
		o.Solvers = []string{"z3", "cvc5"}
	}
	if o.Mode == "bug" && len(o.Solvers) < 2 {
		return fmt.Errorf("bug mode needs at least two solvers, got %q", o.Solvers)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultBugTimeout
	}
	if o.Queries <= 0 && (o.Budget <= 0 || o.Mode == "bug") {
		o.Queries = 50
	}
	if len(o.Fuzzers) == 0 {
		o.Fuzzers = []string{cmpOr(o.Fuzzer, FuzzerBandit)}
	}
	all := PerfFuzzers
	if o.Mode == "bug" {
		all = BugFuzzers
	}
	for _, f := range o.Fuzzers {
		if !slices.Contains(all, f) {
			return fmt.Errorf("%s-mode fuzzer %q: want one of %s", o.Mode, f, strings.Join(all, ", "))
		}
	}
	m, err := ParseMeasure(string(o.Measure))
	if err != nil {
		return err
	}
	o.Measure = m
	return nil
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// GrammarFor is the grammar of a theory name, with fpFormat "EB,SB" ("":
// the default) the FP sort of the fp grammar.
func GrammarFor(theory, fpFormat string) (*Grammar, error) {
	g, err := LookupGrammar(theory)
	if err != nil || fpFormat == "" {
		return g, err
	}
	var eb, sb int
	if _, err := fmt.Sscanf(fpFormat, "%d,%d", &eb, &sb); err != nil || eb < 2 || sb < 2 || g.Name != "fp" {
		return nil, fmt.Errorf("FP format %q: want EB,SB (both at least 2) with the fp theory", fpFormat)
	}
	return FPGrammar(eb, sb), nil
}

// Check builds the system's environment now (solver profiles, versions,
// the measure), so a command reports a wrong solver spec before a
// campaign starts.
func (s *System) Check(ctx context.Context) error {
	_, err := s.environment(ctx)
	return err
}

// UseDir implements campaign.DirUser: every finished iteration's run is
// written to dir (see [Compare]).
func (s *System) UseDir(dir string) { s.dir = dir }

// KeepsCutFindings implements campaign.CutKeeper in bug mode: a run the
// budget cuts short returns the disagreements, crashes and invalid models
// of the queries it finished (a query cut in its middle is dropped), each
// judged as a finished run's are, so the harness records them instead of
// dropping them (issue 26: with --queries 80 on slow solvers no run ended
// within the budget, and every finding was lost). A perf run's finding
// needs its confirmation re-runs at the end: it is not kept.
func (s *System) KeepsCutFindings() bool { return s.opt.Mode == "bug" }

// Name returns SystemName.
func (s *System) Name() string { return SystemName }

func (s *System) environment(ctx context.Context) (*Env, error) {
	s.once.Do(func() {
		vctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		s.env, s.err = NewEnv(vctx, s.g, s.opt.Gen, s.opt.Solvers, s.opt.Timeout)
		if s.err == nil {
			s.env.Wall = s.opt.Wall
			s.err = s.env.UseMeasure(s.opt.Measure, s.opt.EffortLimit)
		}
	})
	return s.env, s.err
}

func armCounters(st *campaign.Stats, rk []Rank) {
	for _, r := range rk {
		st.Count("arm pulls "+r.Construct, int64(r.Pulls))
		st.Count("arm rewards "+r.Construct, int64(r.Rewards))
	}
}

func (s *System) command(e *Env, i int) []string {
	p := e.Profiles[i]
	return append([]string{p.Binary}, p.OneShotArgv(campaign.FilePlaceholder, solver.Mode{Models: true})...)
}

// Iterate runs one BanditFuzz run (or a baseline's) of it.Index's fuzzer,
// bounded by Queries and Budget, with it.Rand.
func (s *System) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	var st campaign.Stats
	e, err := s.environment(ctx)
	if err != nil {
		return nil, st, err
	}
	fz := s.opt.Fuzzers[it.Index%uint64(len(s.opt.Fuzzers))]
	rec := &RunRecord{Fuzzer: fz, Run: int(it.Index / uint64(len(s.opt.Fuzzers))), Iteration: it.Index, Seed: it.Seed, Versions: e.Versions}
	var fs []campaign.Finding
	if s.opt.Mode == "perf" {
		rec.Perf, err = Perf(ctx, e, it.Rand, PerfOptions{Fuzzer: fz, Agent: s.opt.Agent, Budget: s.opt.Budget, MaxQueries: s.opt.Queries, Confirm: s.opt.Confirm})
		if err != nil {
			return nil, st, err
		}
		fillStats(&st, rec.Perf.Stats)
		armCounters(&st, rec.Perf.Ranking)
		fs = s.perfFindings(e, rec.Perf)
	} else {
		rec.Bug, err = Bug(ctx, e, it.Rand, BugOptions{Fuzzer: fz, Agent: s.opt.Agent, Queries: s.opt.Queries, CheckModels: true})
		if err != nil {
			return nil, st, err
		}
		fillStats(&st, rec.Bug.Stats)
		armCounters(&st, rec.Bug.Ranking)
		fs = s.bugFindings(e, rec.Bug)
	}
	if ctx.Err() == nil {
		if err := s.writeRecord(e, rec); err != nil {
			return nil, st, err
		}
	}
	return fs, st, nil
}

// perfFindings is the performance finding of a run whose (confirmed) best
// margin reaches MinMargin.
func (s *System) perfFindings(e *Env, run *PerfRun) []campaign.Finding {
	min := s.opt.MinMargin
	if min == 0 {
		min = e.Limit()
	}
	if run.Best == "" || run.Score < min {
		return nil
	}
	var d strings.Builder
	fmt.Fprintf(&d, "PAR-2 margin %s (%s; %s).\n\n", run.amount(run.Score), limitString(e.measure(), e.Timeout, e.EffortLimit, e.Unit()), run.ConfirmNote())
	for i, sp := range e.Specs {
		fmt.Fprintf(&d, "%s\n", timingLine(sp, e.Versions[i], run.Status[sp], run.Times[sp], run.Unit))
	}
	if len(run.Ranking) >= 3 {
		fmt.Fprintf(&d, "\nTop constructs of this run: %s, %s, %s.\n", run.Ranking[0].Construct, run.Ranking[1].Construct, run.Ranking[2].Construct)
	}
	return []campaign.Finding{{Class: campaign.Performance, Solver: e.Specs[0], SolverVersion: e.Versions[0],
		Message: fmt.Sprintf("%s is slower than %s on %s inputs", e.Specs[0], strings.Join(e.Specs[1:], ", "), s.g.Logic),
		Trigger: []byte(run.Best), Command: s.command(e, 0), Details: d.String()}}
}

// bugFindings are a bug run's disagreements, crashes and invalid models.
func (s *System) bugFindings(e *Env, run *BugRun) []campaign.Finding {
	var fs []campaign.Finding
	for _, d := range run.Disagreements {
		fs = append(fs, s.disagreementFinding(e, []byte(d.Script), d.Answers, d.Verdict))
	}
	for _, p := range run.Problems {
		f := campaign.Finding{Class: campaign.Crash, Solver: p.Solver, SolverVersion: e.version(p.Solver), Message: p.Message, Trigger: []byte(p.Script)}
		if p.Kind == "invalid-model" {
			f.Class, f.Message, f.Details = campaign.InvalidModel, "sat with a model that falsifies an assertion", p.Message
		}
		fs = append(fs, f)
	}
	return fs
}

func (e *Env) version(spec string) string {
	for i, s := range e.Specs {
		if s == spec {
			return e.Versions[i]
		}
	}
	return ""
}

func (s *System) disagreementFinding(e *Env, script []byte, answers map[string]string, v Verdict) campaign.Finding {
	var names []string
	for n := range answers {
		names = append(names, n)
	}
	sort.Strings(names)
	var ans []string
	for _, n := range names {
		ans = append(ans, n+" "+answers[n])
	}
	f := campaign.Finding{Class: campaign.Disagreement, Solver: strings.Join(names, " | "), Trigger: script,
		Message: "solvers disagree: " + strings.Join(ans, ", "),
		Details: fmt.Sprintf("Answers: %s.\n\nEvaluator: %s.", strings.Join(ans, ", "), v.Evidence)}
	switch v.Kind {
	case "soundness":
		f.Class, f.Solver, f.SolverVersion = campaign.Soundness, v.Wrong, e.version(v.Wrong)
		f.Message = "unsat, but another solver's model satisfies every assertion"
	case "invalid-model":
		f.Class, f.Solver, f.SolverVersion = campaign.InvalidModel, v.Wrong, e.version(v.Wrong)
		f.Message = "sat with a model that falsifies an assertion (another solver says unsat)"
	}
	return f
}

// fillStats counts a run's work in the campaign's counters, each solver
// call once under one outcome (campaign.Stats.Reconcile): an inconclusive
// run (stopped by the wall limit) is a timeout; the calls that have no
// outcome of their own, inconclusive runs that were run again and calls a
// stop ended before their query was counted, are not solver calls with
// an outcome but the counter "calls without an outcome" (their CPU time
// is in the solver CPU).
func fillStats(st *campaign.Stats, s Stats) {
	outcomes := s.Sat + s.Unsat + s.Unknown + s.Timeouts + s.Inconclusive + s.Crashes + s.KnownCrashes + s.Memouts + s.Errors
	st.SolverCalls += int64(outcomes)
	if n := s.SolverCalls - outcomes; n > 0 {
		st.Count("calls without an outcome", int64(n))
	}
	st.SolverCPU += s.SolverCPU
	st.Sat += int64(s.Sat)
	st.Unsat += int64(s.Unsat)
	st.Unknown += int64(s.Unknown)
	st.Timeout += int64(s.Timeouts + s.Inconclusive)
	st.Crash += int64(s.Crashes + s.KnownCrashes)
	st.Memout += int64(s.Memouts)
	st.Error += int64(s.Errors)
	if s.Refused > 0 {
		st.Count(campaign.RefusedCounter, int64(s.Refused))
	}
	st.NoteError(s.FirstError)
	st.Count("queries", int64(s.Queries))
	st.Count("mutations", int64(s.Mutations))
	st.Count("rewards", int64(s.Rewards))
	st.Count("disagreements", int64(s.Disagreements))
	st.Count("known crashes", int64(s.KnownCrashes))
	for k, n := range s.ErrorKinds {
		st.Count(campaign.ErrorCounter+k, int64(n))
	}
}

// Reproduce re-runs the solvers on trigger (bug mode) and returns the
// finding it shows now, judged the same way, or nil.
func (s *System) Reproduce(ctx context.Context, f *campaign.Finding, trigger []byte) (*campaign.Finding, error) {
	e, err := s.environment(ctx)
	if err != nil {
		return nil, err
	}
	script := trigger
	if !strings.Contains(string(script), "(get-model)") {
		script = append(append([]byte(nil), script...), "\n(get-model)\n"...)
	}
	outs, err := e.Solve(ctx, script, true, nil)
	if err != nil {
		return nil, err
	}
	if !Inconsistent(outs) {
		return nil, nil
	}
	ans := map[string]string{}
	for _, o := range outs {
		ans[o.Solver] = o.Status.String()
	}
	nf := s.disagreementFinding(e, trigger, ans, Judge(script, outs))
	return &nf, nil
}

// Reduce shrinks a disagreement's trigger with tandem/reduce's SMT-LIB
// passes while the same finding (signature) reproduces.
func (s *System) Reduce(ctx context.Context, f *campaign.Finding) ([]byte, error) {
	if f.Class != campaign.Soundness && f.Class != campaign.InvalidModel && f.Class != campaign.Disagreement {
		return nil, fmt.Errorf("only disagreements are reduced")
	}
	res, err := reduce.Reduce(ctx, f.Trigger, campaign.Interesting(SystemName, s, f), reduce.Options{Passes: reduce.SMTLIBPasses(), MaxTests: 300})
	if err != nil {
		return nil, err
	}
	return res.Output, nil
}

// timingLine is one solver's line in a performance finding's details;
// parseTiming reads it back for the report's cactus plot. unit is the
// measure's ("s" or "": seconds).
func timingLine(spec, version, status string, par2 float64, unit string) string {
	if unit == "" || unit == "s" {
		return fmt.Sprintf("- %s %s: %s, PAR-2 %.3f s", spec, version, status, par2)
	}
	return fmt.Sprintf("- %s %s: %s, PAR-2 %.0f %s", spec, version, status, par2, unit)
}

// parseTiming reads a timingLine of one of specs (the longest that
// matches, since one spec may prefix another: "z3" and "z3
// smt.string_solver=z3str3").
func parseTiming(line string, specs []string) (spec, status string, par2 float64, ok bool) {
	for _, sp := range specs {
		if strings.HasPrefix(line, "- "+sp+" ") && len(sp) > len(spec) {
			spec = sp
		}
	}
	i := strings.LastIndex(line, ": ")
	if spec == "" || i < 0 {
		return "", "", 0, false
	}
	if _, err := fmt.Sscanf(line[i+2:], "%s PAR-2 %g", &status, &par2); err != nil {
		return "", "", 0, false
	}
	return spec, strings.TrimSuffix(status, ","), par2, true
}

// limit is the measure's Limit without starting a solver: the timeout, or
// the effort limit (the target profile's default when none was given).
func (s *System) limit() float64 {
	if s.opt.Measure != MeasureEffort {
		return s.opt.Timeout.Seconds()
	}
	if s.opt.EffortLimit > 0 {
		return float64(s.opt.EffortLimit)
	}
	if reg, err := solver.LoadRegistry(""); err == nil {
		if p, err := reg.Lookup(s.opt.Solvers[0]); err == nil {
			return float64(p.EffortLimit(0))
		}
	}
	return 0
}

// perfCactus is the perf-mode cactus plot: the target and each reference
// on the campaign's performance findings (the runs whose best instance
// reached MinMargin), solved instances only.
func (s *System) perfCactus(ctx context.Context, st *campaign.Store, r *campaign.Report) (campaign.Panel, error) {
	fs, err := st.Findings(ctx, r.Campaign.ID, false)
	if err != nil {
		return campaign.Panel{}, err
	}
	times := map[string][]float64{}
	n := 0
	for _, f := range fs {
		if f.Class != campaign.Performance {
			continue
		}
		n++
		for _, line := range strings.Split(f.Details, "\n") {
			if sp, status, t, ok := parseTiming(line, s.opt.Solvers); ok && (status == "sat" || status == "unsat") {
				times[sp] = append(times[sp], t)
			}
		}
	}
	var series []campaign.Series
	for i, sp := range s.opt.Solvers {
		series = append(series, campaign.Series{Name: sp, Color: seriesColor(i), Y: times[sp]})
	}
	title := fmt.Sprintf("solved instances among the %d performance findings", n)
	return campaign.Panel{
		Title: fmt.Sprintf("Cactus plot: %s against %s on the runs' best instances", s.opt.Solvers[0], strings.Join(s.opt.Solvers[1:], ", ")),
		HTML:  template.HTML(campaign.Cactus(title, s.limit(), series)),
	}, nil
}

// Panels adds the ranking of culprit constructs, summed over the
// campaign's runs, to the report, and in perf mode the cactus plot of the
// solvers on the performance findings.
func (s *System) Panels(ctx context.Context, st *campaign.Store, r *campaign.Report) ([]campaign.Panel, error) {
	c := r.Stats.Counters
	names := s.g.ArmNames()
	pulls := make([]float64, len(names))
	rewards := make([]float64, len(names))
	for i, n := range names {
		pulls[i] = float64(c["arm pulls "+n])
		rewards[i] = float64(c["arm rewards "+n])
	}
	rk := Ranking(names, pulls, rewards)
	var labels []string
	var vals []float64
	var colors []string
	for _, x := range rk {
		labels = append(labels, fmt.Sprintf("%s (%g/%g)", x.Construct, x.Rewards, x.Pulls))
		vals = append(vals, x.Expected)
		colors = append(colors, "#4477aa")
	}
	html := campaign.HBars("expected reward α/(α+β) per construct, highest first", labels, vals, colors)
	panels := []campaign.Panel{{Title: "BanditFuzz ranking of culprit constructs (" + s.opt.Mode + ", " + s.g.Logic + ")", HTML: template.HTML(html)}}
	if s.opt.Mode == "perf" {
		p, err := s.perfCactus(ctx, st, r)
		if err != nil {
			return nil, err
		}
		panels = append(panels, p)
	}
	return panels, nil
}
