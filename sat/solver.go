package sat

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand"

	"tandem/idrup"
)

// Status is the answer of [Solver.Solve], with the exit codes of SAT
// solvers (and IPASIR's return values).
type Status int

const (
	// Unknown means Solve stopped early (context done or conflict limit).
	Unknown Status = 0
	// Satisfiable means the clauses and assumptions have a model.
	Satisfiable Status = 10
	// Unsatisfiable means the clauses and assumptions have no model.
	Unsatisfiable Status = 20
)

// String returns the status as an 's' line says it: "SATISFIABLE",
// "UNSATISFIABLE" or "UNKNOWN".
func (s Status) String() string {
	switch s {
	case Satisfiable:
		return idrup.Satisfiable
	case Unsatisfiable:
		return idrup.Unsatisfiable
	}
	return idrup.Unknown
}

// ParseStatus reads the word of an 's' line ("SATISFIABLE",
// "UNSATISFIABLE" or "UNKNOWN"), as String prints it.
func ParseStatus(word string) (Status, bool) {
	for _, s := range []Status{Satisfiable, Unsatisfiable, Unknown} {
		if word == s.String() {
			return s, true
		}
	}
	return Unknown, false
}

// Internal literals: variable v (0-based) gives 2v (positive) and 2v+1.
type lit = uint32

func neg(l lit) lit   { return l ^ 1 }
func vr(l lit) uint32 { return l >> 1 }

// A watcher of a clause: the clause and a literal of it whose truth makes
// the visit unnecessary (MiniSat's blocker). A binary clause's blocker is
// its other literal, so propagating it never reads the arena.
type watcher struct {
	c       cref
	blocker lit
	binary  bool
}

// Solver is an incremental CDCL SAT solver with the IPASIR interface:
// [Solver.AddClause], [Solver.Assume], [Solver.Solve], [Solver.Value],
// [Solver.Failed]. It is not safe for concurrent use.
type Solver struct {
	opts  Options
	rng   *rand.Rand
	stats Stats
	proof *bufio.Writer
	perr  error

	vals     []int8 // per literal: 1 true, -1 false, 0 unassigned
	level    []int32
	reason   []cref
	phase    []int8 // per variable: saved value, 1 or -1
	activity []float64
	seen     []int8
	heap     varHeap
	varInc   float64
	static   int // DecideStatic cursor

	watches  [][]watcher
	arena    []uint32 // the clauses (arena.go)
	wasted   int      // words of deleted clauses in the arena
	clauses  []cref   // problem clauses
	learnts  []cref
	trail    []lit
	trailLim []int
	qhead    int

	ok          bool // false once the clauses are unsatisfiable
	assumptions []lit
	extAssume   []int
	model       []int8 // per variable after Satisfiable
	core        []int  // failed assumptions (external) after Unsatisfiable
	failed      map[int]bool
	coreLemma   []int // pending deletion of the last core lemma
	status      Status

	// restarts and reduction
	fast, slow    float64
	fastN, slowN  float64
	sinceRestart  int64
	lubyIndex     int
	lubyLeft      int64
	nextReduce    int64
	reduceIntvl   int64
	conflictsHere int64

	stampLBD []uint32 // per level stamp for LBD
	stamp    uint32
	minStack []lit
	toClear  []lit
	learnt   []lit
	ext      []int // scratch external literals for the proof
}

// New returns an empty solver with the given options (nil: defaults).
func New(opts *Options) *Solver {
	var o Options
	if opts != nil {
		o = *opts
	}
	o = o.withDefaults()
	s := &Solver{
		opts:   o,
		rng:    rand.New(rand.NewSource(o.Seed)),
		varInc: 1,
		ok:     true,
		failed: map[int]bool{},
	}
	s.heap.act = &s.activity
	s.reduceIntvl = int64(o.ReduceInterval)
	s.nextReduce = s.reduceIntvl
	return s
}

// SetProof makes the solver write an IDRUP proof of everything it does from
// now on to w: every input clause ('i'), learned lemma ('l'), deletion
// ('d'), query ('q'), answer ('s'), model ('m') and core ('u'), after a
// "p idrup" header. Call it before adding clauses. The writer is buffered;
// call [Solver.Flush] when done.
func (s *Solver) SetProof(w io.Writer) {
	s.proof = bufio.NewWriterSize(w, 1<<16)
	s.proof.WriteString("p idrup\n")
}

// Flush writes out the buffered proof and returns the first write error.
func (s *Solver) Flush() error {
	if s.proof == nil {
		return nil
	}
	if err := s.proof.Flush(); err != nil && s.perr == nil {
		s.perr = fmt.Errorf("writing the proof: %w", err)
	}
	return s.perr
}

