package fuzzysat

import (
	"slices"
	"time"
)

// multigoal is the multi-goal strategy (Algorithm 1, lines 5-14): take the
// best candidate that satisfies the branch but not π (PICKBESTASSIGNMENT:
// the most π conjuncts satisfied), freeze the bytes it set, and repair the
// conflicting conjuncts of π (those sharing input bytes with the branch,
// GETCONFLICTINGEXPRESSIONS) one by one with MUTATE, greedily, never
// backtracking. Conjuncts that already hold are skipped [code].
func (r *run) multigoal() {
	if !r.enter(PhaseMultigoal) {
		return
	}
	defer r.leave()
	s := r.s
	a := r.best
	frozen := slices.Clone(r.frozen)
	for _, b := range s.goalIn {
		if b < len(frozen) {
			frozen[b] = true
		}
	}
	goal := slices.Clone(r.goal)
	// conflicting expressions, in π order
	var cc []int
	for i := s.nGoal; i < len(s.roots); i++ {
		if intersects(s.info[i].Inputs, s.goalIn) {
			cc = append(cc, i)
		}
	}
	for _, e := range cc {
		if r.stop {
			return
		}
		copy(r.cur, a)
		s.ev.run(r.cur)
		if s.ev.holds(e) {
			continue
		}
		r.frozen = slices.Clone(frozen)
		r.best, r.bestScore = nil, 0
		r.setGoal(append(slices.Clone(goal), e))
		r.mutate(true)
		if r.solved {
			return
		}
		if r.best == nil {
			return
		}
		a = r.best
		goal = append(goal, e)
		for _, b := range s.info[e].Inputs {
			if b < len(frozen) {
				frozen[b] = true
			}
		}
	}
}

// optimisticSearch is MUTATEOPT: the pipeline again from the seed for the
// branch condition alone, without π's knowledge (no frozen bytes, no range
// filters).
func (r *run) optimisticSearch() {
	r.optimistic = true
	r.solved, r.unsat = false, false
	copy(r.cur, r.seed)
	for i := range r.frozen {
		r.frozen[i] = false
	}
	r.ranges = map[string]*RangeConstraint{}
	goal := make([]int, r.s.nGoal)
	for i := range goal {
		goal[i] = i
	}
	r.setGoal(goal)
	r.mutate(false)
}

// freezeNeighbours is the first step of the multi-goal strategy in the
// public code (PHASE_freeze_neighbours, not in the paper): from the best
// candidate, which satisfies the branch but not π, when one input group
// of the branch holds all of its bytes, try the group's next 255 values,
// value+1 … value+255, little-endian and then big-endian. A value next to
// one that satisfies the branch often still does, and may satisfy the π
// conjuncts that read the same bytes. (The code ships with the step
// turned off, skip_freeze_neighbours = 1, and so does Options: on the
// SAGE queries it solved none, for a tenth of the search time; set
// Options.FreezeNeighbours.) When π pins the branch's bytes no neighbour
// can satisfy π, and the step is skipped.
func (r *run) freezeNeighbours() {
	if !r.opts.FreezeNeighbours || r.stop || r.pinned || !r.enter(PhaseFreeze) {
		return
	}
	defer r.leave()
	g := r.branchGroup()
	if g == nil || !r.groupMutable(g) {
		return
	}
	copy(r.cur, r.best)
	v := g.value(r.cur)
	for i := uint64(1); i < 256; i++ {
		if r.tryGroup(g, v+i) {
			return
		}
	}
	if n := len(g.Bytes()); n > 1 {
		be := bswap(v, n)
		for i := uint64(1); i < 256; i++ {
			if r.tryGroup(g, bswap(be+i, n)) {
				return
			}
		}
	}
}

