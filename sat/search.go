package sat

import (
	"context"
	"slices"
)

func (s *Solver) attach(c cref) {
	ls := s.lits(c)
	l0, l1 := ls[0], ls[1]
	bin := len(ls) == 2
	s.watches[neg(l0)] = append(s.watches[neg(l0)], watcher{c, l1, bin})
	s.watches[neg(l1)] = append(s.watches[neg(l1)], watcher{c, l0, bin})
}

func (s *Solver) detach(c cref) {
	for _, l := range s.lits(c)[:2] {
		ws := s.watches[neg(l)]
		for i := range ws {
			if ws[i].c == c {
				ws[i] = ws[len(ws)-1]
				s.watches[neg(l)] = ws[:len(ws)-1]
				break
			}
		}
	}
}

func (s *Solver) decisionLevel() int { return len(s.trailLim) }

func (s *Solver) enqueue(l lit, from cref) {
	v := vr(l)
	s.vals[l] = 1
	s.vals[neg(l)] = -1
	s.level[v] = int32(s.decisionLevel())
	s.reason[v] = from
	s.trail = append(s.trail, l)
}

// propagate is unit propagation with two watched literals and blockers
// (MiniSat). Watches of literal x hold the clauses watching ¬x... indexed
// by the literal that becomes true: watches[p] are visited when p is
// assigned, for the clauses that watch ¬p. It returns the conflicting
// clause, or noRef.
func (s *Solver) propagate() cref {
	confl := noRef
	vals, arena := s.vals, s.arena
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		s.stats.Propagations++
		fl := neg(p)
		ws := s.watches[p]
		i, j := 0, 0
		for i < len(ws) {
			w := ws[i]
			i++
			bv := vals[w.blocker]
			if bv == 1 {
				ws[j] = w
				j++
				continue
			}
			if w.binary {
				ws[j] = w
				j++
				if bv == 0 {
					s.enqueue(w.blocker, w.c)
					continue
				}
				confl = w.c
				s.qhead = len(s.trail)
				j += copy(ws[j:], ws[i:])
				break
			}
			c := w.c
			n := arena[c]
			lits := arena[c+hdrWords : c+hdrWords+n : c+hdrWords+n]
			if lits[0] == fl {
				lits[0], lits[1] = lits[1], fl
			}
			first := lits[0]
			nw := watcher{c, first, false}
			if first != w.blocker && vals[first] == 1 {
				ws[j] = nw
				j++
				continue
			}
			found := false
			for k := 2; k < len(lits); k++ {
				if vals[lits[k]] != -1 {
					lits[1], lits[k] = lits[k], fl
					s.watches[neg(lits[1])] = append(s.watches[neg(lits[1])], nw)
					found = true
					break
				}
			}
			if found {
				continue
			}
			ws[j] = nw
			j++
			if vals[first] == -1 {
				confl = c
				s.qhead = len(s.trail)
				j += copy(ws[j:], ws[i:])
				i = len(ws)
			} else {
				s.enqueue(first, c)
			}
		}
		s.watches[p] = ws[:j]
	}
	return confl
}

func (s *Solver) backtrack(level int) {
	if s.decisionLevel() <= level {
		return
	}
	lim := s.trailLim[level]
	for i := len(s.trail) - 1; i >= lim; i-- {
		l := s.trail[i]
		v := vr(l)
		s.vals[l] = 0
		s.vals[neg(l)] = 0
		s.reason[v] = noRef
		if l&1 == 1 {
			s.phase[v] = -1
		} else {
			s.phase[v] = 1
		}
		if !s.heap.contains(v) {
			s.heap.insert(v)
		}
		if int(v) < s.static {
			s.static = int(v)
		}
	}
	s.trail = s.trail[:lim]
	s.trailLim = s.trailLim[:level]
	if s.qhead > lim {
		s.qhead = lim
	}
}

