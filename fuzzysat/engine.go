package fuzzysat

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// Problem is what the search engine works on: bit-vector and Bool
// variables laid out as bytes, constraints that must hold (Goal, the
// branch condition), and ordered path constraints (Pi) that the seed is
// expected to satisfy. Constraints may call uninterpreted or closed-box
// functions through Callee (the compiled evaluator's eval.Callee); the
// analysis treats their results as opaque.
type Problem struct {
	Layout *Layout
	Goal   []*smt.Term
	Pi     []*smt.Term
	Callee eval.Callee
}

// Status is a search's answer, in the SMT vocabulary of [smtlib.Status].
// Unsat is given only when an exhaustive phase proved it.
type Status = smtlib.Status

// The answers.
const (
	Unknown = smtlib.Unknown
	Sat     = smtlib.Sat
	Unsat   = smtlib.Unsat
)

// Result is the outcome of one search.
type Result struct {
	Status Status
	// Phase solved the query (Sat) or proved it unsat (Unsat).
	Phase Phase
	// Assignment is the solution: the whole seed with the bytes the search
	// changed (Sat only).
	Assignment []byte
	// Optimistic, when asked for and the query is not solved, satisfies
	// the branch condition but not all of π.
	Optimistic []byte
	// Proof says why an Unsat answer holds.
	Proof string
	// Evals is the number of evaluations; Time the wall time.
	Evals int64
	Time  time.Duration
	// Stats are this search's counters.
	Stats Stats
}

// Patch is a set of byte changes relative to a seed: an earlier solution
// to be tried again (phase 2).
type Patch []BytePatch

// BytePatch sets one byte.
type BytePatch struct {
	Pos int
	Val byte
}

// Diff is the patch that turns seed into b.
func Diff(seed, b []byte) Patch {
	var p Patch
	for i := range b {
		if i >= len(seed) || seed[i] != b[i] {
			p = append(p, BytePatch{i, b[i]})
		}
	}
	return p
}

// Search is the FUZZY-SAT search engine on one [Problem]: the analysis of
// its constraints, a compiled evaluator, and the mutation pipeline. It is
// usable on its own (cbsolve reuses it over closed-box calls); the
// FUZZY-SAT query conventions live in [Solver].
type Search struct {
	p      Problem
	an     *Analyzer
	opts   Options
	roots  []*smt.Term
	nGoal  int
	ev     *lazy
	info   []*ExprInfo
	ins    [][]int // input bytes of each constraint
	inputs []int   // every input byte of the problem, sorted
	goalIn []int   // input bytes of the goal, sorted
}

// NewSearch prepares the search of p. an caches the analysis across
// searches over the same layout and store (nil: a fresh cache).
// Constraints of bit-vectors up to 64 bits run on the compiled evaluator;
// wider ones on the interpreter.
func NewSearch(p Problem, an *Analyzer, opts Options) (*Search, error) {
	return newSearch(nil, p, an, opts)
}

// newSearch is NewSearch reusing the memory of old, a search that is
// done with (nil: none); a Solver keeps one per query.
func newSearch(old *Search, p Problem, an *Analyzer, opts Options) (*Search, error) {
	opts = opts.withDefaults()
	if p.Layout == nil {
		return nil, errors.New("fuzzysat: the problem has no layout")
	}
	if an == nil {
		an = NewAnalyzer(p.Layout, opts.MaxConstants)
	}
	for i, g := range p.Goal {
		if err := an.unsupported(g, p.Callee != nil); err != nil {
			return nil, fmt.Errorf("branch condition %d %w: %w", i+1, err, ErrUnsupported)
		}
	}
	for i, c := range p.Pi {
		if err := an.unsupported(c, p.Callee != nil); err != nil {
			return nil, fmt.Errorf("path constraint %d %w: %w", i+1, err, ErrUnsupported)
		}
	}
	s := &Search{}
	if old != nil {
		s = old
	}
	*s = Search{p: p, an: an, opts: opts, roots: s.roots[:0], info: s.info[:0], ins: s.ins[:0], ev: s.ev}
	for _, g := range p.Goal {
		s.roots = flatten(s.roots, g)
	}
	s.nGoal = len(s.roots)
	for _, c := range p.Pi {
		s.roots = flatten(s.roots, c)
	}
	// The analysis and the compiled program of a constraint are made
	// when the search first needs them: most queries of a concolic run
	// are answered by the seed, checked by the interpreter alone.
	pi := &an.pi
	for i, r := range s.roots {
		if r.Sort().Kind != smt.KindBool {
			return nil, fmt.Errorf("fuzzysat: constraint %d has sort %s, not Bool", i+1, r.Sort())
		}
		s.info = append(s.info, nil)
		if j := i - s.nGoal; j >= 0 && j < len(pi.roots) && pi.roots[j] == r {
			s.ins = append(s.ins, pi.ins[j]) // the last search's π: no lookup
		} else {
			s.ins = append(s.ins, an.Inputs(r))
		}
	}
	s.goalIn = an.union(s.ins[:s.nGoal])
	if s.ev == nil {
		s.ev = &lazy{}
	}
	if err := s.ev.reset(p.Layout, s.roots, p.Callee, an.progs, p.Callee != nil); err != nil {
		return nil, err
	}
	if p.Callee == nil {
		// constraints are functions of their input bytes: one whose
		// bytes equal the seed's keeps its value on the seed
		s.ev.ins = s.ins
	}
	return s, nil
}

