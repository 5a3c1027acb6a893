package idrup

// The clause database of the checker: the active multiset F_A (watched, two
// watched literals), the passive multiset F_P (weakened clauses, not
// watched), the list of every input clause ever added (for model checks) and
// the root-level trail. Literals are internal: variable v (1-based dense
// index) gives the codes 2v (positive) and 2v+1 (negative).

type lit = uint32

func neg(l lit) lit { return l ^ 1 }

type clause struct {
	lits     []lit
	orig     []lit // input clauses: the literals in the order of the file
	hash     uint64
	input    bool
	weakened bool
	taut     bool
	gone     bool // deleted; kept only because it is an input clause
}

type db struct {
	// external variable -> internal index; dense table for small variables,
	// map for the rest, so a line "i 2000000000 0" costs no memory.
	dense   []uint32
	sparse  map[int]uint32
	ext     []int // internal index -> external variable
	values  []int8
	marks   []bool
	watches [][]*clause
	trail   []lit
	propped int // trail[:propped] have been propagated
	level   int
	units   int // len(trail) at decision level 0

	active  map[uint64][]*clause
	passive map[uint64][]*clause
	empties int // active empty clauses
	inputs  []*clause

	inconsistent bool
	stats        *Stats
}

const denseLimit = 1 << 20

func newDB(st *Stats) *db {
	d := &db{
		sparse:  map[int]uint32{},
		ext:     []int{0},
		values:  make([]int8, 2),
		marks:   make([]bool, 2),
		watches: make([][]*clause, 2),
		active:  map[uint64][]*clause{},
		passive: map[uint64][]*clause{},
		stats:   st,
	}
	return d
}

// lookup returns the internal index of an external variable or 0.
func (d *db) lookup(v int) uint32 {
	if v < len(d.dense) {
		return d.dense[v]
	}
	return d.sparse[v]
}

// intern returns the internal index of external variable v, importing it.
func (d *db) intern(v int) uint32 {
	if i := d.lookup(v); i != 0 {
		return i
	}
	i := uint32(len(d.ext))
	d.ext = append(d.ext, v)
	d.values = append(d.values, 0, 0)
	d.marks = append(d.marks, false, false)
	d.watches = append(d.watches, nil, nil)
	if v < denseLimit {
		for len(d.dense) <= v {
			d.dense = append(d.dense, 0)
		}
		d.dense[v] = i
	} else {
		d.sparse[v] = i
	}
	return i
}

func (d *db) toLit(e int) lit {
	if e < 0 {
		return lit(d.intern(-e))<<1 | 1
	}
	return lit(d.intern(e)) << 1
}

// lookupLit returns the internal literal of e, or false if its variable was
// never seen.
func (d *db) lookupLit(e int) (lit, bool) {
	v := e
	if v < 0 {
		v = -v
	}
	i := d.lookup(v)
	if i == 0 {
		return 0, false
	}
	if e < 0 {
		return lit(i)<<1 | 1, true
	}
	return lit(i) << 1, true
}

func (d *db) extLit(l lit) int {
	v := d.ext[l>>1]
	if l&1 == 1 {
		return -v
	}
	return v
}