func (s *Solver) bumpVar(v uint32) {
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if s.heap.contains(v) {
		s.heap.up(v)
	}
}

// analyze derives the first-UIP clause of a conflict into s.learnt (asserting
// literal first) and returns the backjump level and the clause's LBD.
func (s *Solver) analyze(confl cref) (int, int) {
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	var p lit
	havep := false
	idx := len(s.trail) - 1
	cur := int32(s.decisionLevel())
	for {
		if s.isLearnt(confl) {
			s.arena[confl+1] |= flagUsed
			if lbd := s.lbdOf(confl); lbd > s.opts.KeepLBD {
				if l := s.computeLBD(s.lits(confl)); l < lbd {
					s.setLBD(confl, l)
				}
			}
		}
		for _, q := range s.lits(confl) {
			if havep && q == p {
				continue
			}
			v := vr(q)
			if s.seen[v] != 0 || s.level[v] == 0 {
				continue
			}
			s.seen[v] = 1
			s.bumpVar(v)
			if s.level[v] >= cur {
				pathC++
			} else {
				s.learnt = append(s.learnt, q)
			}
		}
		for s.seen[vr(s.trail[idx])] == 0 {
			idx--
		}
		p = s.trail[idx]
		havep = true
		idx--
		confl = s.reason[vr(p)]
		s.seen[vr(p)] = 0
		pathC--
		if pathC <= 0 {
			break
		}
	}
	s.learnt[0] = neg(p)

	// Minimize.
	s.toClear = append(s.toClear[:0], s.learnt...)
	before := len(s.learnt)
	switch s.opts.Minimize {
	case MinimizeRecursive:
		var abstract uint32
		for _, l := range s.learnt[1:] {
			abstract |= 1 << (uint32(s.level[vr(l)]) & 31)
		}
		j := 1
		for _, l := range s.learnt[1:] {
			if s.reason[vr(l)] == noRef || !s.redundant(l, abstract) {
				s.learnt[j] = l
				j++
			}
		}
		s.learnt = s.learnt[:j]
	case MinimizeLocal:
		j := 1
		for _, l := range s.learnt[1:] {
			r := s.reason[vr(l)]
			keep := r == noRef
			if !keep {
				for _, q := range s.lits(r) {
					if vr(q) != vr(l) && s.seen[vr(q)] == 0 && s.level[vr(q)] > 0 {
						keep = true
						break
					}
				}
			}
			if keep {
				s.learnt[j] = l
				j++
			}
		}
		s.learnt = s.learnt[:j]
	}
	s.stats.Minimized += int64(before - len(s.learnt))
	for _, l := range s.toClear {
		s.seen[vr(l)] = 0
	}

	// Backjump level: highest level among the other literals, which moves
	// to position 1 (the second watch).
	bt := 0
	if len(s.learnt) > 1 {
		maxI := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[vr(s.learnt[i])] > s.level[vr(s.learnt[maxI])] {
				maxI = i
			}
		}
		s.learnt[1], s.learnt[maxI] = s.learnt[maxI], s.learnt[1]
		bt = int(s.level[vr(s.learnt[1])])
	}
	return bt, s.computeLBD(s.learnt)
}

// redundant reports whether l is implied by the other literals of the
// learned clause through reasons (MiniSat's litRedundant).
func (s *Solver) redundant(l lit, abstract uint32) bool {
	s.minStack = append(s.minStack[:0], l)
	top := len(s.toClear)
	for len(s.minStack) > 0 {
		q := s.minStack[len(s.minStack)-1]
		s.minStack = s.minStack[:len(s.minStack)-1]
		r := s.reason[vr(q)]
		for _, x := range s.lits(r) {
			v := vr(x)
			if v == vr(q) || s.seen[v] != 0 || s.level[v] == 0 {
				continue
			}
			if s.reason[v] != noRef && (abstract&(1<<(uint32(s.level[v])&31))) != 0 {
				s.seen[v] = 1
				s.minStack = append(s.minStack, x)
				s.toClear = append(s.toClear, x)
				continue
			}
			for _, y := range s.toClear[top:] {
				s.seen[vr(y)] = 0
			}
			s.toClear = s.toClear[:top]
			return false
		}
	}
	return true
}