// scratchMark is a cleared mark per layout byte; callers clear what they
// set.
func (a *Analyzer) scratchMark() []bool {
	if cap(a.mark) < a.layout.Size {
		a.mark = make([]bool, a.layout.Size)
	}
	return a.mark[:a.layout.Size]
}

// union is the sorted union of sorted byte lists.
func (a *Analyzer) union(lists [][]int) []int {
	switch len(lists) {
	case 0:
		return nil
	case 1:
		return lists[0]
	}
	mark := a.scratchMark()
	n := 0
	lo, hi := len(mark), 0
	for _, l := range lists {
		for _, b := range l {
			if b >= 0 && b < len(mark) && !mark[b] {
				mark[b] = true
				n++
				lo, hi = min(lo, b), max(hi, b)
			}
		}
	}
	out := make([]int, 0, n)
	for b := lo; b <= hi && len(out) < n; b++ {
		if mark[b] {
			out = append(out, b)
			mark[b] = false
		}
	}
	return out
}

// flatten appends the conjuncts of t's top-level conjunctions to out, as
// eval.Compile splits them, so that root i of the program is constraint i
// of the search.
func flatten(out []*smt.Term, t *smt.Term) []*smt.Term {
	if t.Kind() == smt.App && t.Op() == smt.OpAnd {
		for _, a := range t.Args() {
			out = flatten(out, a)
		}
		return out
	}
	return append(out, t)
}

// Compiled reports whether the search runs on the compiled evaluator.
func (s *Search) Compiled() bool {
	for i := range s.ev.progs {
		if s.ev.prog(i).wide != nil {
			return false
		}
	}
	return true
}

// Analysis is the analysis of constraint i (goal constraints first).
func (s *Search) Analysis(i int) *ExprInfo {
	if s.info[i] == nil {
		s.info[i] = s.an.Analyze(s.roots[i])
	}
	return s.info[i]
}

// allInputs are the input bytes of every constraint, sorted.
func (s *Search) allInputs() []int {
	if s.inputs == nil {
		s.inputs = s.an.union(s.ins)
		if s.inputs == nil {
			s.inputs = []int{}
		}
	}
	return s.inputs
}

// analyze makes the analysis of every constraint (cached in the Analyzer).
func (s *Search) analyze() {
	for i := range s.info {
		s.Analysis(i)
	}
}

// Constraints are the flattened constraints: goal first, then π.
func (s *Search) Constraints() (goal, pi []*smt.Term) { return s.roots[:s.nGoal], s.roots[s.nGoal:] }

// rootProg is one constraint compiled on its own, so that a candidate
// evaluates only the constraints asked for: the branch condition first,
// π only when the branch holds (the code's ordered evaluation). Programs
// are cached per term across searches (in the Analyzer).
type rootProg struct {
	m    *eval.Machine
	vars []int
	in   []uint64
	wide *smt.Term // evaluated by the interpreter (wider than 64 bits)
	// the exact checks' machine and inputs (Search.exact), made on first use
	chk   *eval.Machine
	chkIn []uint64
}

