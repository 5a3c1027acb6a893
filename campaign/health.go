package campaign

import (
	"fmt"
	"strings"
	"time"
)

// MaxErrorShare is the share of a run's solver calls that may end in an
// error (an (error …) answer, unsupported, a solver that would not start)
// before the run counts as broken. Healthy campaigns have few: DIVER's
// mutants stay in their seed's logic, so z3 and cvc5 answer 0 errors in
// thousands of mutants (docs/diver.md); a solver command with a bad option
// answers every call with one.
const MaxErrorShare = 0.5

// MinCallsForAnswers is how many solver calls (or iterations whose calls
// failed: a satfuzz trace that hangs counts no call) a run makes before it
// is broken for answering none of them sat or unsat: a solver that prints
// only garbage, hangs on everything or crashes on everything tests
// nothing.
const MinCallsForAnswers = 5

// Health checks a run's summary for the signs of a broken campaign, the
// same rule for every system: every iteration skipped (no seed or input
// was usable: the solver gave no model for any seed, no seed parses),
// more than MaxErrorShare of the solver calls ended in an error, or not
// one of at least MinCallsForAnswers calls was answered sat or unsat. Such a
// run found nothing because it tested nothing, and must not look clean:
// problems make Run return an *UnhealthyError (exit status 1 in the CLI).
// Warnings do not: a budget that ended before any iteration finished, most
// iterations skipped. Only iterations that finished count for the rules
// (a cut call is killed, its status says nothing about the solver).
func (s *Summary) Health() (problems, warnings []string) {
	done := s.Iterations
	skipped := uint64(max(s.Stats.Skipped-s.CutStats.Skipped, 0))
	calls := s.Stats.SolverCalls - s.CutStats.SolverCalls
	errs := s.Stats.Error - s.CutStats.Error
	switch {
	case done > 0 && skipped >= done:
		why := " (the solver answered none of them with a model, or none parses)"
		if reasons := countersLine(s.Stats.Counters, SkipCounter, 3); reasons != "" {
			why = ", skipped for " + reasons
		}
		problems = append(problems, fmt.Sprintf("all %d iterations were skipped: no seed or input was usable%s", done, why))
	case done >= 4 && 2*skipped > done:
		why := ""
		if reasons := countersLine(s.Stats.Counters, SkipCounter, 3); reasons != "" {
			why = " (" + reasons + ")"
		}
		warnings = append(warnings, fmt.Sprintf("%d of %d iterations were skipped: their seed or input was not usable%s", skipped, done, why))
	}
	answers := (s.Stats.Sat - s.CutStats.Sat) + (s.Stats.Unsat - s.CutStats.Unsat)
	failed := (s.Stats.Timeout - s.CutStats.Timeout) + (s.Stats.Crash - s.CutStats.Crash) + (s.Stats.Memout - s.CutStats.Memout) + (s.Stats.LimitCut - s.CutStats.LimitCut) + errs
	switch {
	case calls > 0 && float64(errs) > MaxErrorShare*float64(calls):
		problems = append(problems, fmt.Sprintf("%d of %d solver calls (%.0f%%) ended in an error", errs, calls, 100*float64(errs)/float64(calls)))
	case answers == 0 && (calls >= MinCallsForAnswers || done >= MinCallsForAnswers && failed > 0):
		problems = append(problems, fmt.Sprintf("none of the %d solver calls was answered sat or unsat (unknown %d, timeout %d, cut %d, crash %d, memout %d, error %d)",
			calls, s.Stats.Unknown-s.CutStats.Unknown, s.Stats.Timeout-s.CutStats.Timeout, s.Stats.LimitCut-s.CutStats.LimitCut, s.Stats.Crash-s.CutStats.Crash,
			s.Stats.Memout-s.CutStats.Memout, errs))
	}
	if len(problems) > 0 {
		if e := s.Stats.FirstError; e != "" {
			problems = append(problems, "the first solver error was: "+e)
		}
		problems = append(problems, "check the solver command and its options on one input (tandem run --solver SPEC FILE)")
	}
	if err := s.Stats.Reconcile(); err != nil {
		warnings = append(warnings, "tandem miscounted: "+err.Error()+" (a bug of the system's counting: please report it)")
	}
	if done == 0 && s.Cut > 0 {
		kept := "their findings dropped"
		if s.CutFindings > 0 {
			kept = fmt.Sprintf("their %d confirmed findings recorded", s.CutFindings)
		}
		warnings = append(warnings, fmt.Sprintf("no iteration finished within the budget: %d were cut short (their %d solver calls and %s of solver CPU are counted above, %s; they run again on resume); give a longer budget or smaller iterations",
			s.Cut, s.CutStats.SolverCalls, s.CutStats.SolverCPU.Round(time.Millisecond), kept))
	}
	return problems, warnings
}

// UnhealthyError is Run's error for a campaign that ran but is broken
// (Summary.Health): its findings so far are committed, but it tested
// nothing worth the name.
type UnhealthyError struct {
	Campaign string
	Problems []string
}

func (e *UnhealthyError) Error() string {
	return fmt.Sprintf("campaign %s is broken: %s", e.Campaign, strings.Join(e.Problems, "; "))
}
