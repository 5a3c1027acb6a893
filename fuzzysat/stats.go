package fuzzysat

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Phase is a step of the FUZZY-SAT pipeline, in the public code's order
// (__query_check_light), cheapest first.
type Phase int

// The phases. PhaseNone means no phase answered.
const (
	PhaseNone       Phase = iota
	PhaseSeed             // 1. the seed already satisfies the query
	PhaseReuse            // 2. an earlier solution satisfies it [code]
	PhaseConstant         // 3. the branch condition reads no input
	PhasePinned           // π and the branch define every byte the branch reads: one evaluation decides
	PhaseRange            // the sound intervals on a group intersect to nothing
	PhaseI2S              // 4. input-to-state (§III-C.1)
	PhaseSimpleMath       // 5. brute force of the interval the branch implies [code]
	PhaseRangeBF          // 6. range brute force with π's intervals (§III-C.2)
	PhaseRangeBFOpt       // 7. every group with a small interval [code]
	PhaseConstants        // 8. interesting constants in all encodings (§III-C.3)
	PhaseByteBF           // 9. single-byte exhaustive [code]
	PhaseGD               // 10. gradient descent (§III-C.4)
	PhaseAFLDet           // 11. AFL deterministic mutations (§III-C.5)
	PhaseHavoc            // 12. havoc (§III-C.6)
	PhaseFreeze           // freeze neighbours, the first step of multi-goal [code]
	PhaseMultigoal        // multi-goal strategy (Algorithm 1, lines 5-14)
	PhaseConjuncts        // an and branch condition solved conjunct by conjunct [code]
	PhaseFallback         // the fallback SMT solver (portfolio)
	numPhases
)

var phaseNames = [...]string{"none", "seed", "reuse", "constant", "pinned", "range", "i2s", "simple-math", "range-bf", "range-bf-opt",
	"interesting-constants", "byte-bf", "gradient-descent", "afl-deterministic", "havoc", "freeze-neighbours",
	"multigoal", "conjuncts", "fallback"}

func (p Phase) String() string {
	if p < 0 || p >= numPhases {
		return fmt.Sprintf("phase(%d)", int(p))
	}
	return phaseNames[p]
}

// MarshalText prints the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Phases lists every phase in pipeline order.
func Phases() []Phase {
	var out []Phase
	for p := PhaseSeed; p < numPhases; p++ {
		out = append(out, p)
	}
	return out
}

// ParsePhase reads a phase name.
func ParsePhase(s string) (Phase, bool) {
	for p := PhaseNone; p < numPhases; p++ {
		if phaseNames[p] == s {
			return p, true
		}
	}
	return PhaseNone, false
}

// PhaseSet is a set of phases.
type PhaseSet uint32

// Has reports whether p is in the set.
func (s PhaseSet) Has(p Phase) bool { return s&(1<<uint(p)) != 0 }

// With is the set with p added.
func (s PhaseSet) With(ps ...Phase) PhaseSet {
	for _, p := range ps {
		s |= 1 << uint(p)
	}
	return s
}

// AllBut is the set of every phase except those given.
func AllBut(ps ...Phase) PhaseSet {
	var s PhaseSet
	for p := PhaseSeed; p < numPhases; p++ {
		s = s.With(p)
	}
	for _, p := range ps {
		s &^= 1 << uint(p)
	}
	return s
}

// PhaseStats counts one phase's work.
type PhaseStats struct {
	Runs   int           // times the phase ran
	Solved int           // queries it solved
	Unsat  int           // queries it proved unsat by exhaustion
	Evals  int64         // evaluations it made
	Time   time.Duration // time spent in it
}

// Stats are the counters of a Solver or of one search (§V-B's per-phase
// statistics and the code's text UI).
type Stats struct {
	Queries     int
	Sat         int
	Unsat       int
	Unknown     int
	Optimistic  int // unknown queries that got an optimistic answer
	Evals       int64
	Filtered    int64 // candidates the range pre-filter discarded before evaluation
	DigestHits  int64 // candidates skipped as already tried
	Rejected    int   // sat candidates the exact re-check refused (should stay 0)
	Interpreted int64 // constraints evaluated by the exact interpreter (seed phase, re-checks)
	// CompiledChecks counts the exact checks (seed phase, re-checks) run by
	// compiled programs instead of the interpreter.
	CompiledChecks int64
	Undefined      int64 // evaluations the evaluator could not decide (no unsat proof after one)
	Exhausted      int   // searches that skipped their later phases after an exhaustive one
	Pinned         int   // queries whose branch bytes π pins: straight to multi-goal
	NeverTrue      int   // queries whose branch condition no input makes true: given up at once
	EvalTime       time.Duration
	Phase          [numPhases]PhaseStats
}

// Add accumulates o into s.
func (s *Stats) Add(o *Stats) {
	s.Queries += o.Queries
	s.Sat += o.Sat
	s.Unsat += o.Unsat
	s.Unknown += o.Unknown
	s.Optimistic += o.Optimistic
	s.Evals += o.Evals
	s.Filtered += o.Filtered
	s.DigestHits += o.DigestHits
	s.Rejected += o.Rejected
	s.Interpreted += o.Interpreted
	s.Undefined += o.Undefined
	s.CompiledChecks += o.CompiledChecks
	s.Exhausted += o.Exhausted
	s.Pinned += o.Pinned
	s.NeverTrue += o.NeverTrue
	s.EvalTime += o.EvalTime
	for i := range s.Phase {
		p, q := &s.Phase[i], &o.Phase[i]
		p.Runs += q.Runs
		p.Solved += q.Solved
		p.Unsat += q.Unsat
		p.Evals += q.Evals
		p.Time += q.Time
	}
}

// EvalsPerSecond is the evaluation rate over the time spent searching.
func (s *Stats) EvalsPerSecond() float64 {
	if s.EvalTime <= 0 {
		return 0
	}
	return float64(s.Evals) / s.EvalTime.Seconds()
}

// Write prints the counters and the per-phase table.
func (s *Stats) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "queries %d: sat %d, unsat %d, unknown %d (optimistic %d)\n", s.Queries, s.Sat, s.Unsat, s.Unknown, s.Optimistic)
	fmt.Fprintf(&b, "evaluations %d (%.0f/s), pre-filtered %d, digest hits %d, rejected by re-check %d\n",
		s.Evals, s.EvalsPerSecond(), s.Filtered, s.DigestHits, s.Rejected)
	fmt.Fprintf(&b, "exact checks: %d compiled, %d interpreted; early give-ups: exhausted %d, pinned by π %d, never true %d\n",
		s.CompiledChecks, s.Interpreted, s.Exhausted, s.Pinned, s.NeverTrue)
	if s.Unsat > 0 || s.Undefined > 0 {
		fmt.Fprintf(&b, "unsat answers, each a proof: constant %d, pinned %d, range %d, enumeration %d, fallback %d; evaluations not decided %d\n",
			s.Phase[PhaseConstant].Unsat, s.Phase[PhasePinned].Unsat, s.Phase[PhaseRange].Unsat,
			s.Phase[PhaseSimpleMath].Unsat+s.Phase[PhaseRangeBF].Unsat+s.Phase[PhaseByteBF].Unsat,
			s.Phase[PhaseFallback].Unsat, s.Undefined)
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "phase\truns\tsolved\tunsat\tevals\ttime\t")
	for _, p := range Phases() {
		ps := s.Phase[p]
		if ps.Runs == 0 && ps.Solved == 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t\n", p, ps.Runs, ps.Solved, ps.Unsat, ps.Evals, ps.Time.Round(time.Microsecond))
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}