func compileRoot(l *Layout, t *smt.Term, callee eval.Callee) (*rootProg, error) {
	prog, err := eval.Compile(t)
	if err != nil || len(prog.Roots()) != 1 {
		if callee != nil {
			return nil, fmt.Errorf("fuzzysat: constraints with function calls must compile: %w", err)
		}
		return &rootProg{wide: t}, nil
	}
	rp := &rootProg{m: prog.NewMachine(callee), in: make([]uint64, len(prog.Inputs()))}
	for _, f := range prog.Inputs() {
		i := l.Index(f)
		if i < 0 {
			return nil, fmt.Errorf("fuzzysat: %s is not an input of the layout", f.Name)
		}
		if l.Vars[i].Width > 64 {
			return &rootProg{wide: t}, nil
		}
		rp.vars = append(rp.vars, i)
	}
	return rp, nil
}

// lazy evaluates constraint i on demand after run(b). With ins (the input
// bytes of each constraint) and a base assignment (the seed), a
// constraint whose bytes all equal the base's takes its value on the
// base, computed once: multi-goal candidates satisfy the branch and would
// otherwise run every conjunct of π, though they change a few bytes.
type lazy struct {
	l     *Layout
	progs []*rootProg
	b     []byte
	done  []uint32 // root i is evaluated on b when done[i] == gen
	gen   uint32
	val   []bool
	dst   []uint64
	it    *interp
	// undef counts evaluations the evaluator could not decide (an error,
	// not false): while it is not zero no exhaustive phase proves unsat.
	undef int64

	roots  []*smt.Term
	callee eval.Callee
	cache  map[*smt.Term]*rootProg

	ins     [][]int
	base    []byte
	baseOK  []bool
	baseVal []bool
	baseDst []uint64
}

// known records that root i is true on the base (the seed check found it
// so with the interpreter).
func (z *lazy) known(i int) {
	if z.base != nil && z.ins != nil {
		z.baseOK[i], z.baseVal[i], z.baseDst[i] = true, true, 0
	}
}

// setBase makes b the base assignment (nil: none).
func (z *lazy) setBase(b []byte) {
	z.base = b
	if b != nil && z.ins != nil {
		n := len(z.progs)
		z.baseOK, z.baseVal, z.baseDst = grow(z.baseOK, n), grow(z.baseVal, n), grow(z.baseDst, n)
		clear(z.baseOK)
	}
}

// grow is s with length n, reusing its memory when it can (the contents
// are garbage).
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// resize is s with length n, keeping its contents.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return append(s[:cap(s)], make([]T, n-cap(s), n+n/4-cap(s))...)[:n]
	}
	return s[:n]
}

