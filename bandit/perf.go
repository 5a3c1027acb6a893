package bandit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"time"
)

// Fuzzer names for side-by-side runs: the bandit and the paper's three
// baselines (§5.1).
const (
	FuzzerBandit       = "banditfuzz"
	FuzzerRandom       = "random"
	FuzzerMutational   = "mutational"
	FuzzerEvolutionary = "evolutionary"
)

// PerfFuzzers lists the performance-mode fuzzers in report order.
var PerfFuzzers = []string{FuzzerBandit, FuzzerRandom, FuzzerMutational, FuzzerEvolutionary}

// TracePoint is the state of a run after one query.
type TracePoint struct {
	Query   int     `json:"query"`
	Elapsed float64 `json:"elapsed_s"`
	Score   float64 `json:"score"`
	// Top is the construct ranked first by the agent at that time.
	Top string `json:"top,omitempty"`
}

// PerfRun is the outcome of one performance run (Algorithm 1 or a
// baseline): the best instance with every solver's PAR-2 time, the ranking
// and the agent's state over time.
type PerfRun struct {
	Fuzzer string `json:"fuzzer"`
	Agent  string `json:"agent,omitempty"`
	// Measure is what the scores measure (cpu when empty: runs written
	// before it existed), Unit their unit ("s" or an effort count's name)
	// and Limit the measure's limit and gap threshold (Env.Limit).
	Measure Measure `json:"measure,omitempty"`
	Unit    string  `json:"unit,omitempty"`
	Limit   float64 `json:"limit,omitempty"`
	Best    string  `json:"best"`
	// Score is the best input's margin: when Confirmed > 0 the confirmed
	// one (PerfScore of the median re-runs), otherwise FuzzScore.
	Score float64 `json:"score"`
	// FuzzScore is the best input's margin as met while fuzzing (one run
	// per solver).
	FuzzScore float64 `json:"fuzz_score"`
	// Confirmed is k, how often the best input was re-run per solver
	// (0: not confirmed). Times, Status and CPU are then the medians'.
	Confirmed int                `json:"confirmed,omitempty"`
	Times     map[string]float64 `json:"par2_s"`
	Status    map[string]string  `json:"status"`
	// CPU is each solver's CPU seconds on the best input (the median of
	// the re-runs when confirmed), Effort its effort count under
	// MeasureEffort.
	CPU    map[string]float64 `json:"cpu_s,omitempty"`
	Effort map[string]int64   `json:"effort,omitempty"`
	// Reruns are each solver's PAR-2 costs in the k re-runs.
	Reruns  map[string][]float64 `json:"reruns_par2_s,omitempty"`
	Ranking []Rank               `json:"ranking,omitempty"`
	Trace   []TracePoint         `json:"trace"`
	Stats   Stats                `json:"stats"`
}

// FirstGap returns the elapsed seconds at which the run first held an input
// with a margin of at least Limit (one timeout, or the effort limit) — the
// target did not solve it while every usable reference did — and false when
// it never did. It separates fuzzers whose final margins all reach the cap
// (2·Limit minus the references' cost): a run that finds such an input
// sooner is better. It is tandem's measure, not the paper's.
//
// A confirmed run whose best input is not a gap on re-running has no gap:
// the trace's scores are single runs, and only confirmed gaps count.
func (r *PerfRun) FirstGap() (float64, bool) {
	if r.Confirmed > 0 && r.Score < r.Limit {
		return 0, false
	}
	for _, tp := range r.Trace {
		if tp.Score >= r.Limit {
			return tp.Elapsed, true
		}
	}
	return 0, false
}

// GapSummary summarizes FirstGap over a fuzzer's finished runs (nil runs
// are skipped): how many found a gap, and the median time to the first one,
// counting a run that never found one as the whole budget.
func GapSummary(runs []*PerfRun, budget time.Duration) (found int, median float64) {
	var gaps []float64
	for _, r := range runs {
		if r == nil {
			continue
		}
		g, ok := r.FirstGap()
		if ok {
			found++
		} else {
			g = budget.Seconds()
		}
		gaps = append(gaps, g)
	}
	return found, medianOf(gaps)
}