func (s *Solver) computeLBD(ls []lit) int {
	s.stamp++
	n := 0
	for _, l := range ls {
		lv := s.level[vr(l)]
		if s.stampLBD[lv] != s.stamp {
			s.stampLBD[lv] = s.stamp
			n++
		}
	}
	return n
}

// analyzeFinal computes the failed assumptions when an assumption a is
// false, given p = ¬a (true on the trail): the assumptions that imply p
// through reasons (MiniSat's analyzeFinal).
// It sets s.core and logs the lemma ¬core that justifies it.
func (s *Solver) analyzeFinal(p lit) {
	conflict := []lit{p}
	if s.level[vr(p)] > 0 {
		s.seen[vr(p)] = 1
		for i := len(s.trail) - 1; i >= s.trailLim[0]; i-- {
			l := s.trail[i]
			v := vr(l)
			if s.seen[v] == 0 {
				continue
			}
			if r := s.reason[v]; r == noRef {
				conflict = append(conflict, neg(l))
			} else {
				for _, q := range s.lits(r) {
					if vr(q) != v && s.level[vr(q)] > 0 {
						s.seen[vr(q)] = 1
					}
				}
			}
			s.seen[v] = 0
		}
		s.seen[vr(p)] = 0
	}
	s.core = s.core[:0]
	for _, l := range conflict {
		e := extLit(neg(l))
		if !s.failed[e] {
			s.failed[e] = true
			s.core = append(s.core, e)
		}
	}
	s.logLits('l', conflict)
	if s.proof != nil {
		s.coreLemma = append([]int(nil), s.ext...)
	}
}

func luby(y float64, i int) float64 {
	size, seq := 1, 0
	for size < i+1 {
		seq++
		size = 2*size + 1
	}
	x := i
	for size-1 != x {
		size = (size - 1) >> 1
		seq--
		x = x % size
	}
	r := 1.0
	for ; seq > 0; seq-- {
		r *= y
	}
	return r
}

// stableLubyUnit is the Luby unit of stable mode (Kissat's reluctant
// doubling interval).
const stableLubyUnit = 1024

func (s *Solver) lubyLength() int64 {
	unit := s.opts.LubyUnit
	if s.stable {
		unit = stableLubyUnit
	}
	return int64(luby(2, s.lubyIndex) * float64(unit))
}

func (s *Solver) shouldRestart() bool {
	if s.stable && s.opts.Restart != RestartNone {
		return s.lubyLeft <= 0
	}
	switch s.opts.Restart {
	case RestartLuby:
		return s.lubyLeft <= 0
	case RestartEMA:
		if s.sinceRestart < int64(s.opts.RestartMin) {
			return false
		}
		return s.fast/s.fastN > s.opts.RestartMargin*s.slow/s.slowN
	}
	return false
}

func (s *Solver) restart() {
	s.stats.Restarts++
	s.sinceRestart = 0
	if s.stable || s.opts.Restart == RestartLuby {
		s.lubyIndex++
		s.lubyLeft = s.lubyLength()
	}
	s.targetSize = 0
	s.backtrack(0)
}

// updatePhases saves the assignment of the conflict-free trail prefix
// trail[:n] as the target phases (stable mode) when it is the largest
// since the last restart, and as the best phases when it is the largest
// since the last rephasing.
func (s *Solver) updatePhases(n int) {
	if s.opts.Phase != PhaseSaved {
		return
	}
	if s.stable && n > s.targetSize {
		for _, l := range s.trail[:n] {
			s.target[vr(l)] = 1 - 2*int8(l&1)
		}
		s.targetSize = n
	}
	if n > s.bestSize {
		for _, l := range s.trail[:n] {
			s.best[vr(l)] = 1 - 2*int8(l&1)
		}
		s.bestSize = n
	}
}