// reset prepares z to evaluate roots, reusing its memory. Programs come
// from cache, or are compiled when first run (at once when eager: a
// program with closed-box calls must compile, and says so here).
func (z *lazy) reset(l *Layout, roots []*smt.Term, callee eval.Callee, cache map[*smt.Term]*rootProg, eager bool) error {
	n := len(roots)
	*z = lazy{l: l, progs: grow(z.progs, n), done: grow(z.done, n), val: grow(z.val, n), dst: grow(z.dst, n), it: z.it,
		baseOK: z.baseOK, baseVal: z.baseVal, baseDst: z.baseDst, roots: roots, callee: callee}
	clear(z.done)
	z.gen = 1
	if z.it != nil && z.it.l != l {
		z.it = nil
	}
	if callee == nil {
		z.cache = cache
	}
	for i, r := range roots {
		z.progs[i] = nil
		if z.cache != nil {
			z.progs[i] = z.cache[r]
		}
		if z.progs[i] == nil && eager {
			if _, err := z.compile(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// prog is the program of root i, compiled if need be (a root that does
// not compile runs on the interpreter).
func (z *lazy) prog(i int) *rootProg {
	if rp := z.progs[i]; rp != nil {
		return rp
	}
	rp, err := z.compile(i)
	if err != nil {
		rp = &rootProg{wide: z.roots[i]}
		z.progs[i] = rp
	}
	return rp
}

func (z *lazy) compile(i int) (*rootProg, error) {
	rp, err := compileRoot(z.l, z.roots[i], z.callee)
	if err != nil {
		return nil, err
	}
	z.progs[i] = rp
	if z.cache != nil {
		z.cache[z.roots[i]] = rp
	}
	return rp, nil
}

func newLazy(l *Layout, roots []*smt.Term, callee eval.Callee, cache map[*smt.Term]*rootProg) (*lazy, error) {
	z := &lazy{}
	return z, z.reset(l, roots, callee, cache, true)
}

func (z *lazy) run(b []byte) bool {
	z.b = b
	z.gen++
	if z.gen == 0 {
		clear(z.done)
		z.gen = 1
	}
	return true
}

func (z *lazy) eval(i int) {
	if z.done[i] == z.gen {
		return
	}
	z.done[i] = z.gen
	if z.base != nil && z.ins != nil && sameBytes(z.b, z.base, z.ins[i]) {
		if !z.baseOK[i] {
			z.compute(i)
			z.baseOK[i], z.baseVal[i], z.baseDst[i] = true, z.val[i], z.dst[i]
			return
		}
		z.val[i], z.dst[i] = z.baseVal[i], z.baseDst[i]
		return
	}
	z.compute(i)
}

func (z *lazy) compute(i int) {
	rp := z.prog(i)
	if rp.wide != nil {
		if z.it == nil {
			z.it = newInterp(z.l)
		}
		z.it.begin(z.b)
		var v smt.Value
		var err error
		if z.ins != nil {
			v, err = z.it.eval(rp.wide, z.ins[i])
		} else {
			v, err = eval.New(z.l.Model(z.b)).Eval(rp.wide)
		}
		if err != nil {
			z.undef++
		}
		z.val[i] = err == nil && v == smt.BoolValue(true)
		z.dst[i] = 1
		if z.val[i] {
			z.dst[i] = 0
		}
		return
	}
	for j, vi := range rp.vars {
		rp.in[j] = z.l.Uint64(z.b, vi)
	}
	if rp.m.Run(rp.in) != nil {
		z.undef++
		z.val[i], z.dst[i] = false, ^uint64(0)
		return
	}
	z.val[i] = rp.m.Value(0) == 1
	z.dst[i] = rp.m.Distance(0)
}

func (z *lazy) holds(i int) bool  { z.eval(i); return z.val[i] }
func (z *lazy) dist(i int) uint64 { z.eval(i); return z.dst[i] }

// value is the value of a bit-vector root i (an objective).
func (z *lazy) value(i int) uint64 {
	z.eval(i)
	if rp := z.prog(i); rp.m != nil {
		return rp.m.Value(0)
	}
	return 0
}

// Verify re-checks an assignment with the interpreter: every constraint
// of the problem must be true. It is the last gate of a sat answer, so it
// never takes the compiled program's word (the search and the seed phase
// may have run that program): a compiled-evaluator bug shows as a
// rejected answer (Stats.Rejected), not as a wrong sat.
//
// The interpreter's verdicts are cached per constraint with the values of
// its input bytes (exactly, in the Analyzer, so across searches): a
// constraint checked on the same values is not evaluated again.
func (s *Search) Verify(b []byte) error {
	it := s.an.it
	it.begin(b)
	for i := range s.roots {
		ok, err := s.check(it, i, b, false, true)
		if err != nil {
			return fmt.Errorf("constraint %d: %w", i+1, err)
		}
		if !ok {
			return fmt.Errorf("constraint %d is false", i+1)
		}
	}
	return nil
}

// exact is the exact verdict on constraint i for the assignment b of
// it.begin, cached by the values of its input bytes (changed: the caller
// knows they differ from the cached ones). It runs the constraint's
// compiled program when it has one (Bool and bit-vectors up to 64 bits,
// no closed boxes; a check machine of its own, so the search's registers
// are left alone) and the interpreter otherwise, or always with
// Options.InterpreterChecks. A constraint not compiled yet is
// interpreted the first time it is checked and compiled the second:
// compiling costs several interpretations (bench/evalspeed), and a
// branch condition the seed answers is often never checked again.
func (s *Search) exact(it *interp, i int, b []byte, changed bool) (bool, error) {
	return s.check(it, i, b, changed, false)
}

// check is exact; with interpOnly the verdict comes from the interpreter
// (a cached compiled verdict is not taken).
func (s *Search) check(it *interp, i int, b []byte, changed, interpOnly bool) (bool, error) {
	r, in := s.roots[i], s.ins[i]
	e := s.an.checked[r]
	if e != nil && !changed && (e.interp || !interpOnly) && snapEqual(b, in, e.snap) {
		return e.holds, nil
	}
	var holds bool
	rp := s.checkProg(i, e != nil)
	if interpOnly {
		rp = nil
	}
	if rp != nil {
		s.an.compiledChecks++
		ok, err := rp.check(s.p.Layout, b)
		if err != nil {
			return false, err
		}
		holds = ok
	} else {
		s.an.interpreted++
		v, err := it.eval(r, in)
		if err != nil {
			return false, err
		}
		holds = v == smt.BoolValue(true)
	}
	if e == nil {
		e = &checked{}
		s.an.checked[r] = e
	}
	e.snap = grow(e.snap, len(in))
	for j, by := range in {
		e.snap[j] = b[by]
	}
	e.holds, e.interp = holds, rp == nil
	return e.holds, nil
}

// checkProg is the compiled program that checks constraint i exactly, or
// nil when the interpreter does (seen: the constraint was checked
// before; see exact).
func (s *Search) checkProg(i int, seen bool) *rootProg {
	if s.opts.InterpreterChecks || s.p.Callee != nil {
		return nil
	}
	rp := s.ev.progs[i]
	if rp == nil {
		if !seen {
			return nil
		}
		rp = s.ev.prog(i)
	}
	if rp.m == nil {
		return nil // wider than 64 bits: the interpreter
	}
	return rp
}

// check runs the program on b with the check machine and reports whether
// the constraint holds.
func (rp *rootProg) check(l *Layout, b []byte) (bool, error) {
	if rp.chk == nil {
		rp.chk = rp.m.Program().NewMachine(nil)
		rp.chkIn = make([]uint64, len(rp.in))
	}
	for j, vi := range rp.vars {
		rp.chkIn[j] = l.Uint64(b, vi)
	}
	if err := rp.chk.Run(rp.chkIn); err != nil {
		return false, err
	}
	return rp.chk.Value(0) == 1, nil
}

// checked is the interpreter's last verdict on a constraint and the
// values of its input bytes then.
type checked struct {
	snap   []byte
	holds  bool
	interp bool // decided by the interpreter, not a compiled program
}

// RunInput is the start of a search: the seed (an assignment of the whole
// layout) and earlier solutions to try first.
type RunInput struct {
	Seed  []byte
	Reuse []Patch
}

// Run searches for an assignment satisfying goal and π, starting from the
// seed. It stops at the first solution, when a phase proves the problem
// unsat, when the pipeline is exhausted, or at the budget (Options.Timeout,
// Options.MaxEvals, ctx).
func (s *Search) Run(ctx context.Context, in RunInput, rng *rand.Rand) *Result {
	start := time.Now()
	if rng == nil {
		rng = rand.New(rand.NewPCG(s.opts.Seed, 0x5eed))
	}
	r := &run{s: s, ctx: ctx, rng: rng, opts: &s.opts, deadline: start.Add(s.opts.Timeout)}
	r.cur = make([]byte, s.p.Layout.Size)
	copy(r.cur, in.Seed)
	r.seed = slices.Clone(r.cur)
	s.ev.setBase(r.seed)
	defer s.ev.setBase(nil)
	s.ev.undef = 0
	interpreted, compiled := s.an.interpreted, s.an.compiledChecks
	res := r.solve(in.Reuse)
	r.st.Interpreted = s.an.interpreted - interpreted
	r.st.CompiledChecks = s.an.compiledChecks - compiled
	r.st.Undefined = s.ev.undef
	res.Time = time.Since(start)
	res.Evals = r.st.Evals
	r.st.EvalTime = res.Time
	r.st.Queries = 1
	switch res.Status {
	case Sat:
		r.st.Sat = 1
		r.st.Phase[res.Phase].Solved++
	case Unsat:
		r.st.Unsat = 1
		r.st.Phase[res.Phase].Unsat++
	default:
		r.st.Unknown = 1
		if res.Optimistic != nil {
			r.st.Optimistic = 1
		}
	}
	res.Stats = r.st
	return res
}
