package diver

import "time"

// mutantLimit is the CPU limit of one seed's mutants (one iteration).
// With Options.FixedTimeout every mutant gets Options.Timeout, as in the
// paper. Otherwise a mutant gets clamp(F × ref, floor, Timeout), where
// ref is the largest solver CPU seen for this seed so far: its own model
// run (when the solver under test gave it, not Options.ModelFrom) and
// every mutant answered (sat, unsat or unknown; a timeout or a cut is no
// answer and does not raise it). A mutant that costs F times the seed's
// costliest answer is almost always one that would run to Timeout, and
// it costs as much as thousands of its siblings; a timeout is not a
// finding, it only ends a lineage. ref only grows, so a seed's limit
// never shrinks under a mutant that was answered before.
type mutantLimit struct {
	fixed          bool
	factor         float64
	floor, ceiling time.Duration
	ref            time.Duration
}

func newMutantLimit(o *Options) *mutantLimit {
	return &mutantLimit{fixed: o.FixedTimeout, factor: o.LimitFactor, floor: o.LimitFloor, ceiling: o.Timeout}
}

// limit is the CPU limit of the next mutant.
func (l *mutantLimit) limit() time.Duration {
	if l.fixed {
		return l.ceiling
	}
	return clampLimit(time.Duration(l.factor*float64(l.ref)), l.floor, l.ceiling)
}

// clampLimit is min(max(d, floor), ceiling): the ceiling wins over the
// floor.
func clampLimit(d, floor, ceiling time.Duration) time.Duration {
	return min(max(d, floor), ceiling)
}

// answered records the solver CPU of an answer (the seed's model run or a
// mutant's sat, unsat or unknown).
func (l *mutantLimit) answered(cpu time.Duration) { l.ref = max(l.ref, cpu) }

// cuts says a run stopped at limit lim was cut by the adaptive limit, not
// timed out at Options.Timeout.
func (l *mutantLimit) cuts(lim time.Duration) bool { return lim < l.ceiling }
