package reduce

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Predicate says whether a candidate is still interesting: whether it still
// shows the behaviour being reduced (the crash, the wrong answer, the
// failing API call). It is called from up to [Options.Jobs] goroutines at
// once, each with its own candidate. It must return ctx.Err() (or an error
// wrapping it) when ctx is cancelled; any other error stops the reduction.
type Predicate func(ctx context.Context, candidate []byte) (bool, error)

// ErrNotInteresting is returned by [Reduce] when the input itself does not
// satisfy the predicate, so there is nothing to keep while reducing.
var ErrNotInteresting = errors.New("the input is not interesting: the predicate rejects the original, so check the command and the matching options on it first")

// Options control a reduction. The zero value is ready to use except for
// Passes, which [Reduce] requires (see [SMTLIBPasses] and [TracePasses]).
type Options struct {
	// Jobs is how many candidates are tested at once (default 1, as in
	// ddSMT). Candidates are proposed in a fixed order and the first
	// interesting one in that order wins, so the result does not depend on
	// Jobs, only the time does; with Jobs > 1 some tests are speculative
	// and are cancelled (their processes killed) once a lower candidate
	// has won.
	Jobs int
	// Passes are run in order, over and over, until a whole round changes
	// nothing (a fixed point) or MaxRounds is reached.
	Passes []Pass
	// MaxRounds bounds the fixed-point iteration (default 0: no bound;
	// every pass only accepts smaller inputs, apart from the one-way
	// eliminations of let and define-fun, so the iteration terminates).
	MaxRounds int
	// MaxTests stops the reduction after this many predicate calls
	// (default 0: no bound). The best input so far is returned.
	MaxTests int
	// OnImprove is called (from the goroutine that called Reduce) with
	// every new smallest interesting input, so that a caller can save it
	// at once; an error stops the reduction.
	OnImprove func(best []byte) error
	// Progress is called after every predicate call that finished and
	// when a pass starts, with the current statistics. It must be quick.
	Progress func(Stats)
}

// Stats are the counters of a reduction.
type Stats struct {
	// OrigSize and Size are the sizes in bytes of the input and of the
	// smallest interesting candidate so far.
	OrigSize, Size int
	// Pass is the name of the pass running now.
	Pass string
	// Round is the fixed-point round (1-based).
	Round int
	// Tests counts predicate calls that finished (cancelled speculative
	// calls are not counted); CacheHits counts candidates answered from
	// the cache of tested candidates without running the predicate.
	Tests, CacheHits int
	// Improvements counts accepted candidates.
	Improvements int
	// Elapsed is the time since Reduce started.
	Elapsed time.Duration
}

// TestsPerSecond is Tests divided by Elapsed.
func (s Stats) TestsPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Tests) / s.Elapsed.Seconds()
}

// Result is the outcome of [Reduce].
type Result struct {
	// Output is the smallest interesting input found.
	Output []byte
	Stats  Stats
	// Stopped says why the reduction ended before a fixed point: "" (it
	// reached one), "max-tests", "max-rounds" or "cancelled".
	Stopped string
}

// Pass is one reduction strategy. Run receives the current input (which
// is interesting) and returns the input it ends with, which must be
// interesting too: a pass only moves to candidates that [Session.First]
// accepted. Passes that cannot read the input (an SMT-LIB pass given text
// that does not parse) return it unchanged.
type Pass interface {
	Name() string
	Run(ctx context.Context, s *Session, cur []byte) ([]byte, error)
}

// errStop is how the session tells passes to return at once (test budget
// reached); Reduce turns it into Result.Stopped.
var errStop = errors.New("reduce: test budget exhausted")

type cacheKey [16]byte

func keyOf(b []byte) cacheKey {
	h := sha256.Sum256(b)
	var k cacheKey
	copy(k[:], h[:16])
	return k
}

// Session is the state of one reduction that passes use: the predicate,
// the cache of tested candidates, the worker limit and the statistics.
// Passes call [Session.First] from the goroutine that runs them.
type Session struct {
	pred  Predicate
	opts  Options
	start time.Time
	orig  int

	mu    sync.Mutex
	cache map[cacheKey]bool
	stats Stats
	best  []byte
}

func newSession(pred Predicate, opts Options, input []byte) *Session {
	if opts.Jobs <= 0 {
		opts.Jobs = 1
	}
	return &Session{pred: pred, opts: opts, start: time.Now(), orig: len(input),
		cache: map[cacheKey]bool{}, best: input,
		stats: Stats{OrigSize: len(input), Size: len(input)}}
}

// OrigSize is the size of the input of the reduction, which passes that
// may grow the input (let elimination) use as their bound.
func (s *Session) OrigSize() int { return s.orig }

// Stats returns a snapshot of the counters.
func (s *Session) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Elapsed = time.Since(s.start)
	return st
}

func (s *Session) progress() {
	if s.opts.Progress != nil {
		s.opts.Progress(s.Stats())
	}
}

// Smaller reports whether a is a strict improvement over b: shorter, or as
// long and lexicographically smaller (so that renamings such as 9 → 1 count,
// and no sequence of improvements can cycle).
func Smaller(a, b []byte) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return bytes.Compare(a, b) < 0
}

