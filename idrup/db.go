package idrup

import (
	"slices"
	"unsafe"
)

// The clause database of the checker: the active multiset F_A (watched, two
// watched literals), the passive multiset F_P (weakened clauses, not
// watched), the list of every input clause ever added (for model checks) and
// the root-level trail. Literals are internal: variable v (1-based dense
// index) gives the codes 2v (positive) and 2v+1 (negative).
//
// Speed (issue 29 §2): the literals of every clause live in one arena
// ([]lit, header then literals then an always-true stop literal), a watch
// of a longer clause is a blocking literal and the clause's arena offset,
// a watch list is a slice with a count (adding a watch writes the watch and
// the count), binary clauses are watched implicitly (the other literal
// only, in lists of their own that are propagated first and never
// rewritten), clauses are found for 'd', 'w' and 'r' through a chained
// hash table over a metadata slice, and freed metadata and arena space are
// reused, so checking a lemma allocates nothing once the tables have
// grown. The visit of a watch list calls nothing (an implied literal goes
// onto a trail with room for every variable; a full watch list returns to
// propagate, which grows it), writes a clause only when its watch moves
// and writes back no watch that stays (a moved watch takes the list's
// last one); the arena is compacted in place. The propagation loops
// (propagate, visit, backtrack) read the tables through unsafe pointers,
// without bounds checks, by invariants stated at visit. Every lemma is checked
// forward, as idrup-check does: a backward (core-first) check would verify
// only the lemmas that the cores use, which justifies every answer but
// accepts proofs with a wrong unused lemma that idrup-check rejects
// (bench/satcheck/README.md). The invariants of these structures are
// checked by tests (invariant_test.go).

type lit = uint32

func neg(l lit) lit { return l ^ 1 }

// Clause flags.
const (
	fInput    = 1 << iota // an input clause ('i'): kept for model checks even when deleted
	fWeakened             // in F_P
	fTaut                 // a tautology: never watched, always satisfied
	fGone                 // deleted (kept only because it is an input clause)
)

// meta is what the checker knows of a clause besides its literals.
type meta struct {
	ref   uint32 // arena offset of the header
	next  uint32 // next clause of the hash chain (0: none)
	hash  uint64 // order-independent hash of the literal set
	flags uint8
}

// The arena header of a clause is [size, meta index, search position];
// the literals follow, then the literal stop. The search position is
// where the last replacement watch was found: the next search starts
// there and wraps around (Gent, JAIR 2013), which saves scanning the false
// prefix of long lemmas again.
const (
	header   = 3
	overhead = header + 1 // arena words of a clause besides its literals
)

// stop ends the literals of every clause in the arena: the literal of
// variable 0, which no external variable maps to, is always true, so the
// search for a replacement watch stops at it without testing the clause's
// end.
const stop lit = 0

// watch is an entry of a watch list of clauses with three literals or
// more: the clause at arena offset ref and a literal of it, true in the
// common case, that spares the visit.
type watch struct {
	blocker lit
	ref     uint32
}

// wlist is the watch list of a literal: ws[:n]. The slice is only
// changed when the list grows, so adding a watch writes the watch and n.
type wlist struct {
	ws []watch
	n  uint32
}

// maxArena bounds the arena offsets (and the error message of room).
const maxArena = 1 << 31

type db struct {
	// external variable -> internal index; dense table for small variables,
	// map for the rest, so a line "i 2000000000 0" costs no memory.
	dense    []uint32
	sparse   map[int]uint32
	ext      []int // internal index -> external variable
	values   []int8
	marks    []bool
	watches  []wlist
	bins     [][]lit // bins[l]: the other literal of each binary clause with l
	nbins    int     // binary clauses watched
	full     lit     // the literal whose full watch list stopped visit
	trail    []lit   // trail[:nt] are the assigned literals; room for every variable
	nt       int
	propped  int // trail[:propped] have been propagated over longer clauses
	bpropped int // trail[:bpropped] have been propagated over binary clauses
	level    int
	units    int // nt at decision level 0

	arena   []lit
	garbage int      // arena words of freed clauses
	metas   []meta   // index 0 unused
	free    []uint32 // freed meta indices
	buckets []uint32 // hash table: chain heads (meta indices)
	count   int      // clauses in the hash table
	empties int      // active empty clauses
	inputs  []uint32 // meta indices of every input clause, in order
	orig    []lit    // the input clauses' literals in file order, for messages
	origAt  []uint32 // offset in orig of each input clause (parallel to inputs)

	inconsistent bool
	stats        *Stats
}

