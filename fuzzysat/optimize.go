package fuzzysat

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"tandem/smt"
)

// OptResult is the answer of [Solver.Maximize], [Solver.Minimize] and
// [Solver.AllValues]. Like the paper's SOLVEMAX/SOLVEMIN/SOLVEALL it is
// approximate: the best value found, never a proof of optimality, unless
// Exhaustive says every assignment of the term's inputs was tried.
type OptResult struct {
	// Status is Sat when an assignment satisfying π was found (the seed
	// or a better one), Unknown otherwise.
	Status Status
	// Value is the best value of the term (its low 64 bits), reached by
	// Assignment.
	Value      uint64
	Assignment []byte
	// Values are the distinct values of the term seen under assignments
	// that satisfy π, sorted (AllValues; bounded by Options.MaxValues).
	Values []uint64
	// Exhaustive says Values is complete: the term's inputs were
	// enumerated and every other input of π is fixed.
	Exhaustive bool
	Evals      int64
	Time       time.Duration
}

// Maximize is SOLVEMAX(t, π, i): an assignment satisfying π with t (read
// unsigned) as large as found.
func (s *Solver) Maximize(ctx context.Context, t *smt.Term) (*OptResult, error) {
	return s.optimize(ctx, t, optMax)
}

// Minimize is SOLVEMIN(t, π, i).
func (s *Solver) Minimize(ctx context.Context, t *smt.Term) (*OptResult, error) {
	return s.optimize(ctx, t, optMin)
}

// AllValues is SOLVEALL(t, π, i): the minimum, the maximum and the values
// seen in between (jump tables, symbolic instruction pointers).
func (s *Solver) AllValues(ctx context.Context, t *smt.Term) (*OptResult, error) {
	return s.optimize(ctx, t, optAll)
}

type optMode int

const (
	optMax optMode = iota
	optMin
	optAll
)

func (s *Solver) optimize(ctx context.Context, t *smt.Term, mode optMode) (*OptResult, error) {
	if t == nil || t.Sort().Kind != smt.KindBitVec || t.Sort().Width > 64 {
		return nil, errors.New("fuzzysat: the objective must be a bit-vector term of at most 64 bits")
	}
	search, err := NewSearch(Problem{Layout: s.layout, Pi: s.pi}, s.an, s.opts)
	if err != nil {
		return nil, err
	}
	search.analyze()
	oc, err := newLazy(s.layout, []*smt.Term{t}, nil, nil)
	if err != nil {
		return nil, err
	}
	if oc.progs[0].m == nil {
		return nil, fmt.Errorf("fuzzysat: the objective does not compile")
	}
	o := &optimizer{s: search, obj: oc, t: t, opts: &s.opts, rng: s.rng, ctx: ctx, values: map[uint64]bool{}}
	return o.run(s.seed, mode), nil
}

type optimizer struct {
	s      *Search
	obj    *lazy
	t      *smt.Term
	opts   *Options
	rng    *rand.Rand
	ctx    context.Context
	end    time.Time
	evals  int64
	values map[uint64]bool
	cur    []byte
}

func (o *optimizer) stop() bool {
	if o.opts.MaxEvals > 0 && o.evals >= o.opts.MaxEvals {
		return true
	}
	return o.evals&63 == 0 && (o.ctx.Err() != nil || time.Now().After(o.end))
}

// eval reports whether π holds on cur and the objective's value.
func (o *optimizer) eval() (bool, uint64) {
	o.evals++
	if !o.s.ev.run(o.cur) {
		return false, 0
	}
	for i := range o.s.roots {
		if !o.s.ev.holds(i) {
			return false, 0
		}
	}
	o.obj.run(o.cur)
	v := o.obj.value(0)
	if len(o.values) < o.opts.MaxValues {
		o.values[v] = true
	}
	return true, v
}