// medianOf is the median of xs (0 for none).
func medianOf(xs []float64) float64 {
	n := len(xs)
	if n == 0 {
		return 0
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

type scored struct {
	in    *Instance
	score float64
	outs  []Outcome
}

type perfLoop struct {
	e      *Env
	r      *rand.Rand
	agent  Agent
	seen   map[string]bool
	start  time.Time
	budget time.Duration
	max    int
	run    *PerfRun
	best   scored
}

func (l *perfLoop) left(ctx context.Context) bool {
	if ctx.Err() != nil {
		return false
	}
	if l.max > 0 && l.run.Stats.Queries >= l.max {
		return false
	}
	return l.budget <= 0 || time.Since(l.start) < l.budget
}

// solve runs every solver on in and records the query.
func (l *perfLoop) solve(ctx context.Context, in *Instance) (scored, error) {
	outs, err := l.e.Solve(ctx, in.Script(false), false, &l.run.Stats)
	if err != nil {
		return scored{}, err
	}
	l.run.Stats.Queries++
	l.run.Stats.count(outs, l.e.KnownCrashes)
	s := scored{in, l.e.Score(outs), outs}
	if l.best.in == nil || s.score > l.best.score {
		l.best = s
	}
	tp := TracePoint{Query: l.run.Stats.Queries, Elapsed: time.Since(l.start).Seconds(), Score: l.best.score}
	if l.agent != nil && l.run.Fuzzer != FuzzerEvolutionary {
		tp.Top = AgentRanking(l.e.Gen.G, l.agent)[0].Construct
	}
	l.run.Trace = append(l.run.Trace, tp)
	return s, nil
}

func (l *perfLoop) fresh(ctx context.Context) (scored, error) {
	in := l.e.Gen.Generate(l.r)
	l.seen[in.Body()] = true
	l.run.Stats.Fresh++
	return l.solve(ctx, in)
}

func (l *perfLoop) mutant(in *Instance) (*Instance, int) {
	return mutate(l.r, l.agent, l.e.Gen, in, l.seen, &l.run.Stats)
}

// mutate selects an arm and mutates in with it, re-selecting up to
// MaxReselect times when the mutation fails or repeats a seen instance.
// It is the step both loops share.
func mutate(r *rand.Rand, agent Agent, gen *Generator, in *Instance, seen map[string]bool, st *Stats) (*Instance, int) {
	banned := map[int]bool{}
	for try := 0; try < MaxReselect; try++ {
		c := agent.Select(r, banned)
		if c < 0 {
			break
		}
		m, err := gen.Mutate(r, in, c)
		if err == nil && !seen[m.Body()] {
			seen[m.Body()] = true
			st.Mutations++
			return m, c
		}
		st.FailedMutations++
		banned[c] = true
	}
	st.Fallbacks++
	return nil, -1
}

// finish fills in the run's result. With k > 0 the best input is first
// re-run k times per solver (confirm); a cancelled context leaves it
// unconfirmed.
func (l *perfLoop) finish(ctx context.Context, k int) (*PerfRun, error) {
	run := l.run
	if l.agent != nil && run.Fuzzer != FuzzerEvolutionary {
		run.Ranking = AgentRanking(l.e.Gen.G, l.agent)
	}
	if l.best.in == nil {
		return run, nil
	}
	run.Best = string(l.best.in.Script(false))
	run.Score, run.FuzzScore = l.best.score, l.best.score
	outs := l.best.outs
	if k > 0 && ctx.Err() == nil {
		med, reruns, err := l.e.Confirm(ctx, l.best.in.Script(false), k, &run.Stats)
		switch {
		case err != nil && ctx.Err() == nil:
			return nil, err
		case err == nil:
			outs, run.Reruns, run.Confirmed = med, reruns, k
			run.Score = l.e.Score(med)
		}
	}
	run.Times = map[string]float64{}
	run.Status = map[string]string{}
	run.CPU = map[string]float64{}
	for _, o := range outs {
		run.Times[o.Solver] = l.e.PAR2(o)
		run.Status[o.Solver] = o.status()
		run.CPU[o.Solver] = o.CPU.Seconds()
		if l.e.Measure == MeasureEffort {
			if run.Effort == nil {
				run.Effort = map[string]int64{}
			}
			run.Effort[o.Solver] = o.Effort
		}
	}
	return run, nil
}

// ConfirmNote says how the run's margin was measured, for reports.
func (r *PerfRun) ConfirmNote() string {
	if r.Confirmed == 0 {
		return fmt.Sprintf("one run per solver, not confirmed; margin while fuzzing %s", r.amount(r.FuzzScore))
	}
	return fmt.Sprintf("median of %d re-runs per solver, %s; margin while fuzzing %s", r.Confirmed, r.measured(), r.amount(r.FuzzScore))
}

func (r *PerfRun) measured() string {
	switch r.Measure {
	case MeasureEffort:
		return "by effort count"
	case MeasureWall:
		return "wall-clock-timed"
	}
	return "CPU-timed"
}

// amount prints a score or cost of the run with its unit.
func (r *PerfRun) amount(x float64) string {
	if r.Unit == "" || r.Unit == "s" {
		return fmt.Sprintf("%.3f s", x)
	}
	return fmt.Sprintf("%.0f %s", x, r.Unit)
}

// Confirm runs every solver k times on the script (each run as in Solve,
// inconclusive runs re-run) and returns, per solver, the median outcome by
// PAR-2 cost — for the target (outcome 0) the lower median with excluded
// runs lowest, for references the upper median, so that a tie between a
// gap and no gap resolves to no gap — and each solver's k PAR-2 costs.
func (e *Env) Confirm(ctx context.Context, script []byte, k int, st *Stats) ([]Outcome, map[string][]float64, error) {
	runs := make([][]Outcome, len(e.Profiles))
	var tmp Stats
	for range k {
		outs, err := e.Solve(ctx, script, false, &tmp)
		if err != nil {
			return nil, nil, err
		}
		for i, o := range outs {
			runs[i] = append(runs[i], o)
		}
	}
	if st != nil {
		st.Confirmations += tmp.SolverCalls
		st.SolverCPU += tmp.SolverCPU
	}
	med := make([]Outcome, len(runs))
	reruns := map[string][]float64{}
	for i, rs := range runs {
		key := func(o Outcome) float64 {
			if i == 0 && o.excludedTarget() {
				return -1
			}
			return e.PAR2(o)
		}
		for _, o := range rs {
			reruns[o.Solver] = append(reruns[o.Solver], e.PAR2(o))
		}
		sort.SliceStable(rs, func(a, b int) bool { return key(rs[a]) < key(rs[b]) })
		if i == 0 {
			med[i] = rs[(k-1)/2]
		} else {
			med[i] = rs[k/2]
		}
	}
	return med, reruns, nil
}

// PerfOptions bound one performance run.
type PerfOptions struct {
	// Fuzzer is one of PerfFuzzers (default banditfuzz).
	Fuzzer string
	// Agent is the bandit of banditfuzz (default thompson); mutational
	// always uses uniform.
	Agent string
	// Budget is the run's wall-time budget, MaxQueries its query budget
	// (0: none; one of them is needed).
	Budget     time.Duration
	MaxQueries int
	// Confirm is k, how often the best input is re-run per solver after
	// the budget and scored by the median (0: DefaultConfirm; negative:
	// not re-run).
	Confirm int
}

// Perf runs one performance-fuzzing run against e's first solver (the
// target) with the others as references. Algorithm 1 for banditfuzz and
// mutational; the random and evolutionary baselines of §5.1 otherwise.
func Perf(ctx context.Context, e *Env, r *rand.Rand, o PerfOptions) (*PerfRun, error) {
	if o.Fuzzer == "" {
		o.Fuzzer = FuzzerBandit
	}
	l := &perfLoop{e: e, r: r, seen: map[string]bool{}, start: time.Now(), budget: o.Budget, max: o.MaxQueries,
		run: &PerfRun{Fuzzer: o.Fuzzer, Measure: e.measure(), Unit: e.Unit(), Limit: e.Limit()}}
	var err error
	switch o.Fuzzer {
	case FuzzerBandit, FuzzerMutational:
		name := o.Agent
		if o.Fuzzer == FuzzerMutational {
			name = "uniform"
		}
		if l.agent, err = NewAgent(name, len(e.Gen.G.Constructs)); err != nil {
			return nil, err
		}
		l.run.Agent = l.agent.Name()
		err = l.hillClimb(ctx)
	case FuzzerRandom:
		for l.left(ctx) && err == nil {
			_, err = l.fresh(ctx)
		}
	case FuzzerEvolutionary:
		if l.agent, err = NewAgent("uniform", len(e.Gen.G.Constructs)); err != nil {
			return nil, err
		}
		err = l.evolve(ctx)
	default:
		return nil, errUnknownFuzzer(o.Fuzzer)
	}
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	k := o.Confirm
	if k == 0 {
		k = DefaultConfirm
	}
	return l.finish(ctx, k)
}

// hillClimb is Algorithm 1: mutate the current instance with the agent's
// arm, keep the mutant when its score is higher (reward 1), else reward 0.
// The paper's loop condition "or" is read as "and", and its line 9 runs the
// solvers on the mutant I' (digest §5.1–2).
func (l *perfLoop) hillClimb(ctx context.Context) error {
	theta := ParMultiplier * l.e.Limit()
	cur, err := l.fresh(ctx)
	if err != nil {
		return err
	}
	for l.left(ctx) && cur.score < theta {
		m, c := l.mutant(cur.in)
		if m == nil {
			if cur, err = l.fresh(ctx); err != nil {
				return err
			}
			continue
		}
		s, err := l.solve(ctx, m)
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			break
		}
		if s.score > cur.score {
			l.agent.Update(c, 1)
			l.run.Stats.Rewards++
			cur = s
		} else {
			l.agent.Update(c, 0)
		}
	}
	return nil
}

// evolve is the evolutionary baseline (§5.1): a population of 10 random
// inputs; each generation keeps the top 4, makes one mutant of each
// survivor (a uniform construct), drops a parent its mutant beats, and
// fills the population up with fresh random inputs.
func (l *perfLoop) evolve(ctx context.Context) error {
	var pop []scored
	for len(pop) < EvolutionaryPopulation && l.left(ctx) {
		s, err := l.fresh(ctx)
		if err != nil {
			return err
		}
		pop = append(pop, s)
	}
	for l.left(ctx) {
		sort.SliceStable(pop, func(i, j int) bool { return pop[i].score > pop[j].score })
		if len(pop) > EvolutionarySurvivors {
			pop = pop[:EvolutionarySurvivors]
		}
		next := make([]scored, 0, EvolutionaryPopulation)
		for _, p := range pop {
			if !l.left(ctx) {
				return nil
			}
			m, _ := l.mutant(p.in)
			if m == nil {
				next = append(next, p)
				continue
			}
			s, err := l.solve(ctx, m)
			if err != nil {
				return err
			}
			if s.score > p.score {
				next = append(next, s)
			} else {
				next = append(next, p, s)
			}
		}
		for len(next) < EvolutionaryPopulation && l.left(ctx) {
			s, err := l.fresh(ctx)
			if err != nil {
				return err
			}
			next = append(next, s)
		}
		pop = next
	}
	return nil
}

type errUnknownFuzzer string

func (e errUnknownFuzzer) Error() string {
	return "unknown fuzzer " + string(e) + " (want banditfuzz, random, mutational or evolutionary)"
}
