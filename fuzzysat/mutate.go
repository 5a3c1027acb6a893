package fuzzysat

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"tandem/smt"
)

// run is the state of one search: the current assignment, the goal, the
// frozen bytes, the range filters, the digest set and the best candidate.
type run struct {
	s        *Search
	ctx      context.Context
	rng      *rand.Rand
	opts     *Options
	deadline time.Time

	seed []byte
	cur  []byte

	goal       []int  // constraints that must hold
	optimistic bool   // success = goal only (MUTATEOPT)
	frozen     []bool // bytes never mutated
	unique     []bool // bytes π fixes, with their seed value
	mut        []int  // mutable input bytes of the goal
	groups     []*InputGroup
	ranges     map[string]*RangeConstraint // π ∪ goal, intersected per group
	filters    []*RangeConstraint
	digest     *digestSet
	hashed     []int // the bytes candidates of the digest set differ in

	stop      bool
	solved    bool
	phase     Phase
	sol       []byte
	best      []byte
	bestScore int
	unsat     bool
	proof     string
	st        Stats
	frames    []phaseFrame

	// Sub-goals (multi-goal, conjunct by conjunct): inGoal marks the
	// constraints of goal; partial says that some conjunct of the branch
	// is not in goal, so a candidate satisfying goal and π is a step
	// (stepSol), not a solution. sub disables unsat proofs, which hold
	// only for the plain query.
	inGoal   []bool
	partial  bool
	sub      bool
	stepSol  []byte
	stepDone bool

	// exhausted: an exhaustive phase tried every value of the goal's
	// mutable bytes, so the later phases, which mutate only those, cannot
	// find anything new. pinned: every mutable byte of the goal is pinned
	// by a π equality, so no candidate can satisfy π and the search only
	// looks for multi-goal's start, a candidate satisfying the goal and
	// all of π but one conjunct being the best there can be.
	exhausted bool
	pinned    bool
}

// phaseFrame is the accounting of a phase that is running (phases nest:
// multi-goal runs the pipeline).
type phaseFrame struct {
	p       Phase
	evalsAt int64
	start   time.Time
}

// budget reports whether the search must stop.
func (r *run) budget() bool {
	if r.stop {
		return true
	}
	if r.opts.MaxEvals > 0 && r.st.Evals >= r.opts.MaxEvals {
		r.stop = true
	}
	if r.st.Evals&127 == 0 {
		if r.ctx.Err() != nil || time.Now().After(r.deadline) {
			r.stop = true
		}
	}
	return r.stop
}

// evaluate runs the constraints on cur, records a solution or a better
// candidate, and returns the goal's distance (for gradient descent).
func (r *run) evaluate() uint64 {
	r.st.Evals++
	if !r.s.ev.run(r.cur) {
		return ^uint64(0)
	}
	var d uint64
	for _, i := range r.goal {
		d = addSat(d, r.s.ev.dist(i))
	}
	if d != 0 {
		return d
	}
	if r.optimistic {
		r.success()
		return 0
	}
	score := 0
	for i := r.s.nGoal; i < len(r.s.roots); i++ {
		if r.s.ev.holds(i) {
			score++
		}
	}
	if score == len(r.s.roots)-r.s.nGoal {
		if r.partial && !r.restHolds() {
			// the sub-goal and π hold, the rest of the branch does not:
			// this step of the conjunct-by-conjunct search is done
			r.stepSol = slices.Clone(r.cur)
			r.stepDone, r.stop = true, true
			return 0
		}
		r.success()
		return 0
	}
	if r.best == nil || score > r.bestScore {
		r.best = slices.Clone(r.cur)
		r.bestScore = score
	}
	if r.pinned && score == len(r.s.roots)-r.s.nGoal-1 {
		// no candidate can do better: each falsifies a pinning conjunct
		r.stepDone, r.stop = true, true
	}
	return 0
}

