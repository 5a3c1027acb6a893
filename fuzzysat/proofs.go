package fuzzysat

import (
	"fmt"
	"slices"
)

// The unsat proofs that need no enumeration (phases pinned and range).
// Like every unsat answer they are proofs: they hold for every assignment,
// whatever the seed, and a verdict the evaluator cannot decide is never
// read as false.

// constraintName names constraint i of the search in a proof.
func (s *Search) constraintName(i int) string {
	if i < s.nGoal {
		if s.nGoal == 1 {
			return "the branch condition"
		}
		return fmt.Sprintf("branch conjunct %d", i+1)
	}
	return fmt.Sprintf("π conjunct %d", i-s.nGoal+1)
}

// falseGoal finds a constraint of the goal that is false on b, decided
// exactly: by the interpreter, or, for closed boxes, by the compiled
// evaluator when no evaluation of this search failed.
func (r *run) falseGoal(b []byte) (int, bool) {
	s := r.s
	if s.p.Callee == nil {
		it := s.an.it
		it.begin(b)
		for _, i := range r.goal {
			ok, err := s.exact(it, i, b, false)
			if err != nil {
				return 0, false
			}
			if !ok {
				return i, true
			}
		}
		return 0, false
	}
	s.ev.run(b)
	for _, i := range r.goal {
		if !s.ev.holds(i) && s.ev.undef == 0 {
			return i, true
		}
	}
	return 0, false
}

// provePinned is phase "pinned": when the conjuncts of the query define
// (§III-B.2) every input byte the branch reads — whatever the seed holds
// there — every solution has those values, so the branch evaluated on
// them decides the query: false proves it unsat. Two definitions of one
// byte with different values prove it unsat too.
func (r *run) provePinned() bool {
	s := r.s
	if len(s.goalIn) == 0 || !r.enter(PhasePinned) {
		return false
	}
	defer r.leave()
	type byteDef struct {
		v  byte
		by int // the defining constraint
	}
	var def map[int]byteDef
	for i := range s.roots {
		for _, u := range s.info[i].Unique {
			if def == nil {
				def = map[int]byteDef{}
			}
			d, ok := def[u.Byte]
			if !ok {
				def[u.Byte] = byteDef{u.Value, i}
				continue
			}
			if d.v != u.Value {
				r.unsat = true
				r.proof = fmt.Sprintf("input byte %d is %#02x by %s and %#02x by %s", u.Byte, d.v, s.constraintName(d.by), u.Value, s.constraintName(i))
				return true
			}
		}
	}
	if def == nil {
		return false
	}
	for _, b := range s.goalIn {
		if _, ok := def[b]; !ok {
			return false
		}
	}
	b := slices.Clone(r.cur)
	for by, d := range def {
		if by < len(b) {
			b[by] = d.v
		}
	}
	r.st.Evals++
	i, ok := r.falseGoal(b)
	if !ok {
		return false
	}
	r.unsat = true
	r.proof = fmt.Sprintf("every input byte %s reads is defined by the query, and it is false on those values", s.constraintName(i))
	return true
}

// proveRange is phase "range": the sound intervals the conjuncts imply on
// one input group (decision 3) do not intersect, so no value of the group
// satisfies all of them.
func (r *run) proveRange() bool {
	s := r.s
	if !r.enter(PhaseRange) {
		return false
	}
	defer r.leave()
	for i := range s.roots {
		for _, rc := range s.info[i].Ranges {
			if e := r.ranges[rc.Group.Key()]; e != nil && e.Set.Empty() {
				r.unsat = true
				r.proof = fmt.Sprintf("the intervals the query implies on input group %s do not intersect", rc.Group.Key())
				return true
			}
		}
	}
	return false
}