func (o *optimizer) run(seed []byte, mode optMode) *OptResult {
	start := time.Now()
	o.end = start.Add(o.opts.Timeout)
	o.cur = slices.Clone(seed)
	res := &OptResult{}
	ok, v := o.eval()
	if !ok {
		res.Time = time.Since(start)
		res.Evals = o.evals
		return res
	}
	an := o.s.an
	frozen := map[int]bool{}
	for i := range o.s.roots {
		for _, u := range o.s.info[i].Unique {
			if u.Byte < len(seed) && seed[u.Byte] == u.Value {
				frozen[u.Byte] = true
			}
		}
	}
	var mut []int
	for _, b := range an.Inputs(o.t) {
		if !frozen[b] {
			mut = append(mut, b)
		}
	}
	var info ExprInfo
	an.vg.begin()
	an.collectGroups(o.t, &an.vg, &info)
	ranges := map[string]IntervalSet{}
	for i := range o.s.roots {
		for _, rc := range o.s.info[i].Ranges {
			if x, ok := ranges[rc.Group.Key()]; ok {
				ranges[rc.Group.Key()] = x.Intersect(rc.Set)
			} else {
				ranges[rc.Group.Key()] = rc.Set
			}
		}
	}
	// exhaustive enumeration when the term's inputs are one small group
	if g := an.Group(o.t); g != nil && mode == optAll {
		set := Full(g.ValueWidth())
		if x, ok := ranges[g.Key()]; ok {
			set = x
		}
		if set.Size() <= o.opts.BruteForceMax && len(mut) == len(g.Bytes()) {
			base := slices.Clone(o.cur)
			complete := set.Each(o.opts.BruteForceMax, func(x uint64) bool {
				g.set(o.cur, x)
				o.eval()
				copy(o.cur, base)
				return !o.stop()
			})
			covered := true
			for _, b := range o.s.allInputs() {
				if !slices.Contains(g.Bytes(), b) && !frozen[b] {
					covered = false
				}
			}
			// complete only when every candidate was decided and kept
			res.Exhaustive = complete && covered && o.s.ev.undef == 0 && len(o.values) < o.opts.MaxValues
		}
	}
	better := func(a, b uint64, m optMode) bool {
		if m == optMin {
			return a < b
		}
		return a > b
	}
	modes := []optMode{mode}
	if mode == optAll {
		modes = []optMode{optMin, optMax}
	}
	bestAll := slices.Clone(o.cur)
	bestV := v
	for _, m := range modes {
		best := slices.Clone(seed)
		bv := v
		tryCand := func() bool {
			ok, x := o.eval()
			if ok && better(x, bv, m) {
				bv = x
				copy(best, o.cur)
				return true
			}
			return false
		}
		for improved := true; improved && !o.stop(); {
			improved = false
			// groups: interval ends, extremes, ±2^k steps
			for _, g := range info.Groups {
				if !allIn(g.Bytes(), mut) {
					continue
				}
				w := g.ValueWidth()
				cands := []uint64{0, maxOf(w)}
				if x, ok := ranges[g.Key()]; ok && !x.Empty() {
					cands = append(cands, x.Min(), x.Max())
				}
				gv := g.value(best)
				for k := 0; k < w; k++ {
					cands = append(cands, gv+1<<uint(k), gv-1<<uint(k))
				}
				for _, c := range cands {
					copy(o.cur, best)
					g.set(o.cur, c&maxOf(w))
					if tryCand() {
						improved = true
					}
				}
			}
			// bytes
			for _, b := range mut {
				for _, c := range []byte{0, 0xff, best[b] + 1, best[b] - 1, best[b] ^ 0x80, best[b] ^ 1} {
					copy(o.cur, best)
					o.cur[b] = c
					if tryCand() {
						improved = true
					}
				}
			}
			// havoc
			if !improved && len(mut) > 0 {
				for it := 0; it < o.opts.HavocMin && !o.stop(); it++ {
					copy(o.cur, best)
					for range 1 << (1 + o.rng.IntN(o.opts.HavocStackPow)) {
						b := mut[o.rng.IntN(len(mut))]
						o.cur[b] = byte(o.rng.IntN(256))
					}
					if tryCand() {
						improved = true
					}
				}
			}
		}
		if m == mode || (mode == optAll && m == optMax) {
			bestAll, bestV = best, bv
		}
	}
	res.Status, res.Value, res.Assignment = Sat, bestV, bestAll
	for x := range o.values {
		res.Values = append(res.Values, x)
	}
	slices.Sort(res.Values)
	res.Evals = o.evals
	res.Time = time.Since(start)
	return res
}

func allIn(xs, set []int) bool {
	for _, x := range xs {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}
