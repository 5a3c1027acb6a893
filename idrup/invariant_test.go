package idrup

import (
	"errors"
	"fmt"
)

// invariants checks the clause database between two lines: the tables
// indexed by literal have one entry per literal and every literal stored
// in the arena, the binary lists, the trail and the blocking literals is
// one of them (propagate and visit read them without bounds checks), the
// stop literal is true, the trail has room for every variable and holds exactly
// the assigned literals, every watch list's count is within its slice and
// every watch names a live active clause of three literals or more that
// has the list's literal in a watched position, each such clause has
// exactly two watches, ends with stop and has its search position within
// its literals, and every active binary clause is in the binary lists of
// both its literals.
func (d *db) invariants() error {
	if d.values[stop] != 1 || d.values[neg(stop)] != -1 {
		return errors.New("the stop literal is not true")
	}
	if len(d.trail) != len(d.ext)-1 || d.nt > len(d.trail) || d.units > d.nt || d.propped > d.nt || d.bpropped > d.nt {
		return fmt.Errorf("trail: room %d for %d variables, %d assigned, units %d, propagated %d and %d", len(d.trail), len(d.ext)-1, d.nt, d.units, d.propped, d.bpropped)
	}
	nl := len(d.values)
	if len(d.watches) != nl || len(d.bins) != nl || len(d.marks) != nl || nl != 2*len(d.ext) {
		return fmt.Errorf("tables by literal: %d values, %d watch lists, %d binary lists, %d marks for %d variables", nl, len(d.watches), len(d.bins), len(d.marks), len(d.ext)-1)
	}
	for _, l := range d.trail[:d.nt] {
		if int(l) >= nl {
			return fmt.Errorf("trail literal %d out of range", l)
		}
	}
	for l, bs := range d.bins {
		for _, o := range bs {
			if int(o) >= nl {
				return fmt.Errorf("binary list of %d holds literal %d out of range", l, o)
			}
		}
	}
	for l, wl := range d.watches {
		for _, w := range wl.ws[:min(int(wl.n), len(wl.ws))] {
			if int(w.blocker) >= nl || int(w.ref)+overhead > len(d.arena) {
				return fmt.Errorf("watch of %d: blocking literal %d, clause at %d of %d arena words", l, w.blocker, w.ref, len(d.arena))
			}
		}
	}
	for ref := 0; ref < len(d.arena); {
		n := int(d.arena[ref])
		if ref+overhead+n > len(d.arena) {
			return fmt.Errorf("clause at %d of %d literals overruns the arena of %d words", ref, n, len(d.arena))
		}
		for _, l := range d.arena[ref+header : ref+header+n+1] {
			if int(l) >= nl {
				return fmt.Errorf("clause at %d holds literal %d out of range", ref, l)
			}
		}
		ref += overhead + n
	}
	if d.level != 0 {
		return fmt.Errorf("decision level %d between lines", d.level)
	}
	assigned := 0
	for l := lit(2); int(l) < len(d.values); l++ {
		if d.values[l] != -d.values[neg(l)] {
			return fmt.Errorf("literal %d and its negation have values %d and %d", d.extLit(l), d.values[l], d.values[neg(l)])
		}
		if d.values[l] > 0 {
			assigned++
		}
	}
	for _, l := range d.trail[:d.nt] {
		if d.values[l] != 1 {
			return fmt.Errorf("trail literal %d is not true", d.extLit(l))
		}
	}
	if assigned != d.nt {
		return fmt.Errorf("%d literals true, %d on the trail", assigned, d.nt)
	}
	free := map[uint32]bool{}
	for _, ci := range d.free {
		free[ci] = true
	}
	byRef := map[uint32]uint32{}
	for ci := uint32(1); int(ci) < len(d.metas); ci++ {
		if !free[ci] && d.live(ci) {
			byRef[d.metas[ci].ref] = ci
		}
	}
	watched := map[uint32]int{}
	for l, wl := range d.watches {
		if int(wl.n) > len(wl.ws) {
			return fmt.Errorf("watch list of %d: count %d, room %d", d.extLit(lit(l)), wl.n, len(wl.ws))
		}
		for _, w := range wl.ws[:wl.n] {
			ci, ok := byRef[w.ref]
			m := d.metas[ci]
			if !ok || m.flags&(fWeakened|fGone|fTaut) != 0 || d.arena[m.ref] < 3 {
				return fmt.Errorf("watch of %d at %d names no active clause of three literals or more", d.extLit(lit(l)), w.ref)
			}
			if lits := d.lits(ci); lits[0] != lit(l) && lits[1] != lit(l) {
				return fmt.Errorf("watch of %d names a clause that watches %d and %d", d.extLit(lit(l)), d.extLit(lits[0]), d.extLit(lits[1]))
			}
			watched[ci]++
		}
	}
	bins := map[[2]lit]int{}
	for l, bs := range d.bins {
		for _, o := range bs {
			bins[[2]lit{lit(l), o}]++
		}
	}
	nbins := 0
	for ci := uint32(1); int(ci) < len(d.metas); ci++ {
		m := d.metas[ci]
		if free[ci] || !d.live(ci) {
			continue
		}
		n := d.arena[m.ref]
		if end := m.ref + header + n; d.arena[end] != stop {
			return fmt.Errorf("clause %d does not end with stop", ci)
		}
		if m.flags&(fWeakened|fGone|fTaut) != 0 {
			continue
		}
		lits := d.lits(ci)
		switch {
		case n == 2:
			if bins[[2]lit{lits[0], lits[1]}] == 0 || bins[[2]lit{lits[1], lits[0]}] == 0 {
				return fmt.Errorf("binary clause %d %d is not in the binary lists", d.extLit(lits[0]), d.extLit(lits[1]))
			}
			nbins++
		case n > 2:
			if watched[ci] != 2 {
				return fmt.Errorf("clause %d has %d watches", ci, watched[ci])
			}
			if pos := d.arena[m.ref+2]; pos < 2 || pos >= n {
				return fmt.Errorf("clause %d of %d literals has search position %d", ci, n, pos)
			}
		}
	}
	if nbins != d.nbins {
		return fmt.Errorf("%d active binary clauses, %d counted", nbins, d.nbins)
	}
	return nil
}
