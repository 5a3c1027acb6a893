package fuzzysat

import (
	"fmt"
	"slices"

	"tandem/smt"
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
// them decides the query: false proves it unsat. Definitions propagate
// through equalities between an input group and a term whose bytes are
// all defined (SAGE's (= T4 (bvor (bvshl T1_3 24) …)) with (= T4 0)).
// Two definitions of one byte that differ prove the query unsat too.
func (r *run) provePinned() bool {
	s := r.s
	if len(s.goalIn) == 0 || s.p.Callee != nil || !r.enter(PhasePinned) {
		return false
	}
	defer r.leave()
	d := &defs{r: r, at: map[int]byteDef{}}
	for i := range s.roots {
		for _, u := range s.info[i].Unique {
			if d.set(u.Byte, u.Value, i) {
				return true
			}
		}
	}
	if len(d.at) == 0 {
		return false
	}
	if d.propagate() {
		return true
	}
	for _, b := range s.goalIn {
		if _, ok := d.at[b]; !ok {
			return false
		}
	}
	r.st.Evals++
	i, ok := r.falseGoal(d.assignment())
	if !ok {
		return false
	}
	r.unsat = true
	r.proof = fmt.Sprintf("every input byte %s reads is defined by the query, and it is false on those values", s.constraintName(i))
	return true
}

// byteDef is the value the query defines an input byte as, and the
// defining constraint.
type byteDef struct {
	v  byte
	by int
}

// defs are the defined bytes of a query.
type defs struct {
	r  *run
	at map[int]byteDef
}

// set defines byte b as v by constraint i; it reports a conflict with an
// earlier definition, which proves the query unsat.
func (d *defs) set(b int, v byte, i int) bool {
	old, ok := d.at[b]
	if !ok {
		d.at[b] = byteDef{v, i}
		return false
	}
	if old.v == v {
		return false
	}
	s := d.r.s
	d.r.unsat = true
	d.r.proof = fmt.Sprintf("input byte %d is %#02x by %s and %#02x by %s", b, old.v, s.constraintName(old.by), v, s.constraintName(i))
	return true
}

// assignment is the current assignment with the defined bytes written.
func (d *defs) assignment() []byte {
	b := slices.Clone(d.r.cur)
	for by, x := range d.at {
		if by < len(b) {
			b[by] = x.v
		}
	}
	return b
}

// propagate defines the bytes of g in each top-level equality (= g t),
// g an input group and t a term whose input bytes are all defined, as
// the bytes of t's value there (exactly, by the interpreter), until
// nothing changes. It reports a proof of unsat: a conflict, or a value
// that g cannot take (bits in a constant slot of g).
func (d *defs) propagate() bool {
	s := d.r.s
	an := s.an
	for changed := true; changed; {
		changed = false
		for i, root := range s.roots {
			op, x, y := asCmp(root)
			if op != cmpEq || root.Kind() != smt.App || root.Op() != smt.OpEq {
				continue
			}
			for side := 0; side < 2; side++ {
				if side == 1 {
					x, y = y, x
				}
				g := an.Group(x)
				if g == nil || g.Width > 64 || !d.undefined(g.Bytes()) || d.undefined(an.Inputs(y)) {
					continue
				}
				v, ok := s.an.bvValue(y, d.assignment())
				if !ok {
					continue
				}
				for k, slot := range g.Slots {
					by := byte(v >> uint(8*k))
					switch {
					case slot >= 0:
						if d.set(slot, by, i) {
							return true
						}
						changed = true
					case by != 0 && slot == SlotZero:
						d.r.unsat = true
						d.r.proof = fmt.Sprintf("%s equates input group %s with %#x, which it cannot hold", s.constraintName(i), g.Key(), v)
						return true
					}
				}
				break
			}
		}
	}
	return false
}

// undefined reports whether one of bytes has no definition.
func (d *defs) undefined(bytes []int) bool {
	for _, b := range bytes {
		if _, ok := d.at[b]; !ok {
			return true
		}
	}
	return false
}

// proveRange is phase "range": the sound intervals the conjuncts imply on
// one input group (decision 3) do not intersect, so no value of the group
// satisfies all of them. Intervals carry over top-level equalities
// between two groups of one width (SAGE's T4 = (bvor (bvshl T1_3 24) …)):
// both have the same value, so each has the other's interval too.
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
	// equal groups: a few passes carry intervals along chains
	var sets map[string]IntervalSet
	get := func(g *InputGroup) IntervalSet {
		if x, ok := sets[g.Key()]; ok {
			return x
		}
		if rc := r.ranges[g.Key()]; rc != nil {
			return rc.Set
		}
		return Full(g.ValueWidth())
	}
	for pass := 0; pass < 3; pass++ {
		changed := false
		for i, root := range s.roots {
			if root.Kind() != smt.App || root.Op() != smt.OpEq || root.NumArgs() != 2 {
				continue
			}
			g, h := s.an.Group(root.Arg(0)), s.an.Group(root.Arg(1))
			if g == nil || h == nil || g.Width != h.Width || g.hasConst() || h.hasConst() || g.Key() == h.Key() {
				continue
			}
			// both values are below 2^min(value widths)
			w := min(g.ValueWidth(), h.ValueWidth())
			x, y := get(g).Narrow(w), get(h).Narrow(w)
			if x.IsFull() && y.IsFull() && g.ValueWidth() == h.ValueWidth() {
				continue
			}
			both := x.Intersect(y)
			if both.Empty() {
				r.unsat = true
				r.proof = fmt.Sprintf("%s equates input groups %s and %s, whose intervals do not intersect", s.constraintName(i), g.Key(), h.Key())
				return true
			}
			if sets == nil {
				sets = map[string]IntervalSet{}
			}
			for _, k := range []*InputGroup{g, h} {
				old := get(k)
				nw := both
				nw.W = k.ValueWidth()
				if nw.Size() != old.Size() {
					sets[k.Key()], changed = nw, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return false
}