// Stats returns the solver's counters.
func (s *Solver) Stats() Stats { return s.stats }

// Vars returns the largest variable seen so far.
func (s *Solver) Vars() int { return len(s.level) }

func (s *Solver) toLit(e int) lit {
	v := e
	if v < 0 {
		v = -v
	}
	s.ensure(v)
	if e < 0 {
		return lit(v-1)<<1 | 1
	}
	return lit(v-1) << 1
}

func extLit(l lit) int {
	v := int(vr(l)) + 1
	if l&1 == 1 {
		return -v
	}
	return v
}

// ensure grows the solver to n variables.
func (s *Solver) ensure(n int) {
	for len(s.level) < n {
		v := uint32(len(s.level))
		s.vals = append(s.vals, 0, 0)
		s.level = append(s.level, 0)
		s.reason = append(s.reason, noRef)
		s.phase = append(s.phase, -1)
		s.activity = append(s.activity, 0)
		s.seen = append(s.seen, 0)
		s.watches = append(s.watches, nil, nil)
		s.stampLBD = append(s.stampLBD, 0)
		s.heap.insert(v)
	}
	for len(s.stampLBD) < len(s.level)+1 {
		s.stampLBD = append(s.stampLBD, 0)
	}
}

// AddClause adds a clause of non-zero literals (DIMACS convention: v or
// -v). Duplicate literals are ignored; a tautology is accepted and has no
// effect; an empty clause makes every later query unsatisfiable.
func (s *Solver) AddClause(lits ...int) error {
	for _, e := range lits {
		if e == 0 || e > s.opts.MaxVar || e < -s.opts.MaxVar {
			return fmt.Errorf("AddClause: literal %d out of range (want a non-zero integer of magnitude at most Options.MaxVar = %d)", e, s.opts.MaxVar)
		}
	}
	s.stats.Inputs++
	s.invalidate()
	s.flushCoreLemma()
	s.logExt('i', lits)
	if s.level0(); !s.ok {
		return nil
	}
	// Normalize: drop duplicates, detect tautologies.
	ls := make([]lit, 0, len(lits))
	taut := false
	for _, e := range lits {
		l := s.toLit(e)
		if s.seen[vr(l)] != 0 {
			if ls2 := s.seenSign(l); ls2 {
				continue
			}
			taut = true
			continue
		}
		s.seen[vr(l)] = int8(1 + l&1)
		ls = append(ls, l)
	}
	for _, l := range ls {
		s.seen[vr(l)] = 0
	}
	if taut {
		return nil
	}
	if s.opts.Units == UnitsSimplify {
		j := 0
		sat := false
		for _, l := range ls {
			switch s.vals[l] {
			case 1:
				sat = true
			case 0:
				ls[j] = l
				j++
			}
		}
		if sat {
			s.logExt('d', lits)
			return nil
		}
		if j < len(ls) {
			ls = ls[:j]
			if j == 0 {
				s.becomeInconsistent()
				return nil
			}
			s.logLits('l', ls)
			s.logExt('d', lits)
		}
	}
	// Order: non-false literals first.
	k := 0
	for i := range ls {
		if s.vals[ls[i]] >= 0 {
			ls[k], ls[i] = ls[i], ls[k]
			k++
		}
	}
	switch {
	case len(ls) == 0 || k == 0:
		s.becomeInconsistent()
		return nil
	case len(ls) == 1:
		if s.vals[ls[0]] == 0 {
			s.enqueue(ls[0], noRef)
		}
		return nil
	}
	c := s.alloc(ls, false, 0)
	s.clauses = append(s.clauses, c)
	s.attach(c)
	if k == 1 && s.vals[ls[0]] == 0 {
		s.enqueue(ls[0], c)
	}
	return nil
}

const maxVar = 1<<31 - 2

func (s *Solver) seenSign(l lit) bool { return s.seen[vr(l)] == int8(1+l&1) }

// becomeInconsistent records that the clauses are unsatisfiable, with the
// empty clause as the justifying lemma.
func (s *Solver) becomeInconsistent() {
	if s.ok {
		s.logLits('l', nil)
	}
	s.ok = false
}

// Assume adds an assumption for the next Solve call only (IPASIR).
func (s *Solver) Assume(lit int) error {
	if lit == 0 || lit > s.opts.MaxVar || lit < -s.opts.MaxVar {
		return fmt.Errorf("Assume: literal %d out of range (want a non-zero integer of magnitude at most Options.MaxVar = %d)", lit, s.opts.MaxVar)
	}
	s.toLit(lit)
	s.extAssume = append(s.extAssume, lit)
	return nil
}

// invalidate forgets the last answer's model and core.
func (s *Solver) invalidate() {
	s.status = Unknown
	s.core = s.core[:0]
	clear(s.failed)
}