// litHash mixes a literal into 64 bits (splitmix64); clause hashes are sums,
// so they do not depend on literal order.
func litHash(l lit) uint64 {
	z := uint64(l) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// normalize converts external literals to internal ones, dropping duplicate
// literals (idrup-check does not, and then misses propagations; see the
// thesis §4.1.2). It reports whether the clause is a tautology.
func (d *db) normalize(ext []int, out []lit) ([]lit, uint64, bool) {
	out = out[:0]
	taut := false
	var h uint64
	for _, e := range ext {
		l := d.toLit(e)
		if d.marks[l] {
			continue
		}
		if d.marks[neg(l)] {
			taut = true
		}
		d.marks[l] = true
		out = append(out, l)
		h += litHash(l)
	}
	for _, l := range out {
		d.marks[l] = false
	}
	return out, h, taut
}

// find returns the index in m[h] of a clause with exactly the literals of
// lits (a duplicate-free set), or -1.
func (d *db) find(m map[uint64][]*clause, lits []lit, h uint64) int {
	cs := m[h]
	if len(cs) == 0 {
		return -1
	}
	for _, l := range lits {
		d.marks[l] = true
	}
	found := -1
	for i, c := range cs {
		if len(c.lits) != len(lits) {
			continue
		}
		ok := true
		for _, l := range c.lits {
			if !d.marks[l] {
				ok = false
				break
			}
		}
		if ok {
			found = i
			break
		}
	}
	for _, l := range lits {
		d.marks[l] = false
	}
	return found
}

func removeAt(m map[uint64][]*clause, h uint64, i int) *clause {
	cs := m[h]
	c := cs[i]
	cs[i] = cs[len(cs)-1]
	cs[len(cs)-1] = nil
	cs = cs[:len(cs)-1]
	if len(cs) == 0 {
		delete(m, h)
	} else {
		m[h] = cs
	}
	return c
}

func (d *db) assign(l lit) {
	d.values[l] = 1
	d.values[neg(l)] = -1
	d.trail = append(d.trail, l)
	if d.level == 0 {
		d.units = len(d.trail)
	}
}

// add puts a new clause into F_A (the literals are copied).
func (d *db) add(lits []lit, h uint64, taut, input bool) {
	c := &clause{lits: append([]lit(nil), lits...), hash: h, input: input, taut: taut}
	if input {
		c.orig = append([]lit(nil), lits...) // watches reorder lits; messages quote the input order
		d.inputs = append(d.inputs, c)
	}
	d.active[h] = append(d.active[h], c)
	d.attach(c)
}

// attach watches an active clause at decision level 0, assigning its unit
// or noting the inconsistency when it is unit or falsified under the root
// assignment.
func (d *db) attach(c *clause) {
	if c.taut {
		return
	}
	n := len(c.lits)
	if n == 0 {
		d.empties++
		d.inconsistent = true
		return
	}
	// Move up to two non-false literals to the front.
	k := 0
	for i := 0; i < n && k < 2; i++ {
		if d.values[c.lits[i]] >= 0 {
			c.lits[k], c.lits[i] = c.lits[i], c.lits[k]
			k++
		}
	}
	if n >= 2 {
		d.watches[c.lits[0]] = append(d.watches[c.lits[0]], c)
		d.watches[c.lits[1]] = append(d.watches[c.lits[1]], c)
	}
	switch {
	case k == 0:
		d.inconsistent = true
	case k == 1 && d.values[c.lits[0]] == 0:
		d.assign(c.lits[0])
	}
}

func (d *db) unwatch(l lit, c *clause) {
	ws := d.watches[l]
	for i, w := range ws {
		if w == c {
			ws[i] = ws[len(ws)-1]
			ws[len(ws)-1] = nil
			d.watches[l] = ws[:len(ws)-1]
			return
		}
	}
}

// detach removes an active clause from the watches. Root-level units it
// implied stay assigned, as in idrup-check.
func (d *db) detach(c *clause) {
	if c.taut {
		return
	}
	if len(c.lits) == 0 {
		d.empties--
		return
	}
	if len(c.lits) >= 2 {
		d.unwatch(c.lits[0], c)
		d.unwatch(c.lits[1], c)
	}
}

// propagate runs unit propagation over the active clauses from the
// unpropagated part of the trail; it returns false on a conflict.
func (d *db) propagate() bool {
	for d.propped < len(d.trail) {
		p := d.trail[d.propped]
		d.propped++
		d.stats.Propagations++
		fl := neg(p) // literal that became false
		ws := d.watches[fl]
		j := 0
		conflict := false
		for i := 0; i < len(ws); i++ {
			c := ws[i]
			if conflict {
				ws[j] = c
				j++
				continue
			}
			lits := c.lits
			if lits[0] == fl {
				lits[0], lits[1] = lits[1], fl
			}
			other := lits[0]
			if d.values[other] > 0 {
				ws[j] = c
				j++
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if d.values[lits[k]] >= 0 {
					lits[1], lits[k] = lits[k], fl
					d.watches[lits[1]] = append(d.watches[lits[1]], c)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = c
			j++
			if d.values[other] == 0 {
				d.assign(other)
			} else {
				conflict = true
			}
		}
		d.watches[fl] = ws[:j]
		if conflict {
			return false
		}
	}
	return true
}

// backtrack undoes every assignment above decision level 0.
func (d *db) backtrack() {
	for i := len(d.trail) - 1; i >= d.units; i-- {
		l := d.trail[i]
		d.values[l] = 0
		d.values[neg(l)] = 0
	}
	d.trail = d.trail[:d.units]
	if d.propped > d.units {
		d.propped = d.units
	}
	d.level = 0
}

// implied reports whether assigning each literal of lits (negated when
// negate is set) and propagating gives a conflict: the RUP check for
// lemmas (negate) and the core check (not negated). An inconsistent
// database implies everything.
func (d *db) implied(lits []lit, negate bool) bool {
	if d.inconsistent {
		return true
	}
	if !d.propagate() {
		d.inconsistent = true
		return true
	}
	ok := false
	for _, l := range lits {
		if negate {
			l = neg(l)
		}
		switch d.values[l] {
		case 1:
			continue
		case -1:
			ok = true
		default:
			d.level = 1
			d.stats.Decisions++
			d.assign(l)
			continue
		}
		break
	}
	if !ok {
		ok = !d.propagate()
	}
	d.backtrack()
	return ok
}
