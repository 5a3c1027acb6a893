package sat

// Clauses live in one flat arena of uint32 words (MiniSat's and CaDiCaL's
// layout, no pointer per clause): at a clause reference c, arena[c] is the
// size, arena[c+1] the flags and LBD, and arena[c+2:c+2+size] the literals.
// A watcher holds the reference, so propagation reaches the literals with
// one indirection.

type cref = uint32

// noRef is the reason of a decision, an assumption or a root unit.
const noRef cref = 1<<32 - 1

const (
	hdrWords    = 2
	flagLearnt  = 1
	flagDeleted = 2
	flagUsed    = 4 // a learned clause took part in a conflict since the last reduction
	lbdShift    = 8
)

// alloc stores a clause and returns its reference.
func (s *Solver) alloc(ls []lit, learnt bool, lbd int) cref {
	c := cref(len(s.arena))
	var f uint32
	if learnt {
		f = flagLearnt
	}
	f |= uint32(min(lbd, 1<<23)) << lbdShift
	s.arena = append(s.arena, uint32(len(ls)), f)
	s.arena = append(s.arena, ls...)
	return c
}

// lits returns the clause's literals (a view into the arena: valid until
// the next alloc or collect).
func (s *Solver) lits(c cref) []lit {
	n := s.arena[c]
	return s.arena[c+hdrWords : c+hdrWords+n : c+hdrWords+n]
}

func (s *Solver) isLearnt(c cref) bool  { return s.arena[c+1]&flagLearnt != 0 }
func (s *Solver) isDeleted(c cref) bool { return s.arena[c+1]&flagDeleted != 0 }
func (s *Solver) lbdOf(c cref) int      { return int(s.arena[c+1] >> lbdShift) }

func (s *Solver) setLBD(c cref, lbd int) {
	s.arena[c+1] = s.arena[c+1]&(1<<lbdShift-1) | uint32(min(lbd, 1<<23))<<lbdShift
}

// free marks a detached clause deleted; collect reclaims its words.
func (s *Solver) free(c cref) {
	s.arena[c+1] |= flagDeleted
	s.wasted += hdrWords + int(s.arena[c])
}

// collect compacts the arena when more than half of it is deleted
// clauses: the live clauses move down, reasons follow them, and the
// watches are rebuilt (each clause watches its first two literals, which
// propagation keeps the watched ones).
func (s *Solver) collect() {
	if s.wasted*2 <= len(s.arena) {
		return
	}
	old := s.arena
	s.arena = make([]uint32, 0, len(old)-s.wasted+len(old)/8)
	move := func(cs []cref) {
		for i, c := range cs {
			n := old[c]
			nc := cref(len(s.arena))
			s.arena = append(s.arena, old[c:c+hdrWords+n]...)
			old[c+1] |= flagDeleted // moved: old[c+2] is the new reference
			old[c+hdrWords] = nc
			cs[i] = nc
		}
	}
	move(s.clauses)
	move(s.learnts)
	for _, l := range s.trail {
		v := vr(l)
		if r := s.reason[v]; r != noRef {
			s.reason[v] = old[r+hdrWords]
		}
	}
	s.wasted = 0
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	for _, c := range s.clauses {
		s.attach(c)
	}
	for _, c := range s.learnts {
		s.attach(c)
	}
}