// Value returns lit if lit is true in the last model, -lit if it is false,
// and 0 when there is no model or the variable is unknown to the model
// (IPASIR's ipasir_val).
func (s *Solver) Value(lit int) int {
	if s.status != Satisfiable || lit == 0 {
		return 0
	}
	v := lit
	if v < 0 {
		v = -v
	}
	if v > len(s.model) {
		return 0
	}
	val := s.model[v-1]
	if lit < 0 {
		val = -val
	}
	if val > 0 {
		return lit
	}
	return -lit
}

// Model returns the last model as a slice of literals 1..Vars(), or nil.
func (s *Solver) Model() []int {
	if s.status != Satisfiable {
		return nil
	}
	m := make([]int, len(s.model))
	for i, v := range s.model {
		if v > 0 {
			m[i] = i + 1
		} else {
			m[i] = -(i + 1)
		}
	}
	return m
}

// Failed reports whether the assumption lit is in the core of the last
// Unsatisfiable answer: the failed assumptions, a subset of the assumptions
// that is unsatisfiable with the clauses (IPASIR's ipasir_failed).
func (s *Solver) Failed(lit int) bool { return s.status == Unsatisfiable && s.failed[lit] }

// Core returns the failed assumptions of the last Unsatisfiable answer.
func (s *Solver) Core() []int {
	if s.status != Unsatisfiable {
		return nil
	}
	return append([]int(nil), s.core...)
}

// Solve decides the clauses under the assumptions given by Assume since the
// last Solve, and then forgets them. It returns Unknown when ctx is done or
// Options.ConflictLimit is reached.
func (s *Solver) Solve(ctx context.Context) Status {
	s.stats.Solves++
	s.invalidate()
	s.flushCoreLemma()
	s.logExt('q', s.extAssume)
	s.assumptions = s.assumptions[:0]
	for _, e := range s.extAssume {
		s.assumptions = append(s.assumptions, s.toLit(e))
	}
	s.extAssume = s.extAssume[:0]
	// Each assumption opens a level even when it is already true, so the
	// deepest level is the number of variables plus the assumptions.
	for len(s.stampLBD) < len(s.level)+len(s.assumptions)+1 {
		s.stampLBD = append(s.stampLBD, 0)
	}
	st := s.solve(ctx)
	s.status = st
	s.logStatus(st)
	return st
}

func (s *Solver) solve(ctx context.Context) Status {
	s.level0()
	if !s.ok {
		return Unsatisfiable
	}
	s.conflictsHere = 0
	s.lubyIndex = 0
	s.lubyLeft = s.lubyLength()
	s.sinceRestart = 0
	st := s.search(ctx)
	if st == Satisfiable {
		s.model = s.model[:0]
		for v := range s.level {
			s.model = append(s.model, s.vals[lit(v)<<1])
		}
	}
	s.backtrack(0)
	return st
}

// level0 backtracks to the root and propagates; it reports s.ok.
func (s *Solver) level0() bool {
	if len(s.trailLim) > 0 {
		s.backtrack(0)
	}
	if s.ok && s.propagate() != noRef {
		s.becomeInconsistent()
	}
	return s.ok
}

func (s *Solver) logStatus(st Status) {
	if s.proof == nil {
		return
	}
	s.proof.WriteString("s ")
	s.proof.WriteString(st.String())
	s.proof.WriteByte('\n')
	switch st {
	case Satisfiable:
		s.logExt('m', s.Model())
	case Unsatisfiable:
		s.logExt('u', s.core)
	}
}

func (s *Solver) logExt(t byte, lits []int) {
	if s.proof == nil {
		return
	}
	w := s.proof
	var buf [24]byte
	w.WriteByte(t)
	for _, e := range lits {
		w.WriteByte(' ')
		w.Write(appendInt(buf[:0], e))
	}
	w.WriteString(" 0\n")
}

func appendInt(b []byte, x int) []byte {
	if x < 0 {
		b = append(b, '-')
		x = -x
	}
	var tmp [20]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + x%10)
		x /= 10
		if x == 0 {
			break
		}
	}
	return append(b, tmp[i:]...)
}

func (s *Solver) logLits(t byte, ls []lit) {
	if s.proof == nil {
		return
	}
	s.ext = s.ext[:0]
	for _, l := range ls {
		s.ext = append(s.ext, extLit(l))
	}
	s.logExt(t, s.ext)
}

// flushCoreLemma deletes, in the proof, the lemma that justified the last
// core: the solver never stored it.
func (s *Solver) flushCoreLemma() {
	if s.coreLemma != nil {
		s.logExt('d', s.coreLemma)
		s.coreLemma = nil
	}
}