// First tests candidates 0, 1, … n-1 and returns the index and text of the
// first interesting one in that order, or -1 when none is. gen builds
// candidate i on the caller's goroutine (so it may use a non-thread-safe
// smt.Store); it returns false to skip position i. Up to Options.Jobs
// predicate calls run at once; with more than one, candidates after the
// winner may have been started and are cancelled. The answer is the one a
// sequential search would give, whatever Jobs is, as long as the predicate
// is deterministic. The winner is recorded as the reduction's best input
// when it is smaller than the best so far (see [Options.OnImprove]); the
// pass must continue from it.
func (s *Session) First(ctx context.Context, n int, gen func(i int) ([]byte, bool)) (int, []byte, error) {
	if err := ctx.Err(); err != nil {
		return -1, nil, err
	}
	jobs := s.opts.Jobs
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		i   int
		ok  bool
		err error
	}
	results := make(chan outcome, jobs)
	const (
		unknown = iota
		no
		yes
	)
	status := make([]uint8, 0, 16) // per generated position
	cands := map[int][]byte{}
	inflight, next, low := 0, 0, 0
	minYes := n // lowest position known to be interesting
	var firstErr error
	wait := func() {
		cancel()
		for ; inflight > 0; inflight-- {
			<-results
		}
	}
	for {
		// Start new tests while there are free workers and positions below
		// any known winner.
		for firstErr == nil && inflight < jobs && next < n && next < minYes {
			if s.opts.MaxTests > 0 && s.Stats().Tests+inflight >= s.opts.MaxTests {
				break
			}
			i := next
			next++
			status = append(status, no)
			cand, ok := gen(i)
			if !ok {
				continue
			}
			k := keyOf(cand)
			s.mu.Lock()
			v, hit := s.cache[k]
			if hit {
				s.stats.CacheHits++
			}
			s.mu.Unlock()
			if hit {
				if v {
					status[i] = yes
					cands[i] = cand
					minYes = i
				}
				continue
			}
			status[i] = unknown
			cands[i] = cand
			inflight++
			go func() {
				ok, err := s.pred(bctx, cand)
				results <- outcome{i, ok, err}
			}()
		}
		for low < len(status) && status[low] == no {
			delete(cands, low)
			low++
		}
		if low < len(status) && status[low] == yes {
			wait()
			win := cands[low]
			if err := s.accept(win); err != nil {
				return -1, nil, err
			}
			return low, win, nil
		}
		if inflight == 0 {
			if firstErr != nil {
				return -1, nil, firstErr
			}
			if next >= n {
				return -1, nil, nil
			}
			// The test budget is spent.
			return -1, nil, errStop
		}
		r := <-results
		inflight--
		if r.err != nil {
			if ctx.Err() != nil {
				firstErr = ctx.Err()
			} else if bctx.Err() == nil || !errors.Is(r.err, context.Canceled) {
				firstErr = fmt.Errorf("testing a candidate: %w", r.err)
			}
			if firstErr != nil {
				cancel()
			}
			status[r.i] = no
			continue
		}
		s.mu.Lock()
		s.cache[keyOf(cands[r.i])] = r.ok
		s.stats.Tests++
		s.mu.Unlock()
		s.progress()
		if r.ok {
			status[r.i] = yes
			minYes = min(minYes, r.i)
		} else {
			status[r.i] = no
		}
	}
}

// accept records cand as the current input; it reports an error from
// OnImprove. cand must have been found interesting.
func (s *Session) accept(cand []byte) error {
	s.mu.Lock()
	s.stats.Improvements++
	better := Smaller(cand, s.best)
	if better {
		s.best = cand
		s.stats.Size = len(cand)
	}
	s.mu.Unlock()
	if better && s.opts.OnImprove != nil {
		if err := s.opts.OnImprove(cand); err != nil {
			return fmt.Errorf("saving the reduced input: %w", err)
		}
	}
	return nil
}

// Try tests one candidate; passes use it for single proposals. It reports
// whether cand was interesting (and so became the current input).
func (s *Session) Try(ctx context.Context, cand []byte) (bool, error) {
	i, _, err := s.First(ctx, 1, func(int) ([]byte, bool) { return cand, true })
	return i >= 0, err
}

// Reduce shrinks input while pred holds, running opts.Passes to a fixed
// point, and returns the smallest interesting input found. It checks the
// input first and returns [ErrNotInteresting] when pred rejects it. When
// ctx is cancelled it returns the best input so far with Stopped set to
// "cancelled" and a nil error, so an interrupted reduction is not lost.
func Reduce(ctx context.Context, input []byte, pred Predicate, opts Options) (*Result, error) {
	if len(opts.Passes) == 0 {
		return nil, errors.New("reduce: no passes given; use reduce.SMTLIBPasses() or reduce.TracePasses(...)")
	}
	s := newSession(pred, opts, input)
	ok, err := pred(ctx, input)
	if err != nil {
		return nil, fmt.Errorf("testing the original input: %w", err)
	}
	s.mu.Lock()
	s.stats.Tests++
	s.cache[keyOf(input)] = ok
	s.mu.Unlock()
	if !ok {
		return nil, ErrNotInteresting
	}
	cur := input
	res := &Result{}
	for round := 1; ; round++ {
		if opts.MaxRounds > 0 && round > opts.MaxRounds {
			res.Stopped = "max-rounds"
			break
		}
		s.mu.Lock()
		s.stats.Round = round
		s.mu.Unlock()
		start := cur
	passes:
		for _, p := range opts.Passes {
			s.mu.Lock()
			s.stats.Pass = p.Name()
			s.mu.Unlock()
			s.progress()
			next, err := p.Run(ctx, s, cur)
			if next != nil {
				cur = next
			}
			if err != nil {
				switch {
				case errors.Is(err, errStop):
					res.Stopped = "max-tests"
				case ctx.Err() != nil:
					res.Stopped = "cancelled"
				default:
					return nil, fmt.Errorf("pass %s: %w", p.Name(), err)
				}
				break passes
			}
		}
		if res.Stopped != "" || bytes.Equal(start, cur) {
			break
		}
	}
	s.mu.Lock()
	res.Output = s.best
	s.mu.Unlock()
	res.Stats = s.Stats()
	return res, nil
}