// restHolds reports whether the conjuncts of the branch that are not in
// the current sub-goal hold on the evaluated candidate.
func (r *run) restHolds() bool {
	for i := 0; i < r.s.nGoal; i++ {
		if !r.inGoal[i] && !r.s.ev.holds(i) {
			return false
		}
	}
	return true
}

func addSat(a, b uint64) uint64 {
	if s := a + b; s >= a {
		return s
	}
	return ^uint64(0)
}

func (r *run) success() {
	if !r.optimistic && !r.opts.NoVerify {
		if err := r.s.Verify(r.cur); err != nil {
			r.st.Rejected++
			return
		}
	}
	r.solved, r.stop = true, true
	r.sol = slices.Clone(r.cur)
}

// try evaluates cur unless it was tried before or the range pre-filter
// discards it. It reports whether the search must stop.
func (r *run) try() bool {
	if r.budget() {
		return true
	}
	if r.digest.seen(digestOf(r.cur, r.hashed)) {
		r.st.DigestHits++
		return false
	}
	for _, f := range r.filters {
		if !f.Set.Contains(f.Group.value(r.cur)) {
			r.st.Filtered++
			return false
		}
	}
	r.evaluate()
	return r.stop
}

// tryGroup tries cur with group g set to v, then restores cur.
func (r *run) tryGroup(g *InputGroup, v uint64) bool {
	var save [16]byte
	bs := g.Slots
	for i, s := range bs {
		if s >= 0 && i < len(save) {
			save[i] = r.cur[s]
		}
	}
	g.set(r.cur, v)
	stop := r.try()
	for i := len(bs) - 1; i >= 0; i-- {
		if s := bs[i]; s >= 0 && i < len(save) {
			r.cur[s] = save[i]
		}
	}
	return stop
}

// tryByte tries cur with byte b set to v.
func (r *run) tryByte(b int, v byte) bool {
	old := r.cur[b]
	r.cur[b] = v
	stop := r.try()
	r.cur[b] = old
	return stop
}

func (r *run) solve(reuse []Patch) *Result {
	s := r.s
	r.goal = make([]int, s.nGoal)
	for i := range r.goal {
		r.goal[i] = i
	}
	r.frozen = make([]bool, len(r.cur))
	r.unique = make([]bool, len(r.cur))
	r.inGoal = make([]bool, len(s.roots))
	r.digest = &s.an.digest
	r.digest.reset(r.opts.DigestMax)
	r.hashed = s.allInputs() // reuse patches any byte

	// 1. sat in seed
	if r.enter(PhaseSeed) {
		if r.seedExact() {
			r.st.Evals++
		} else {
			r.evaluate()
		}
		r.leave()
		if r.solved {
			return r.result(PhaseSeed)
		}
	}
	// 2. reuse of earlier solutions
	if !r.opts.NoReuse && r.enter(PhaseReuse) {
		for i := len(reuse) - 1; i >= 0 && i >= len(reuse)-r.opts.MaxReuse; i-- {
			save := slices.Clone(r.cur)
			for _, p := range reuse[i] {
				if p.Pos < len(r.cur) {
					r.cur[p.Pos] = p.Val
				}
			}
			stop := r.try()
			copy(r.cur, save)
			if stop {
				break
			}
		}
		r.leave()
		if r.solved {
			return r.result(PhaseReuse)
		}
	}
	// 3. constant branch condition: evaluated once (done by phase 1); a
	// goal that reads no input and is false can never hold.
	if len(s.goalIn) == 0 && !r.solved {
		r.st.Phase[PhaseConstant].Runs++
		if i, ok := r.falseGoal(r.cur); ok {
			r.unsat, r.proof = true, fmt.Sprintf("branch condition %d reads no input and is false", i+1)
			return r.result(PhaseConstant)
		}
	}
	s.analyze()
	if r.provePinned() {
		return r.proved(PhasePinned)
	}
	// Uniquely defined inputs (§III-B.2): bytes a conjunct of π fixes take
	// the defining value (every solution has it; a seed that violates π
	// may not) and are never fuzzed.
	patched := false
	for i := s.nGoal; i < len(s.roots); i++ {
		for _, u := range s.info[i].Unique {
			if u.Byte < len(r.cur) {
				patched = patched || r.cur[u.Byte] != u.Value
				r.cur[u.Byte] = u.Value
				r.frozen[u.Byte], r.unique[u.Byte] = true, true
			}
		}
	}
	if patched && !r.opts.Skip.Has(PhasePinned) {
		// the seed with π's definitions (counted with phase pinned)
		if r.try(); r.solved {
			return r.result(PhasePinned)
		}
	}
	r.ranges = map[string]*RangeConstraint{}
	for i := range s.roots {
		for _, rc := range s.info[i].Ranges {
			if e, ok := r.ranges[rc.Group.Key()]; ok {
				e.Set = e.Set.Intersect(rc.Set)
			} else {
				c := rc
				r.ranges[rc.Group.Key()] = &c
			}
		}
	}
	if r.proveRange() {
		return r.proved(PhaseRange)
	}
	r.setGoal(r.goal)
	r.mutate(false)
	if r.unsat {
		return r.proved(r.phase)
	}
	if r.solved {
		return r.result(r.phase)
	}
	// an and branch condition, conjunct by conjunct [code]
	if s.nGoal > 1 && !r.stop {
		r.conjuncts()
		if r.solved {
			return r.result(PhaseConjuncts)
		}
	}
	mainBest := r.best
	// multi-goal strategy, starting with freeze neighbours [code]
	if !r.opts.NoMultigoal && r.best != nil && !r.stop {
		r.freezeNeighbours()
		if r.solved {
			return r.result(PhaseFreeze)
		}
		r.multigoal()
		if r.solved {
			return r.result(PhaseMultigoal)
		}
	}
	res := &Result{Status: Unknown}
	if r.opts.Optimistic {
		if mainBest != nil {
			res.Optimistic = mainBest
		} else {
			r.stop = r.ctx.Err() != nil
			r.optimisticSearch()
			if r.solved {
				res.Optimistic = r.sol
			}
		}
	}
	return res
}

