package bandit

import (
	"fmt"
	"time"

	"tandem/internal/cli"
	"tandem/solver"
)

// Measure is what a performance run's reward measures: how long, or how
// much work, each solver took on an input.
type Measure string

// The measures (issue 26 §2). CPU is the paper's evaluation and the
// default; wall is what the BanditFuzz code measures, and varies with the
// machine's load; effort is the solver's own deterministic count of work
// (z3's rlimit-count, cvc5's resource units, [solver.Effort]): noise-free,
// so a run replays exactly from its seed, and graded beyond the CPU
// timeout up to the effort limit, but in units of one solver — it
// compares a solver with itself (version against version, options against
// options), e.g. target "z3 smt.arith.solver=2", reference "z3".
const (
	MeasureCPU    Measure = "cpu"
	MeasureWall   Measure = "wall"
	MeasureEffort Measure = "effort"
)

// ParseMeasure reads a measure name ("" is cpu).
func ParseMeasure(s string) (Measure, error) {
	switch m := Measure(s); m {
	case "":
		return MeasureCPU, nil
	case MeasureCPU, MeasureWall, MeasureEffort:
		return m, nil
	}
	return "", fmt.Errorf("measure %q: want cpu, wall or effort", s)
}

// UseMeasure sets the measure of e's performance scores. For effort, every
// solver must report an effort count in the same units (its profile's
// [solver.Effort]); its runs then print the count and are stopped after
// limit units (0: the profile's default), which decides a timeout
// deterministically, while the CPU timeout stays as a safety limit.
func (e *Env) UseMeasure(m Measure, limit int64) error {
	e.Measure, e.EffortLimit, e.EffortUnit = m, 0, ""
	if m != MeasureEffort {
		return nil
	}
	var ps []*solver.Profile
	for i, p := range e.Profiles {
		q, err := p.WithEffort(limit)
		if err != nil {
			return cli.Option("Measure", fmt.Errorf("effort: %w", err))
		}
		if i == 0 {
			e.EffortUnit, e.EffortLimit = p.Effort.Unit, p.EffortLimit(limit)
		} else if p.Effort.Unit != e.EffortUnit || p.EffortLimit(limit) != e.EffortLimit {
			return cli.Option("Measure", fmt.Errorf("effort compares a solver with itself: %s counts %s, %s counts %s (measure cpu to compare different solvers)",
				e.Specs[0], e.EffortUnit, e.Specs[i], p.Effort.Unit))
		}
		ps = append(ps, q)
	}
	if e.EffortLimit <= 0 {
		return cli.Option("EffortLimit", fmt.Errorf("effort: %s cannot be stopped after a number of units; give an effort limit", e.Specs[0]))
	}
	e.Profiles = ps
	return nil
}

func (e *Env) measure() Measure {
	if e.Measure == "" {
		return MeasureCPU
	}
	return e.Measure
}

// Unit is the unit of e's scores: "s", or the effort count's name.
func (e *Env) Unit() string {
	if e.Measure == MeasureEffort {
		return e.EffortUnit
	}
	return "s"
}

// Limit is the largest cost a solved run has in e's measure — the timeout
// in seconds, or the effort limit — and the gap threshold: a run whose
// margin reaches it found an input the target did not solve while a
// reference did. An unsolved run costs ParMultiplier·Limit (PAR-2).
func (e *Env) Limit() float64 {
	if e.Measure == MeasureEffort {
		return float64(e.EffortLimit)
	}
	return e.Timeout.Seconds()
}

// NoScore is the score of an input the target gave no usable run on, in
// e's measure (see the function NoScore).
func (e *Env) NoScore() float64 { return -ParMultiplier * e.Limit() }

// PAR2 is the outcome's PAR-2 cost in e's measure: what it measured (CPU
// or wall seconds, or effort units, at most Limit) when it answered sat or
// unsat, else ParMultiplier·Limit.
func (e *Env) PAR2(o Outcome) float64 {
	if o.Status != solver.StatusSat && o.Status != solver.StatusUnsat {
		return ParMultiplier * e.Limit()
	}
	switch e.Measure {
	case MeasureEffort:
		return min(float64(o.Effort), e.Limit())
	case MeasureWall:
		return min(o.Wall, e.Timeout).Seconds()
	}
	return o.PAR2(e.Timeout)
}

// Score is PerfScore in e's measure.
func (e *Env) Score(outs []Outcome) float64 { return perfScore(outs, e.Limit(), e.PAR2) }

// measureEffort reads the effort count of the outcome's run; an answer
// without one (which a profile with an effort count should not give) says
// nothing in the effort measure and is excluded like an error.
func (e *Env) measureEffort(o *Outcome, p *solver.Profile) {
	if e.Measure != MeasureEffort {
		return
	}
	n, ok := p.EffortCount(o.Res)
	o.Effort = n
	o.NoEffort = !ok && (o.Status == solver.StatusSat || o.Status == solver.StatusUnsat)
}

// perfScore is PerfScore with a cost function: the target's cost minus
// the largest cost of the references that took the input; limit is the
// measure's Limit.
func perfScore(outs []Outcome, limit float64, cost func(Outcome) float64) float64 {
	if len(outs) == 0 {
		return 0
	}
	if outs[0].excludedTarget() {
		return -ParMultiplier * limit
	}
	ref, any := 0.0, false
	for _, o := range outs[1:] {
		if o.excluded() {
			continue
		}
		ref, any = max(ref, cost(o)), true
	}
	if !any {
		ref = ParMultiplier * limit
	}
	return cost(outs[0]) - ref
}

// limitString formats a measure's limit for reports.
func limitString(m Measure, timeout time.Duration, effortLimit int64, unit string) string {
	if m == MeasureEffort {
		return fmt.Sprintf("effort limit %d %s (CPU timeout %s)", effortLimit, unit, timeout)
	}
	return fmt.Sprintf("timeout %s (%s time)", timeout, m)
}