// rephase resets the saved phases (CaDiCaL's rephasing, cycle best,
// original, best, inverted) and the target phases to them.
func (s *Solver) rephase() {
	s.stats.Rephases++
	k := s.stats.Rephases
	s.nextRephase = s.stats.Conflicts + int64(s.opts.RephaseInterval)*(k+1)
	for v := range s.phase {
		switch k % 4 {
		case 1, 3:
			if s.best[v] != 0 {
				s.phase[v] = s.best[v]
			}
		case 2:
			s.phase[v] = -1
		default:
			s.phase[v] = 1
		}
		s.target[v] = s.phase[v]
	}
	s.bestSize, s.targetSize = 0, 0
}

// switchMode alternates focused and stable mode; round k lasts
// ModeInterval·k² conflicts in each mode.
func (s *Solver) switchMode() {
	s.stats.Switches++
	s.stable = !s.stable
	k := s.stats.Switches/2 + 1
	s.nextSwitch = s.stats.Conflicts + int64(s.opts.ModeInterval)*k*k
	s.lubyIndex = 0
	s.lubyLeft = s.lubyLength()
	s.sinceRestart = 0
	s.targetSize = 0
}

// updateEMA feeds a learned clause's LBD to the two moving averages (with
// bias correction through the fastN/slowN normalizers).
func (s *Solver) updateEMA(lbd int) {
	const af, as = 1.0 / 32, 1.0 / 4096
	s.fast += af * (float64(lbd) - s.fast)
	s.fastN += af * (1 - s.fastN)
	s.slow += as * (float64(lbd) - s.slow)
	s.slowN += as * (1 - s.slowN)
}

// locked reports whether the clause is the reason of one of its watched
// literals (a binary clause's implied literal may be either).
func (s *Solver) locked(c cref) bool {
	ls := s.lits(c)
	for _, l := range ls[:2] {
		if s.vals[l] == 1 && s.reason[vr(l)] == c {
			return true
		}
	}
	return false
}

// reduce forgets learned clauses in three tiers (CaDiCaL, Kissat): core
// clauses of LBD ≤ KeepLBD stay for ever; tier-2 clauses of LBD ≤
// Tier2LBD stay while they take part in a conflict between reductions;
// of the rest (and the unused tier-2 ones), the clauses that are not
// reasons, the worse half by LBD and then size is deleted.
func (s *Solver) reduce() {
	s.stats.Reductions++
	cand := s.reduceCand[:0]
	for _, c := range s.learnts {
		lbd, used := s.lbdOf(c), s.arena[c+1]&flagUsed != 0
		s.arena[c+1] &^= flagUsed
		if lbd <= s.opts.KeepLBD || (used && lbd <= s.opts.Tier2LBD) || s.locked(c) {
			continue
		}
		cand = append(cand, c)
	}
	slices.SortStableFunc(cand, func(a, b cref) int {
		if la, lb := s.lbdOf(a), s.lbdOf(b); la != lb {
			return lb - la // worst first
		}
		return int(s.arena[b]) - int(s.arena[a])
	})
	for _, c := range cand[:len(cand)/2] {
		s.detach(c)
		s.stats.Deleted++
		s.logLits('d', s.lits(c))
		s.free(c)
	}
	s.reduceCand = cand[:0]
	j := 0
	for _, c := range s.learnts {
		if !s.isDeleted(c) {
			s.learnts[j] = c
			j++
		}
	}
	s.learnts = s.learnts[:j]
	s.collect()
}