// seedExact is phase 1 on the exact interpreter, whose verdicts on each
// constraint are cached by the values of its input bytes (so a π
// conjunct whose bytes the new seed did not change costs a comparison):
// an answer found here is re-checked by construction, and neither the
// analysis nor the compiled programs of the query are needed. It reports
// false when it cannot decide (closed boxes, Options.NoVerify, an
// interpreter error), and phase 1 runs on the compiled evaluator.
func (r *run) seedExact() bool {
	s := r.s
	if s.p.Callee != nil || r.opts.NoVerify {
		return false
	}
	it := s.an.it
	it.begin(r.cur)
	// what the interpreter finds true on the seed, the lazy evaluator
	// then knows without running the program (s.ev.known)
	for _, i := range r.goal {
		ok, err := s.exact(it, i, r.cur, false)
		if err != nil {
			return false
		}
		if !ok {
			return true
		}
		s.ev.known(i)
	}
	// π: verdicts carried over from the last search where the seed did
	// not change a conjunct's bytes
	pi := &s.an.pi
	roots := s.roots[s.nGoal:]
	prefix := 0
	for prefix < len(roots) && prefix < len(pi.roots) && roots[prefix] == pi.roots[prefix] {
		prefix++
	}
	var dmask uint64
	var mark []bool
	if len(pi.seed) != len(r.cur) {
		prefix = 0
	} else if !bytes.Equal(pi.seed, r.cur) {
		mark = s.an.scratchMark()
		for b := range r.cur {
			if r.cur[b] != pi.seed[b] {
				dmask |= 1 << (uint(b) & 63)
				mark[b] = true
			}
		}
		defer clear(mark)
	}
	n := len(roots)
	verdict := resize(pi.verdict, n)
	bloom := resize(pi.bloom, n)
	score := 0
	for j := range n {
		i := s.nGoal + j
		ok := false
		if j < prefix && (pi.bloom[j]&dmask == 0 || !readsMarked(s.ins[i], mark)) {
			ok = verdict[j]
		} else {
			var err error
			// a conjunct of the last π that reads a changed byte needs
			// the interpreter; a new one may have been checked on these
			// bytes before (as a branch condition)
			if ok, err = s.exact(it, i, r.cur, j < prefix); err != nil {
				pi.seed = pi.seed[:0] // the state is half written: drop it
				return false
			}
			if j >= prefix {
				bloom[j] = bloomOf(s.ins[i])
			}
		}
		verdict[j] = ok
		if ok {
			score++
			s.ev.known(i)
		}
	}
	pi.verdict, pi.bloom = verdict, bloom
	pi.roots = append(pi.roots[:0], roots...)
	pi.ins = append(pi.ins[:0], s.ins[s.nGoal:]...)
	pi.seed = append(pi.seed[:0], r.cur...)
	if score == n {
		r.solved, r.stop = true, true
		r.sol = slices.Clone(r.cur)
		return true
	}
	r.best, r.bestScore = slices.Clone(r.cur), score
	return true
}