// branchGroup is the input group of the branch that holds every input
// byte of the branch [code: the branch's only group, or
// find_group_with_all_inputs], or nil.
func (r *run) branchGroup() *InputGroup {
	s := r.s
	var gs []*InputGroup
	for i := 0; i < s.nGoal; i++ {
		for _, g := range s.info[i].Groups {
			if !slices.ContainsFunc(gs, func(h *InputGroup) bool { return h.Key() == g.Key() }) {
				gs = append(gs, g)
			}
		}
	}
	if len(gs) == 1 {
		return gs[0]
	}
	for _, g := range gs {
		all := true
		for _, b := range s.goalIn {
			if !slices.Contains(g.Bytes(), b) {
				all = false
				break
			}
		}
		if all {
			return g
		}
	}
	return nil
}

// conjuncts solves an and branch condition one conjunct at a time [code:
// handle_and_constraint]: each conjunct in turn is the goal of the whole
// pipeline (MUTATE), from the assignment the previous step left, with the
// bytes of the conjuncts already made true frozen, so they stay true. A
// step ends when its conjunct (with the earlier ones) and π hold; failing
// that, it goes on from the candidate satisfying the most of π, as
// multi-goal does; a conjunct no candidate satisfies ends the order. A
// conjunct that already holds is only frozen. When the first order ends
// without an assignment satisfying the whole branch, the reverse order is
// tried. An assignment satisfying the branch but not π becomes the
// multi-goal starting point when it satisfies more of π than the joint
// search's best.
//
// It runs after the joint search (the pipeline on all conjuncts at once)
// fails: the joint search is what the paper describes and solves most and
// branches; this is for the ones whose conjuncts pull the same bytes
// apart, or need different phases.
func (r *run) conjuncts() {
	if !r.enter(PhaseConjuncts) {
		return
	}
	defer r.leave()
	s := r.s
	base := slices.Clone(r.frozen)
	all := slices.Clone(r.goal)
	mainBest, mainScore := r.best, r.bestScore
	r.sub = true
	defer func() {
		r.sub = false
		r.frozen = base
		r.best, r.bestScore = mainBest, mainScore
		copy(r.cur, r.seed)
		r.setGoal(all)
	}()
	n := s.nGoal
	for pass := 0; pass < 2 && !r.stop; pass++ {
		a := slices.Clone(r.seed)
		frozen := slices.Clone(base)
		var done []int
		for k := 0; k < n && !r.stop; k++ {
			j := k
			if pass == 1 {
				j = n - 1 - k
			}
			copy(r.cur, a)
			s.ev.run(r.cur)
			if !s.ev.holds(j) {
				r.frozen = slices.Clone(frozen)
				r.best, r.bestScore = nil, 0
				r.stepSol = nil
				r.setGoal(append(slices.Clone(done), j))
				r.mutate(true)
				if r.solved {
					return
				}
				switch {
				case r.stepSol != nil:
					a = r.stepSol
				case r.best != nil:
					a = r.best
				default:
					a = nil
				}
				if a == nil {
					break
				}
			}
			done = append(done, j)
			for _, b := range s.info[j].Inputs {
				if b < len(frozen) {
					frozen[b] = true
				}
			}
		}
		if len(done) == n && a != nil {
			// a satisfies the branch but not π (else it was a solution)
			copy(r.cur, a)
			s.ev.run(r.cur)
			score := 0
			for i := n; i < len(s.roots); i++ {
				if s.ev.holds(i) {
					score++
				}
			}
			if mainBest == nil || score > mainScore {
				mainBest, mainScore = slices.Clone(a), score
			}
			return
		}
	}
}

// resume continues after a step of a sub-goal search stopped the
// pipeline: the search goes on unless its budget is spent.
func (r *run) resume() {
	r.stepDone = false
	r.stop = r.ctx.Err() != nil || time.Now().After(r.deadline) ||
		(r.opts.MaxEvals > 0 && r.st.Evals >= r.opts.MaxEvals)
}

// intersects reports whether two sorted lists share an element.
func intersects(a, b []int) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			return true
		}
	}
	return false
}