func (s *Solver) pickBranch() (lit, bool) {
	var v uint32
	found := false
	if s.opts.RandomFreq > 0 && s.heap.size() > 0 && s.rng.Float64() < s.opts.RandomFreq {
		v = s.heap.at(s.rng.Intn(s.heap.size()))
		if s.vals[lit(v)<<1] == 0 {
			found = true
		}
	}
	if !found {
		switch s.opts.Decision {
		case DecideStatic:
			for s.static < len(s.level) && s.vals[lit(s.static)<<1] != 0 {
				s.static++
			}
			if s.static < len(s.level) {
				v, found = uint32(s.static), true
			}
		default:
			for s.heap.size() > 0 {
				x := s.heap.pop()
				if s.vals[lit(x)<<1] == 0 {
					v, found = x, true
					break
				}
			}
		}
	}
	if !found {
		return 0, false
	}
	var ph int8
	switch s.opts.Phase {
	case PhaseFalse:
		ph = -1
	case PhaseTrue:
		ph = 1
	case PhaseRandom:
		ph = 1
		if s.rng.Intn(2) == 0 {
			ph = -1
		}
	default:
		ph = s.phase[v]
		if s.stable && s.target[v] != 0 {
			ph = s.target[v]
		}
	}
	if ph > 0 {
		return lit(v) << 1, true
	}
	return lit(v)<<1 | 1, true
}

// search is the CDCL loop (Algorithm 1 of the thesis, MiniSat's search):
// propagate, analyze conflicts and backjump, restart and reduce, decide the
// assumptions first and then by the heuristic.
func (s *Solver) search(ctx context.Context) Status {
	iter := 0
	for {
		iter++
		if iter&1023 == 0 && ctx.Err() != nil {
			return Unknown
		}
		confl := s.propagate()
		if confl != noRef {
			s.stats.Conflicts++
			s.conflictsHere++
			s.sinceRestart++
			s.lubyLeft--
			if s.decisionLevel() == 0 {
				s.becomeInconsistent()
				return Unsatisfiable
			}
			s.updatePhases(s.trailLim[s.decisionLevel()-1])
			bt, lbd := s.analyze(confl)
			s.backtrack(bt)
			s.stats.Learned++
			s.logLits('l', s.learnt)
			if len(s.learnt) == 1 {
				s.enqueue(s.learnt[0], noRef)
			} else {
				c := s.alloc(s.learnt, true, lbd)
				s.learnts = append(s.learnts, c)
				s.attach(c)
				s.enqueue(s.learnt[0], c)
			}
			s.updateEMA(lbd)
			s.varInc /= s.opts.VarDecay
			if s.opts.Mode == ModeSwitch && s.stats.Conflicts >= s.nextSwitch {
				s.switchMode()
			}
			if s.opts.Phase == PhaseSaved && s.stats.Conflicts >= s.nextRephase {
				s.rephase()
			}
			continue
		}
		if s.opts.ConflictLimit > 0 && s.conflictsHere >= s.opts.ConflictLimit {
			return Unknown
		}
		if s.shouldRestart() {
			s.restart()
			if ctx.Err() != nil {
				return Unknown
			}
			continue
		}
		if s.opts.Reduce == ReduceLBD && s.stats.Conflicts >= s.nextReduce {
			s.reduceIntvl += int64(s.opts.ReduceIncrement)
			s.nextReduce = s.stats.Conflicts + s.reduceIntvl
			s.reduce()
		}
		var next lit
		have := false
		for s.decisionLevel() < len(s.assumptions) {
			p := s.assumptions[s.decisionLevel()]
			if s.vals[p] == 1 {
				s.trailLim = append(s.trailLim, len(s.trail))
				continue
			}
			if s.vals[p] == -1 {
				s.analyzeFinal(neg(p))
				return Unsatisfiable
			}
			next, have = p, true
			break
		}
		if !have {
			var ok bool
			next, ok = s.pickBranch()
			if !ok {
				return Satisfiable
			}
		}
		s.stats.Decisions++
		s.trailLim = append(s.trailLim, len(s.trail))
		s.enqueue(next, noRef)
	}
}