// readsMarked reports whether one of the bytes in is marked.
func readsMarked(in []int, mark []bool) bool {
	for _, b := range in {
		if mark[b] {
			return true
		}
	}
	return false
}

// proved is the unsat answer of phase p, with an optimistic answer when
// one is asked for: an executor whose π is imprecise may still want an
// input that takes the branch.
func (r *run) proved(p Phase) *Result {
	res := r.result(p)
	if r.opts.Optimistic && r.ctx.Err() == nil {
		r.stop = false
		r.optimisticSearch()
		if r.solved {
			res.Optimistic = r.sol
		}
	}
	return res
}

func (r *run) result(p Phase) *Result {
	switch {
	case r.solved:
		return &Result{Status: Sat, Phase: p, Assignment: r.sol}
	case r.unsat:
		return &Result{Status: Unsat, Phase: p, Proof: r.proof}
	}
	return &Result{Status: Unknown}
}

// setGoal makes goal the constraints that must hold and recomputes the
// mutable bytes, the goal's groups and the range filters.
func (r *run) setGoal(goal []int) {
	s := r.s
	r.goal = goal
	clear(r.inGoal)
	for _, i := range goal {
		r.inGoal[i] = true
	}
	r.partial = false
	for i := 0; i < s.nGoal; i++ {
		if !r.inGoal[i] {
			r.partial = true
		}
	}
	r.mut = nil
	var gin []int
	for _, i := range goal {
		gin = mergeSorted(gin, s.info[i].Inputs)
	}
	for _, b := range gin {
		if b < len(r.cur) && !r.frozen[b] {
			r.mut = append(r.mut, b)
		}
	}
	r.groups = nil
	seen := map[string]bool{}
	for _, i := range goal {
		for _, g := range s.info[i].Groups {
			if seen[g.Key()] || !r.groupMutable(g) {
				continue
			}
			seen[g.Key()] = true
			r.groups = append(r.groups, g)
		}
	}
	r.filters = nil
	if !r.optimistic {
		for _, rc := range r.ranges {
			if rc.Set.IsFull() {
				continue
			}
			for _, b := range rc.Group.Bytes() {
				if slices.Contains(r.mut, b) {
					r.filters = append(r.filters, rc)
					break
				}
			}
		}
		slices.SortFunc(r.filters, func(a, b *RangeConstraint) int { return cmpStr(a.Group.Key(), b.Group.Key()) })
	}
	// from here on candidates differ from the current assignment only in
	// the goal's mutable bytes: a new digest set over those
	r.digest.reset(r.opts.DigestMax)
	r.hashed = r.mut
	r.pinned = !r.opts.NoMultigoal && !r.opts.NoGiveUp && !r.optimistic && !r.partial && r.pinnedByPi()
	if r.pinned {
		r.st.Pinned++
	}
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (r *run) groupMutable(g *InputGroup) bool {
	for _, b := range g.Bytes() {
		if b >= len(r.cur) || r.frozen[b] {
			return false
		}
	}
	return true
}

// enter starts phase p unless it is skipped; leave closes its accounting.
func (r *run) enter(p Phase) bool {
	if r.opts.Skip.Has(p) || r.stop {
		return false
	}
	r.phase = p
	r.st.Phase[p].Runs++
	r.frames = append(r.frames, phaseFrame{p, r.st.Evals, time.Now()})
	return true
}

func (r *run) leave() {
	f := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	ps := &r.st.Phase[f.p]
	ps.Evals += r.st.Evals - f.evalsAt
	ps.Time += time.Since(f.start)
	if n := len(r.frames); n > 0 {
		r.phase = r.frames[n-1].p
	}
}

// mutate is MUTATE: the phases in the public code's order, cheapest
// first, until one finds a solution or proves the goal unsat.
func (r *run) mutate(sub bool) {
	phases := []struct {
		p Phase
		f func()
	}{
		{PhaseI2S, r.i2s},
		{PhaseSimpleMath, r.simpleMath},
		{PhaseRangeBF, r.rangeBF},
		{PhaseRangeBFOpt, r.rangeBFOpt},
		{PhaseConstants, r.interestingConstants},
		{PhaseByteBF, r.byteBF},
		{PhaseGD, r.gradientDescent},
		{PhaseAFLDet, r.aflDeterministic},
		{PhaseHavoc, r.havoc},
	}
	outer := r.phase
	r.exhausted = false
	defer func() {
		if r.exhausted {
			r.st.Exhausted++
		}
		r.exhausted = false
		if r.stepDone {
			r.resume()
		}
	}()
	for _, ph := range phases {
		if len(r.mut) == 0 || r.stop || (r.exhausted && !r.opts.NoGiveUp) {
			break
		}
		if ph.p == PhaseGD && !sub && r.giveUpNeverTrue() {
			r.stop = true // no later phase nor multi-goal can win
			break
		}
		if !r.enter(ph.p) {
			continue
		}
		ph.f()
		r.leave()
		if r.solved || r.unsat {
			if sub {
				r.phase = outer
			}
			return
		}
	}
	if sub {
		r.phase = outer
	}
}

// termValue evaluates a subterm on cur with the interpreter (I2S needs the
// value of the operand compared with the group).
func (r *run) termValue(t *smt.Term) (uint64, bool) {
	if v, ok := litU64(t); ok {
		return v, true
	}
	if r.s.p.Callee != nil {
		return 0, false
	}
	return r.s.an.bvValue(t, r.cur)
}

// bvValue is the exact value of the bit-vector term t (at most 64 bits)
// on assignment b, by the interpreter.
func (a *Analyzer) bvValue(t *smt.Term, b []byte) (uint64, bool) {
	if t.Sort().Kind != smt.KindBitVec || t.Sort().Width > 64 {
		return 0, false
	}
	a.it.begin(b)
	v, err := a.it.eval(t, a.Inputs(t))
	if err != nil {
		return 0, false
	}
	bv, ok := v.(smt.BVValue)
	if !ok {
		return 0, false
	}
	return bv.V.Uint64(), true
}

// 4. Input-to-state (§III-C.1): write the other operand's value (on the
// current assignment) into the group; for comparisons other than =, also
// its ±1 neighbours (Redqueen).
func (r *run) i2s() {
	for _, gi := range r.goal {
		for _, c := range r.s.info[gi].I2S {
			if !r.groupMutable(c.Group) {
				continue
			}
			v, ok := r.termValue(c.Other)
			if !ok {
				continue
			}
			if r.tryGroup(c.Group, v) {
				return
			}
			if c.Op != "=" {
				if r.tryGroup(c.Group, v+1) || r.tryGroup(c.Group, v-1) {
					return
				}
			}
		}
	}
}

// enumerate tries every value of set for group g, in order; it reports
// whether it went through all of them.
func (r *run) enumerate(g *InputGroup, set IntervalSet, limit uint64) bool {
	return set.Each(limit, func(v uint64) bool { return !r.tryGroup(g, v) }) && !r.stop
}

// proves reports whether an exhaustive search over the bytes of g proves
// the query unsat: every input byte of the goal and π is in g or fixed by
// π (and the search is the plain query, not a sub-goal or MUTATEOPT).
//
// Every candidate the enumeration counted as failing must have been
// evaluated to false: a single evaluation the evaluator could not decide
// (an error, not false) makes the proof impossible, as does a hashed
// digest set, which may skip an untried candidate on a collision.
func (r *run) proves(bytes []int) bool {
	if r.optimistic || r.sub || len(r.goal) != r.s.nGoal || r.st.Rejected > 0 || r.s.ev.undef > 0 || len(r.hashed) > 8 {
		return false
	}
	for _, b := range r.s.allInputs() {
		if !slices.Contains(bytes, b) && !(b < len(r.unique) && r.unique[b]) {
			return false
		}
	}
	return true
}

// rangeOf is the sound range of group g: the intersection of the ranges
// π and the goal imply on it, or all of its values.
func (r *run) rangeOf(g *InputGroup) IntervalSet {
	if rc, ok := r.ranges[g.Key()]; ok && !r.optimistic {
		return rc.Set
	}
	return Full(g.ValueWidth())
}

// 5. Simple math [code]: brute-force the interval the branch condition
// itself implies on its group.
func (r *run) simpleMath() {
	for _, g := range r.groups {
		set := Full(g.ValueWidth())
		found := false
		for _, gi := range r.goal {
			for _, rc := range r.s.info[gi].Ranges {
				if rc.Group.Key() == g.Key() {
					set, found = set.Intersect(rc.Set), true
				}
			}
		}
		if !found {
			continue
		}
		set = set.Intersect(r.rangeOf(g))
		if set.Size() > r.opts.BruteForceMax {
			continue
		}
		if r.enumerate(g, set, r.opts.BruteForceMax) {
			if r.proves(g.Bytes()) {
				r.unsat = true
				r.proof = fmt.Sprintf("every value of group %s in %s fails", g.Key(), set)
				return
			}
			if r.covers(g) {
				r.exhausted = true
				return
			}
		}
		if r.stop {
			return
		}
	}
}

// 6. Range brute force (§III-C.2): when the branch has a single group
// with an interval from π, enumerate it if it is at most BruteForceMax
// wide, else try its minimum and maximum.
func (r *run) rangeBF() {
	if len(r.groups) != 1 {
		return
	}
	g := r.groups[0]
	set := r.rangeOf(g)
	if set.IsFull() || set.Empty() {
		if set.Empty() && r.proves(g.Bytes()) {
			r.unsat, r.proof = true, fmt.Sprintf("the ranges on group %s are empty", g.Key())
		}
		return
	}
	if set.Size() <= r.opts.BruteForceMax {
		if r.enumerate(g, set, r.opts.BruteForceMax) {
			if r.proves(g.Bytes()) {
				r.unsat = true
				r.proof = fmt.Sprintf("every value of group %s in %s fails", g.Key(), set)
			} else {
				r.exhausted = r.covers(g)
			}
		}
		return
	}
	if !r.tryGroup(g, set.Min()) {
		r.tryGroup(g, set.Max())
	}
}

// 7. Optimistic range brute force [code]: every group of the branch whose
// interval has at most BruteForceOptMax values, smallest first.
func (r *run) rangeBFOpt() {
	type cand struct {
		g   *InputGroup
		set IntervalSet
	}
	var cs []cand
	for _, g := range r.groups {
		set := r.rangeOf(g)
		if !set.IsFull() && set.Size() <= r.opts.BruteForceOptMax {
			cs = append(cs, cand{g, set})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		switch x, y := a.set.Size(), b.set.Size(); {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	for _, c := range cs {
		if r.enumerate(c.g, c.set, r.opts.BruteForceOptMax) {
			if r.covers(c.g) {
				r.exhausted = true
				return
			}
		} else if r.stop {
			return
		}
	}
}

// 8. Interesting constants (§III-C.3): every constant of the branch into
// every group, little- and big-endian, and its low byte into every byte.
func (r *run) interestingConstants() {
	var consts []uint64
	seen := map[uint64]bool{}
	for _, gi := range r.goal {
		for _, c := range r.s.info[gi].Constants {
			if !seen[c] {
				seen[c] = true
				consts = append(consts, c)
			}
		}
	}
	for _, c := range consts {
		for _, g := range r.groups {
			if r.tryGroup(g, c) {
				return
			}
			if n := len(g.Bytes()); n > 1 {
				if r.tryGroup(g, bswap(c, n)) {
					return
				}
			}
		}
		if c <= 0xff {
			for _, b := range r.mut {
				if r.tryByte(b, byte(c)) {
					return
				}
			}
		}
	}
}

// bswap reverses the low n bytes of v.
func bswap(v uint64, n int) uint64 {
	var out uint64
	for i := 0; i < n && i < 8; i++ {
		out = out<<8 | (v>>(8*uint(i)))&0xff
	}
	return out
}

// 9. Single-byte brute force [code]: a branch with one mutable input byte
// tries all 256 values.
func (r *run) byteBF() {
	if len(r.mut) != 1 {
		return
	}
	b := r.mut[0]
	for v := 0; v < 256; v++ {
		if r.tryByte(b, byte(v)) {
			return
		}
	}
	if r.proves([]int{b}) {
		r.unsat, r.proof = true, fmt.Sprintf("all 256 values of byte %d fail", b)
		return
	}
	r.exhausted = !r.stop
}

// covers reports whether enumerating the values of g enumerates every
// assignment of the goal's mutable bytes: each is a distinct slot of g
// inside its value width. (Values outside the sound range enumerated are
// known to falsify a conjunct.) Then the later phases, which mutate only
// those bytes, can find nothing new: the code's early exits after an
// exhausted brute force, kept where they lose nothing.
func (r *run) covers(g *InputGroup) bool {
	vw := g.ValueWidth()
	for _, b := range r.mut {
		n := 0
		for i, s := range g.Slots {
			if s == b {
				if 8*(i+1) > vw {
					return false
				}
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	return true
}

// pinnedByPi reports whether every mutable byte of the goal is pinned by
// a conjunct of π that holds on the current assignment (the seed, or
// multi-goal's candidate) and is an equality between an input group
// holding the byte (within its value width) and a term that reads none
// of the goal's mutable bytes (the SAGE files' definitions
// (= T4 (bvor (bvshl T1_3 24) …)) are such equalities). A group's value
// changes with any of its bytes, so every candidate, which changes some
// mutable byte, falsifies one of those conjuncts: no phase can solve the
// query, only multi-goal can, from the candidate satisfying the branch and
// the most of π (PICKBEST). One that falsifies a single conjunct cannot
// be beaten, and the search stops there instead of running every phase;
// the start is the same as after the whole pipeline.
func (r *run) pinnedByPi() bool {
	s := r.s
	if len(r.mut) == 0 || len(s.roots) == s.nGoal {
		return false
	}
	left := len(r.mut)
	pin := make([]bool, len(r.mut))
	s.ev.run(r.cur)
	for i := s.nGoal; i < len(s.roots) && left > 0; i++ {
		if !intersects(s.info[i].Inputs, r.mut) {
			continue
		}
		op, x, y := asCmp(s.roots[i])
		if op != cmpEq || !s.ev.holds(i) {
			continue
		}
		for side := 0; side < 2; side++ {
			g, o := s.an.Group(x), y
			if side == 1 {
				g, o = s.an.Group(y), x
			}
			if g == nil || intersects(s.an.Inputs(o), r.mut) {
				continue
			}
			vw := g.ValueWidth()
			for k, slot := range g.Slots {
				if slot < 0 || 8*(k+1) > vw {
					continue
				}
				if j, ok := slices.BinarySearch(r.mut, slot); ok && !pin[j] {
					pin[j] = true
					left--
				}
			}
		}
	}
	return left == 0
}