const denseLimit = 1 << 20

func newDB(st *Stats) *db {
	return &db{
		sparse:  map[int]uint32{},
		ext:     []int{0},
		values:  []int8{1, -1}, // stop is true
		marks:   make([]bool, 2),
		watches: make([]wlist, 2),
		bins:    make([][]lit, 2),
		metas:   make([]meta, 1),
		buckets: make([]uint32, 1024),
		stats:   st,
	}
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
	d.watches = append(d.watches, wlist{}, wlist{})
	d.bins = append(d.bins, nil, nil)
	d.trail = append(d.trail, 0) // a variable is on the trail at most once
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

// litHash mixes a literal into 64 bits (a multiplication by the golden
// ratio and a shift: one multiplication per literal, enough for the hash
// table's buckets, whose clauses are compared literal by literal); clause
// hashes are sums, so they do not depend on literal order.
func litHash(l lit) uint64 {
	z := (uint64(l) + 1) * 0x9e3779b97f4a7c15
	return z ^ (z >> 29)
}

// normalize converts external literals to internal ones, dropping duplicate
// literals (idrup-check does not, and then misses propagations; see the
// thesis §4.1.2). It reports whether the clause is a tautology.
func (d *db) normalize(ext []int, out []lit) ([]lit, uint64, bool) {
	out = out[:0]
	taut := false
	var h uint64
	dense, marks := d.dense, d.marks
	for _, e := range ext {
		v, sign := e, lit(0)
		if e < 0 {
			v, sign = -e, 1
		}
		var l lit
		if v < len(dense) && dense[v] != 0 {
			l = lit(dense[v])<<1 | sign
		} else {
			l = d.toLit(e) // may import the variable: the tables grow
			dense, marks = d.dense, d.marks
		}
		if marks[l] {
			continue
		}
		if marks[neg(l)] {
			taut = true
		}
		marks[l] = true
		out = append(out, l)
		h += litHash(l)
	}
	for _, l := range out {
		marks[l] = false
	}
	return out, h, taut
}

// lits returns the literals of clause ci (watched ones first).
func (d *db) lits(ci uint32) []lit {
	r := d.metas[ci].ref
	return d.arena[r+header : r+header+d.arena[r]]
}

func (d *db) bucket(h uint64) *uint32 { return &d.buckets[h&uint64(len(d.buckets)-1)] }

// find returns the clause with exactly the literals of lits (a
// duplicate-free set) and hash h that is weakened (in F_P) or not (in F_A),
// or 0.
func (d *db) find(lits []lit, h uint64, weakened bool) uint32 {
	for _, l := range lits {
		d.marks[l] = true
	}
	found := uint32(0)
	for ci := *d.bucket(h); ci != 0; ci = d.metas[ci].next {
		m := &d.metas[ci]
		if m.hash != h || (m.flags&fWeakened != 0) != weakened || int(d.arena[m.ref]) != len(lits) {
			continue
		}
		ok := true
		for _, l := range d.lits(ci) {
			if !d.marks[l] {
				ok = false
				break
			}
		}
		if ok {
			found = ci
			break
		}
	}
	for _, l := range lits {
		d.marks[l] = false
	}
	return found
}

func (d *db) link(ci uint32) {
	b := d.bucket(d.metas[ci].hash)
	d.metas[ci].next = *b
	*b = ci
	d.count++
	if d.count > 2*len(d.buckets) {
		d.rehash()
	}
}

func (d *db) unlink(ci uint32) {
	p := d.bucket(d.metas[ci].hash)
	for *p != ci {
		p = &d.metas[*p].next
	}
	*p = d.metas[ci].next
	d.count--
}

func (d *db) rehash() {
	old := d.buckets
	d.buckets = make([]uint32, 4*len(old))
	for _, head := range old {
		for ci := head; ci != 0; {
			next := d.metas[ci].next
			b := d.bucket(d.metas[ci].hash)
			d.metas[ci].next = *b
			*b = ci
			ci = next
		}
	}
}

func (d *db) assign(l lit) {
	d.values[l] = 1
	d.values[neg(l)] = -1
	d.trail[d.nt] = l
	d.nt++
	if d.level == 0 {
		d.units = d.nt
	}
}

// add puts a new clause into F_A (the literals are copied).
func (d *db) add(lits []lit, h uint64, taut, input bool) {
	var ci uint32
	if n := len(d.free); n > 0 {
		ci = d.free[n-1]
		d.free = d.free[:n-1]
	} else {
		ci = uint32(len(d.metas))
		d.metas = append(d.metas, meta{})
	}
	ref := uint32(len(d.arena))
	d.arena = append(d.arena, lit(len(lits)), ci, 2)
	d.arena = append(d.arena, lits...)
	d.arena = append(d.arena, stop)
	m := meta{ref: ref, hash: h}
	if taut {
		m.flags |= fTaut
	}
	if input {
		m.flags |= fInput
		d.inputs = append(d.inputs, ci)
		d.origAt = append(d.origAt, uint32(len(d.orig)))
		d.orig = append(d.orig, lits...) // watches reorder the arena; messages quote the input order
	}
	d.metas[ci] = m
	d.link(ci)
	d.attach(ci)
}

// remove deletes clause ci ('d'): out of the hash table and the watches;
// an input clause keeps its literals for model checks.
func (d *db) remove(ci uint32) {
	d.unlink(ci)
	d.detach(ci)
	m := &d.metas[ci]
	m.flags |= fGone
	if m.flags&fInput == 0 {
		d.garbage += overhead + int(d.arena[m.ref])
		d.free = append(d.free, ci)
		d.collect()
	}
}

// weaken moves clause ci from F_A to F_P ('w').
func (d *db) weaken(ci uint32) {
	d.detach(ci)
	d.metas[ci].flags |= fWeakened
}

// restore moves clause ci from F_P back to F_A ('r').
func (d *db) restore(ci uint32) {
	d.metas[ci].flags &^= fWeakened
	d.attach(ci)
}

// collectMin is the freed arena size (in words) below which collect does
// nothing; 0 (for tests) compacts on every deletion.
var collectMin = 1 << 16

// collect compacts the arena in place when more than half of it is freed
// clauses, moving watches to the new offsets. In place, the arena keeps its
// capacity: the lemmas that follow fill it without growing it again.
func (d *db) collect() {
	if collectMin > 0 && (d.garbage < collectMin || 2*d.garbage < len(d.arena)) {
		return
	}
	arena := d.arena
	// New offsets into the metadata; a freed clause's header gets meta
	// index 0 (unused), since its index may already name another clause.
	end := uint32(0)
	for ref := uint32(0); ref < uint32(len(arena)); {
		n := arena[ref]
		if ci := arena[ref+1]; d.metas[ci].ref == ref && d.live(ci) {
			d.metas[ci].ref = end
			end += overhead + n
		} else {
			arena[ref+1] = 0
		}
		ref += overhead + n
	}
	for _, wl := range d.watches {
		ws := wl.ws[:wl.n]
		for i, w := range ws {
			ws[i].ref = d.metas[arena[w.ref+1]].ref
		}
	}
	// Clauses only move down, in order: copy never overwrites one that is
	// still to move.
	for ref := uint32(0); ref < uint32(len(arena)); {
		n := arena[ref]
		if ci := arena[ref+1]; ci != 0 {
			copy(arena[d.metas[ci].ref:], arena[ref:ref+overhead+n])
		}
		ref += overhead + n
	}
	d.arena = arena[:end]
	d.garbage = 0
}

// live reports whether clause ci still owns its arena space.
func (d *db) live(ci uint32) bool {
	f := d.metas[ci].flags
	return f&fGone == 0 || f&fInput != 0
}

// attach watches an active clause at decision level 0, assigning its unit
// or noting the inconsistency when it is unit or falsified under the root
// assignment.
func (d *db) attach(ci uint32) {
	m := &d.metas[ci]
	if m.flags&fTaut != 0 {
		return
	}
	lits := d.lits(ci)
	n := len(lits)
	if n == 0 {
		d.empties++
		d.inconsistent = true
		return
	}
	// Move up to two non-false literals to the front.
	k := 0
	for i := 0; i < n && k < 2; i++ {
		if d.values[lits[i]] >= 0 {
			lits[k], lits[i] = lits[i], lits[k]
			k++
		}
	}
	switch {
	case n == 2:
		d.bins[lits[0]] = append(d.bins[lits[0]], lits[1])
		d.bins[lits[1]] = append(d.bins[lits[1]], lits[0])
		d.nbins++
	case n > 2:
		d.watch(lits[0], watch{lits[1], m.ref})
		d.watch(lits[1], watch{lits[0], m.ref})
	}
	switch {
	case k == 0:
		d.inconsistent = true
	case k == 1 && d.values[lits[0]] == 0:
		d.assign(lits[0])
	}
}

// watch adds w to the watches of l.
func (d *db) watch(l lit, w watch) {
	wl := &d.watches[l]
	if int(wl.n) == len(wl.ws) {
		d.grow(l)
	}
	wl.ws[wl.n] = w
	wl.n++
}

// grow doubles the room of the watch list of l.
func (d *db) grow(l lit) {
	ws := d.watches[l].ws
	ws = slices.Grow(ws, max(len(ws), 4))
	d.watches[l].ws = ws[:cap(ws)]
}

func (d *db) unwatch(l lit, ref uint32) {
	wl := &d.watches[l]
	ws := wl.ws[:wl.n]
	for i, w := range ws {
		if w.ref == ref {
			ws[i] = ws[len(ws)-1]
			wl.n--
			return
		}
	}
}

// detach removes an active clause from the watches. Root-level units it
// implied stay assigned, as in idrup-check.
func (d *db) detach(ci uint32) {
	m := &d.metas[ci]
	if m.flags&fTaut != 0 {
		return
	}
	lits := d.lits(ci)
	if len(lits) == 0 {
		d.empties--
		return
	}
	switch {
	case len(lits) == 2:
		d.unbin(lits[0], lits[1])
		d.unbin(lits[1], lits[0])
		d.nbins--
	case len(lits) > 2:
		d.unwatch(lits[0], m.ref)
		d.unwatch(lits[1], m.ref)
	}
}

// unbin removes one occurrence of other from the binary list of l (copies
// of a binary clause have the same entries, so any one will do).
func (d *db) unbin(l, other lit) {
	bs := d.bins[l]
	for i, o := range bs {
		if o == other {
			bs[i] = bs[len(bs)-1]
			d.bins[l] = bs[:len(bs)-1]
			return
		}
	}
}

// propagate runs unit propagation over the active clauses from the
// unpropagated part of the trail; it returns false on a conflict. Binary
// clauses go first: every literal on the trail is propagated over them
// before the next one is propagated over the longer clauses, so a
// conflict among binary clauses is found without visiting longer ones.
// Unit propagation reaches a conflict or the same fixpoint in any order,
// so the verdicts do not depend on it.
//
// The binary lists are visited here, read only, with the tables and the
// trail in locals (they do not change while propagating: no variable is
// imported, no clause added) and no call; visit is called only for a
// non-empty watch list of longer clauses (most lists of the colouring
// proofs are short or empty).
func (d *db) propagate() bool {
	// The trail and the watch lists through unsafe pointers, as in visit:
	// a literal on the trail is below len(d.watches), propped < nt <=
	// len(d.trail).
	watches := unsafe.Pointer(unsafe.SliceData(d.watches))
	trail := unsafe.Pointer(unsafe.SliceData(d.trail))
	nt, propped, bpropped := d.nt, d.propped, d.bpropped
	start := propped
	ok := true
	if d.nbins == 0 {
		// Without binary clauses there is nothing to visit (a binary
		// clause attached later is checked against the root assignment
		// by attach, as any clause is).
		bpropped = len(d.trail)
	}
	for {
		if bpropped < nt {
			if bpropped, nt, ok = d.binaries(bpropped, nt); !ok {
				break
			}
		}
		if propped == nt {
			break
		}
		fl := neg(*(*lit)(unsafe.Add(trail, uintptr(propped)*4)))
		propped++
		wl := (*wlist)(unsafe.Add(watches, uintptr(fl)*unsafe.Sizeof(wlist{})))
		if wl.n == 0 {
			continue
		}
		d.nt = nt
		i := d.visit(wl, fl, 0)
		for i >= 0 {
			d.grow(d.full)
			i = d.visit(wl, fl, i)
		}
		nt = d.nt
		if i == visitConflict {
			ok = false
			break
		}
	}
	d.nt, d.propped, d.bpropped = nt, propped, min(bpropped, nt)
	d.stats.Propagations += int64(propped - start)
	if d.level == 0 {
		d.units = nt
	}
	return ok
}

// binaries propagates trail[b:nt] over the binary clauses; it returns the
// new b and nt, and false on a conflict. Not inlined: in propagate, with
// its locals, the loop's counters spill to the stack.
//
//go:noinline
func (d *db) binaries(b, nt int) (int, int, bool) {
	values, bins, trail := d.values, d.bins, d.trail
	for ; b < nt; b++ {
		for _, o := range bins[neg(trail[b])] {
			switch values[o] {
			case 0:
				values[o] = 1
				values[neg(o)] = -1
				trail[nt] = o
				nt++
			case -1:
				return b, nt, false
			}
		}
	}
	return b, nt, true
}

// What visit returns besides the index of the watch it stopped at.
const (
	visitDone     = -1
	visitConflict = -2
)

// visit updates the watches wl of the longer clauses of fl, a literal that
// became false, from its i-th watch on, as MiniSat and CaDiCaL do: a true
// blocking literal spares the clause; else the clause gets a replacement
// watch, implies its other watch, or is the conflict. It returns
// visitDone, visitConflict, or the index of the watch it stopped at
// because the watch list of d.full is full: the caller grows it and calls
// again from there.
//
// The loop calls nothing (an implied literal goes onto the trail, which
// has room for every variable; a full watch list returns), so the
// compiler need not spill its registers around a call. A watch that moves
// is replaced by the list's last one (a list is a set: its order does not
// matter), so a watch that stays is not written back and a true blocking
// literal costs a load and a test.
//
// It is the checker's hot loop, and the only code of the package that
// reads memory through unsafe pointers, without bounds checks: with them
// the loop held more values than there are registers and spent about 70
// instructions per moved watch where idrup-check's C spends 45. Every
// access stays inside its slice by these invariants of the database
// (checked before every line of the proofs of TestMutatedProofs and
// FuzzAgainstReference by invariants, invariant_test.go):
//   - len(d.watches) == len(d.values), and every literal of a clause in the
//     arena and every blocking literal is below it (literals are made by
//     intern, which grows both tables; stop is 0);
//   - a watch's ref is the header of a live clause of n >= 3 literals with
//     its search position in [2, n) and the stop literal at ref+header+n <
//     len(d.arena): the scans below stop at stop at the latest;
//   - a watch list's count is at most the length of its slice, and i is at
//     most the count;
//   - the trail has room for every variable, and only a literal of an
//     unassigned variable is put on it.
func (d *db) visit(wl *wlist, fl lit, i int) int {
	n := int(wl.n)
	ws := unsafe.Pointer(unsafe.SliceData(wl.ws))
	values := unsafe.Pointer(unsafe.SliceData(d.values))
	arena := unsafe.Pointer(unsafe.SliceData(d.arena))
	res := visitDone
	for i < n {
		w := (*watch)(unsafe.Add(ws, uintptr(i)*unsafe.Sizeof(watch{})))
		if *(*int8)(unsafe.Add(values, w.blocker)) > 0 {
			i++
			continue
		}
		// c is the clause's header; its literals start at c[header].
		c := (*[header + 2]lit)(unsafe.Add(arena, uintptr(w.ref)*4))
		other := c[header] ^ c[header+1] ^ fl
		ov := *(*int8)(unsafe.Add(values, other))
		if ov > 0 {
			w.blocker = other
			i++
			continue
		}
		// Look for a replacement from the saved position, then from
		// the start (Gent, JAIR 2013).
		lits := unsafe.Add(unsafe.Pointer(c), header*4)
		size, pos := c[0], c[2]
		k := pos
		for *(*int8)(unsafe.Add(values, *(*lit)(unsafe.Add(lits, uintptr(k)*4)))) < 0 { // lits[size] is stop
			k++
		}
		if k == size {
			k = 2
			for k < pos && *(*int8)(unsafe.Add(values, *(*lit)(unsafe.Add(lits, uintptr(k)*4)))) < 0 {
				k++
			}
			if k == pos {
				k = size
			}
		}
		if k < size {
			rp := (*lit)(unsafe.Add(lits, uintptr(k)*4))
			r := *rp
			rl := (*wlist)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.watches)), uintptr(r)*unsafe.Sizeof(wlist{})))
			rn := rl.n
			if int(rn) >= len(rl.ws) {
				d.full = r
				res = i
				break
			}
			c[2] = k
			c[header], c[header+1], *rp = other, r, fl
			*(*watch)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(rl.ws)), uintptr(rn)*unsafe.Sizeof(watch{}))) = watch{other, w.ref}
			rl.n = rn + 1
			n--
			*w = *(*watch)(unsafe.Add(ws, uintptr(n)*unsafe.Sizeof(watch{})))
			continue
		}
		if ov == 0 {
			w.blocker = other
			*(*int8)(unsafe.Add(values, other)) = 1
			*(*int8)(unsafe.Add(values, neg(other))) = -1
			*(*lit)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.trail)), uintptr(d.nt)*4)) = other
			d.nt++
			i++
			continue
		}
		res = visitConflict
		break
	}
	wl.n = uint32(n)
	return res
}

// backtrack undoes every assignment above decision level 0.
//
// A variable's two literals are adjacent in d.values, so one 16-bit store
// clears both (the trail's literals are below len(d.values), which is
// even: invariants, invariant_test.go).
func (d *db) backtrack() {
	values := unsafe.Pointer(unsafe.SliceData(d.values))
	for _, l := range d.trail[d.units:d.nt] {
		*(*uint16)(unsafe.Add(values, l&^1)) = 0
	}
	d.nt = d.units
	d.propped = min(d.propped, d.units)
	d.bpropped = min(d.bpropped, d.units)
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
	// The decisions, without a call per literal.
	values, trail, nt := d.values, d.trail, d.nt
	flip := lit(0)
	if negate {
		flip = 1
	}
	ok := false
	for _, l := range lits {
		l ^= flip
		switch values[l] {
		case 1:
			continue
		case -1:
			ok = true
		default:
			values[l] = 1
			values[neg(l)] = -1
			trail[nt] = l
			nt++
			continue
		}
		break
	}
	d.stats.Decisions += int64(nt - d.nt)
	d.nt = nt
	d.level = 1
	if !ok {
		ok = !d.propagate()
	}
	d.backtrack()
	return ok
}
