package fuzzysat

import (
	"slices"
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
	seen := map[int]bool{}
	for _, b := range s.goalIn {
		for _, i := range s.conflic[b] {
			if !seen[i] {
				seen[i] = true
				cc = append(cc, i)
			}
		}
	}
	slices.Sort(cc)
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
