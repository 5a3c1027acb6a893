package fuzzysat

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"tandem/smt"
)

// Fallback is a complete solver asked when fuzzing fails (the portfolio:
// fuzz first within the budget, then SMT). It answers sat with an
// assignment of the layout, unsat, or unknown.
type Fallback interface {
	Solve(ctx context.Context, l *Layout, goal *smt.Term, pi []*smt.Term) (Status, []byte, error)
}

// GrowingFallback is a Fallback that can be told that π is the notified
// π of a concolic run, which grows at its end from query to query
// ([Solver.Solve]), so it may keep all of π asserted for the next query
// at once ([SolverFallback] asserts each conjunct once then).
type GrowingFallback interface {
	Fallback
	SolveGrowing(ctx context.Context, l *Layout, goal *smt.Term, pi []*smt.Term) (Status, []byte, error)
}

// Solver is FUZZY-SAT for one concolic run: a seed, the path constraints
// π notified as the executor discovers them, the analysis cache kept
// across queries, and the earlier solutions (phase 2). Not safe for
// concurrent use; run one Solver per goroutine.
type Solver struct {
	layout    *Layout
	seed      []byte
	opts      Options
	an        *Analyzer
	pi        []*smt.Term
	piSet     map[*smt.Term]bool
	solutions []Patch
	rng       *rand.Rand
	search    *Search // the last query's, whose memory the next reuses
	// Stats accumulates the counters of every query.
	Stats Stats
}

// NewSolver is a solver for assignments of layout l starting from seed
// (the input that drove the concolic run; shorter seeds are zero-padded).
func NewSolver(l *Layout, seed []byte, opts Options) *Solver {
	opts = opts.withDefaults()
	return &Solver{layout: l, seed: padded(seed, l.Size), opts: opts, an: NewAnalyzer(l, opts.MaxConstants),
		piSet: map[*smt.Term]bool{}, rng: rand.New(rand.NewPCG(opts.Seed, 0xf0221))}
}

func padded(b []byte, n int) []byte {
	out := make([]byte, max(n, len(b)))
	copy(out, b)
	return out
}

// Seed is the solver's seed.
func (s *Solver) Seed() []byte { return s.seed }

// Layout is the solver's layout.
func (s *Solver) Layout() *Layout { return s.layout }

// NotifyConstraint adds c to π (z3fuzz_notify_constraint): the executor
// calls it for every branch it follows. Its analysis is cached at once.
func (s *Solver) NotifyConstraint(c *smt.Term) {
	for _, x := range Conjuncts(c) {
		if !s.piSet[x] {
			s.piSet[x] = true
			s.pi = append(s.pi, x)
			s.an.Analyze(x)
		}
	}
}

// Pi is π as notified so far.
func (s *Solver) Pi() []*smt.Term { return s.pi }

// Solve is SOLVE(e, π, i, opt) with π the notified constraints.
func (s *Solver) Solve(ctx context.Context, goal *smt.Term) (*Result, error) {
	return s.solve(ctx, goal, s.pi, true)
}

// SolveQuery solves a query with its own π.
func (s *Solver) SolveQuery(ctx context.Context, q *Query) (*Result, error) {
	return s.solve(ctx, q.Goal, q.Pi, false)
}

// solve solves goal under pi; growing says pi is the notified π, which
// only grows until SetSeed.
func (s *Solver) solve(ctx context.Context, goal *smt.Term, pi []*smt.Term, growing bool) (*Result, error) {
	if goal == nil {
		return nil, errors.New("fuzzysat: no branch condition")
	}
	search, err := newSearch(s.search, Problem{Layout: s.layout, Goal: []*smt.Term{goal}, Pi: pi}, s.an, s.opts)
	var res *Result
	switch {
	case err == nil:
		s.search = search
		res = search.Run(ctx, RunInput{Seed: s.seed, Reuse: s.solutions}, s.rng)
	case errors.Is(err, ErrUnsupported) && s.opts.Fallback != nil:
		// no fuzzing, no proof: straight to the fallback
		res = &Result{Status: Unknown, Stats: Stats{Queries: 1, Unknown: 1}}
	default:
		return nil, err
	}
	if res.Status == Unknown && s.opts.Fallback != nil && ctx.Err() == nil {
		start := time.Now()
		fctx, cancel := context.WithTimeout(ctx, s.opts.FallbackTimeout)
		var st Status
		var b []byte
		var ferr error
		if g, ok := s.opts.Fallback.(GrowingFallback); ok && growing {
			st, b, ferr = g.SolveGrowing(fctx, s.layout, goal, pi)
		} else {
			st, b, ferr = s.opts.Fallback.Solve(fctx, s.layout, goal, pi)
		}
		cancel()
		res.Time += time.Since(start)
		res.Stats.Phase[PhaseFallback].Runs++
		res.Stats.Phase[PhaseFallback].Time += time.Since(start)
		switch {
		case ferr != nil:
		case st == Sat:
			full := padded(s.seed, s.layout.Size)
			for i, v := range s.layout.Vars {
				_ = v
				s.layout.copyVar(full, b, i)
			}
			// an unsupported query cannot be re-checked: the solver's word
			if search == nil {
				res.Status, res.Phase, res.Assignment = Sat, PhaseFallback, full
				res.Stats.Unknown, res.Stats.Sat = 0, 1
				res.Stats.Phase[PhaseFallback].Solved++
			} else if verr := search.Verify(full); verr == nil {
				res.Status, res.Phase, res.Assignment = Sat, PhaseFallback, full
				res.Stats.Unknown, res.Stats.Sat = 0, 1
				res.Stats.Phase[PhaseFallback].Solved++
			} else {
				res.Stats.Rejected++
			}
		case st == Unsat:
			res.Status, res.Phase, res.Proof = Unsat, PhaseFallback, "the fallback solver answered unsat"
			res.Stats.Unknown, res.Stats.Unsat = 0, 1
			res.Stats.Phase[PhaseFallback].Unsat++
		}
	}
	if res.Status == Sat {
		s.solutions = append(s.solutions, Diff(s.seed, res.Assignment))
		if len(s.solutions) > 4*s.opts.MaxReuse {
			s.solutions = append([]Patch(nil), s.solutions[len(s.solutions)-s.opts.MaxReuse:]...)
		}
	}
	s.Stats.Add(&res.Stats)
	return res, nil
}

func (l *Layout) copyVar(dst, src []byte, i int) {
	v := l.Vars[i]
	for b := v.Offset; b < v.Offset+v.Bytes() && b < len(dst) && b < len(src); b++ {
		dst[b] = src[b]
	}
}

// Solve solves one query from seed with a fresh solver: SOLVE(e, π, i,
// opt) of the paper, where opt is Options.Optimistic. The answer is sat
// with an assignment, unknown, or unsat only when an exhaustive phase (or
// the fallback solver) proved it; Result.Phase says which.
func Solve(ctx context.Context, q *Query, seed []byte, opts Options) (*Result, error) {
	if q == nil || q.Layout == nil {
		return nil, fmt.Errorf("fuzzysat: the query has no layout")
	}
	return NewSolver(q.Layout, seed, opts).SolveQuery(ctx, q)
}

// SetSeed starts a new concolic run from seed: π is forgotten, the
// analysis cache and the earlier solutions are kept.
func (s *Solver) SetSeed(seed []byte) {
	s.seed = padded(seed, s.layout.Size)
	s.pi = nil
	s.piSet = map[*smt.Term]bool{}
}

// Analyzer is the solver's analysis cache.
func (s *Solver) Analyzer() *Analyzer { return s.an }
