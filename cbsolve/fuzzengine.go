package cbsolve

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
)

// assign is one variable of a partial model.
type assign struct {
	f *smt.Func
	v smt.Value
}

// fuzzEngine is ω_fuzz: bit-vector constraints over the declared constants
// and the closed-box temporaries, searched by FUZZY-SAT's engine with the
// closed boxes run for real. It only grows.
type fuzzEngine struct {
	p *problem
	// set runs the closed boxes under the solve's context, so that no
	// box call outlives its deadline or a Ctrl-C.
	set  cbox.Bound
	opts *Options
	rng  *rand.Rand
	// defs are the closed-box definitions the fuzzer can run (arguments
	// translatable); their temporaries are computed, never guessed.
	defs []*cbDef
	cons []*smt.Term
	have map[*smt.Term]bool
	// solutions are earlier partial models (seed reuse, §5.2); hint is
	// the latest model of the SMT engine, a seed that satisfies the
	// theory part.
	solutions []map[*smt.Func]uint64
	hint      map[*smt.Func]uint64
	st        *Stats
	// opaque are the temporaries of closed-box applications the fuzzer
	// cannot run (arguments outside its theory): left to the SMT engine.
	opaque map[*smt.Func]bool
	// held are constraints kept on the SMT side: nonlinear arithmetic
	// that reads no closed box, once a fuzz slice ran out with it in
	// ω_fuzz (see demote).
	held map[*smt.Term]bool
}

func newFuzzEngine(p *problem, set cbox.Bound, opts *Options, st *Stats) *fuzzEngine {
	z := &fuzzEngine{p: p, set: set, opts: opts, st: st, have: map[*smt.Term]bool{}, held: map[*smt.Term]bool{},
		rng: rand.New(rand.NewPCG(opts.Seed, 0xcdf1))}
	z.opaque = map[*smt.Func]bool{}
	for _, d := range p.defs {
		if z.translatableArgs(d) {
			z.defs = append(z.defs, d)
		} else {
			z.opaque[d.T.Func()] = true
		}
	}
	return z
}

func (z *fuzzEngine) translatableArgs(d *cbDef) bool {
	for _, a := range d.Args {
		if !z.translatableTerm(a) {
			return false
		}
	}
	return true
}

// translatableTerm says whether the fuzzer can compute t: Bool and
// bit-vectors up to 64 bits, over declared constants, closed-box
// temporaries and closed boxes (FILTER of the paper).
func (z *fuzzEngine) translatableTerm(t *smt.Term) bool {
	if !boxSort(t.Sort()) {
		return false
	}
	ok := true
	smt.Inspect(t, func(u *smt.Term) bool {
		if !ok {
			return false
		}
		switch u.Kind() {
		case smt.Literal:
			return false
		case smt.App:
		default:
			ok = false
			return false
		}
		if !boxSort(u.Sort()) {
			ok = false
			return false
		}
		if f := u.Func(); f != nil && !z.p.boxes[f] && (f.Kind != smt.FuncDeclared || len(f.Params) > 0 || z.opaque[f]) {
			ok = false
			return false
		}
		return true
	})
	if !ok {
		return false
	}
	_, err := eval.Compile(t)
	return err == nil
}

// add puts the translatable terms of ts into ω_fuzz and reports how many
// were new.
func (z *fuzzEngine) add(ts []*smt.Term) int {
	n := 0
	for _, t := range ts {
		if z.have[t] || z.held[t] || !z.translatableTerm(t) || t.Sort().Kind != smt.KindBool {
			continue
		}
		z.have[t] = true
		z.cons = append(z.cons, t)
		n++
	}
	return n
}

// demote moves out of ω_fuzz, for good, the constraints the fuzzer is not
// built for: nonlinear arithmetic (a product, quotient or remainder of two
// non-constant terms) that reads no closed box. The SMT engine solves
// those exactly (d*k = T with k > 2^31 is a factoring problem to a fuzzer
// and a few bit-blasted clauses to z3), and the partial models then leave
// their variables to it. The loop calls it when a fuzz slice runs out: the
// evidence that ω_fuzz is too hard as it is. It reports how many moved.
func (z *fuzzEngine) demote() int {
	temps := map[*smt.Func]bool{}
	for _, d := range z.p.defs {
		temps[d.T.Func()] = true
	}
	keep := z.cons[:0]
	n := 0
	for _, c := range z.cons {
		if nonlinear(c) && !readsBox(c, z.p.boxes, temps) {
			z.held[c] = true
			delete(z.have, c)
			n++
			continue
		}
		keep = append(keep, c)
	}
	z.cons = keep
	return n
}

// nonlinear says t has a bit-vector product, quotient or remainder of two
// non-literal terms.
func nonlinear(t *smt.Term) bool {
	return smt.Find(t, func(u *smt.Term) bool {
		if u.Kind() != smt.App {
			return false
		}
		switch u.Op() {
		case smt.OpBVMul, smt.OpBVUdiv, smt.OpBVUrem, smt.OpBVSdiv, smt.OpBVSrem, smt.OpBVSmod:
			vars := 0
			for _, a := range u.Args() {
				if a.Kind() != smt.Literal {
					vars++
				}
			}
			return vars >= 2
		}
		return false
	}) != nil
}

// readsBox says t applies a closed box or reads a box's temporary.
func readsBox(t *smt.Term, boxes map[*smt.Func]bool, temps map[*smt.Func]bool) bool {
	return smt.Find(t, func(u *smt.Term) bool {
		f := u.Func()
		return f != nil && (boxes[f] || temps[f])
	}) != nil
}

// vars are the variables of ω_fuzz: the constants its constraints and the
// fuzzable closed-box arguments read, and the temporaries.
func (z *fuzzEngine) vars() []*smt.Func {
	have := map[*smt.Func]bool{}
	var out []*smt.Func
	for _, d := range z.defs {
		out = append(out, d.T.Func())
		have[d.T.Func()] = true
		for _, a := range d.Args {
			out = freeConsts(a, have, out)
		}
	}
	for _, c := range z.cons {
		out = freeConsts(c, have, out)
	}
	return out
}

// reduced is ω_fuzz after the equivalence-class and magic-byte rewriting:
// temporaries replaced by their closed-box applications, and every
// constraint (= v e) with v a constant not in e turned into the definition
// v := e (a variable class when e is a constant symbol, a magic byte when
// e is a literal, a term-level class otherwise).
type reduced struct {
	cons   []*smt.Term
	elim   []*smt.Func
	def    map[*smt.Func]*smt.Term
	layout *fuzzysat.Layout
}

func (z *fuzzEngine) reduce() (*reduced, error) {
	sub := map[*smt.Term]*smt.Term{}
	memo := map[*smt.Term]*smt.Term{}
	r := &reduced{def: map[*smt.Func]*smt.Term{}}
	for _, d := range z.defs {
		app, err := substitute(z.p.st, d.App, sub, memo)
		if err != nil {
			return nil, err
		}
		sub[d.T] = app
		memo = map[*smt.Term]*smt.Term{}
	}
	for _, c := range z.cons {
		t, err := substitute(z.p.st, c, sub, memo)
		if err != nil {
			return nil, err
		}
		if !z.opts.NoEquivalence {
			if v, e := definition(t); v != nil {
				sub[v] = e
				r.elim = append(r.elim, v.Func())
				memo = map[*smt.Term]*smt.Term{}
				// Earlier definitions may mention v: substitute lazily
				// at evaluation time by evaluating in order (below).
				continue
			}
		}
		if t.Kind() == smt.App && t.Op() == smt.OpTrue {
			continue
		}
		r.cons = append(r.cons, t)
	}
	// Close every definition and constraint under the final substitution.
	memo = map[*smt.Term]*smt.Term{}
	for i, c := range r.cons {
		t, err := substitute(z.p.st, c, sub, memo)
		if err != nil {
			return nil, err
		}
		r.cons[i] = t
	}
	for k, v := range sub {
		t, err := substitute(z.p.st, v, sub, memo)
		if err != nil {
			return nil, err
		}
		r.def[k.Func()] = t
	}
	have := map[*smt.Func]bool{}
	var free []*smt.Func
	for _, c := range r.cons {
		free = freeConsts(c, have, free)
	}
	for _, f := range z.vars() {
		if d, ok := r.def[f]; ok {
			free = freeConsts(d, have, free)
		} else {
			free = freeConsts(z.p.st.Const(f), have, free)
		}
	}
	l, err := fuzzysat.NewLayout(free)
	if err != nil {
		return nil, err
	}
	r.layout = l
	return r, nil
}

// definition recognizes (= v e) with v a constant that e does not read.
func definition(t *smt.Term) (*smt.Term, *smt.Term) {
	if t.Kind() != smt.App || t.Op() != smt.OpEq || t.NumArgs() != 2 {
		return nil, nil
	}
	a, b := t.Arg(0), t.Arg(1)
	for _, pr := range [2][2]*smt.Term{{a, b}, {b, a}} {
		v, e := pr[0], pr[1]
		if isConst(v) && smt.Find(e, func(u *smt.Term) bool { return u == v }) == nil {
			return v, e
		}
	}
	return nil, nil
}

func isConst(t *smt.Term) bool {
	f := t.Func()
	return t.Kind() == smt.App && f != nil && f.Kind == smt.FuncDeclared && t.NumArgs() == 0
}

// substitute replaces the terms of sub (constants) by their replacements,
// and the terms of sub in those in turn; memo keeps the substituted
// replacements while sub does not change.
func substitute(st *smt.Store, t *smt.Term, sub map[*smt.Term]*smt.Term, memo map[*smt.Term]*smt.Term) (*smt.Term, error) {
	var err error
	var f func(*smt.Term, []*smt.Term) *smt.Term
	f = func(u *smt.Term, _ []*smt.Term) *smt.Term {
		r, ok := sub[u]
		if !ok || r == u || err != nil {
			return nil
		}
		if done, ok := memo[u]; ok {
			return done
		}
		// the replacement is substituted in turn, once per state of sub
		if r, err = smt.Rewrite(st, r, f); err != nil {
			return nil
		}
		memo[u] = r
		return r
	}
	r, rerr := smt.Rewrite(st, t, f)
	if err != nil {
		return nil, err
	}
	return r, rerr
}

// errFuzzTimeout is the fuzzer running out of time (Alg. 1, line 4).
var errFuzzTimeout = errors.New("fuzzing found no partial model in the time left")

// run searches a partial model: an assignment of every variable of ω_fuzz
// under which all its constraints hold, the closed boxes run for real. It
// stops at the deadline, or after budget executions when budget > 0 (a
// slice that does not depend on the machine's speed: Options.FuzzEvals).
func (z *fuzzEngine) run(ctx context.Context, deadline time.Time, budget int64) ([]assign, error) {
	red, err := z.reduce()
	if err != nil {
		return nil, err
	}
	l := red.layout
	seeds := z.seeds(l)
	fopts := fuzzysat.DefaultOptions()
	fopts.NoVerify = true
	var desc *descent
	used := int64(0)
	for round := 0; ; round++ {
		left := time.Until(deadline)
		if left <= 0 || ctx.Err() != nil || (budget > 0 && used >= budget) {
			return nil, errFuzzTimeout
		}
		seed := seeds[round%len(seeds)]
		if round >= len(seeds) {
			seed = z.randomize(l, seed, round)
		}
		goal, pi := z.split(red, l, seed)
		if len(goal) == 0 {
			if m1, ok := z.partial(red, l, seed); ok {
				return m1, nil
			}
		}
		if len(goal) == 0 {
			goal, pi = pi, nil
		}
		fopts.Timeout = left
		if budget > 0 {
			fopts.MaxEvals = budget - used
		}
		fopts.Seed = z.rng.Uint64()
		s, err := fuzzysat.NewSearch(fuzzysat.Problem{Layout: l, Goal: goal, Pi: pi, Callee: z.set}, nil, fopts)
		if err != nil {
			return nil, err
		}
		var reuse []fuzzysat.Patch
		for _, o := range seeds {
			reuse = append(reuse, fuzzysat.Diff(seed, o))
		}
		res := s.Run(ctx, fuzzysat.RunInput{Seed: seed, Reuse: reuse}, z.rng)
		z.st.FuzzRuns++
		z.st.FuzzEvals += res.Evals
		z.st.FuzzTime += res.Time
		used += res.Evals
		if res.Status == fuzzysat.Sat {
			if m1, ok := z.partial(red, l, res.Assignment); ok {
				return m1, nil
			}
		}
		if desc == nil {
			if desc, err = newDescent(l, red, z.p.omega, z.set); err != nil {
				return nil, err
			}
		}
		t0, e0 := time.Now(), desc.evals
		desc.limit = 0
		if budget > 0 {
			if used >= budget {
				continue // the loop's head returns
			}
			desc.limit = e0 + budget - used
		}
		b, ok := desc.run(ctx, seed, deadline)
		z.st.FuzzEvals += desc.evals - e0
		used += desc.evals - e0
		z.st.FuzzTime += time.Since(t0)
		if ok {
			if m1, ok := z.partial(red, l, b); ok {
				return m1, nil
			}
		}
	}
}

// seeds are the starting assignments: earlier partial models, most recent
// first, then the SMT engine's latest model, then zero.
func (z *fuzzEngine) seeds(l *fuzzysat.Layout) [][]byte {
	var out [][]byte
	from := func(vals map[*smt.Func]uint64) []byte {
		b := make([]byte, l.Size)
		for i, v := range l.Vars {
			if x, ok := vals[v.Func]; ok {
				l.SetBig(b, i, new(big.Int).SetUint64(x))
			} else if x, ok := z.hint[v.Func]; ok {
				l.SetBig(b, i, new(big.Int).SetUint64(x))
			}
		}
		return b
	}
	if !z.opts.NoSeedReuse {
		for i := len(z.solutions) - 1; i >= 0 && len(out) < 8; i-- {
			out = append(out, from(z.solutions[i]))
		}
	}
	out = append(out, from(nil))
	if z.hint != nil {
		out = append(out, make([]byte, l.Size))
	}
	return out
}

// randomize perturbs a seed for another round once the pipeline has been
// exhausted from every seed: a few random bytes, or a fresh random input.
func (z *fuzzEngine) randomize(l *fuzzysat.Layout, seed []byte, round int) []byte {
	b := make([]byte, len(seed))
	copy(b, seed)
	if round%4 == 3 {
		for i := range b {
			b[i] = byte(z.rng.Uint32())
		}
		return b
	}
	for k := 1 + z.rng.IntN(4); k > 0 && len(b) > 0; k-- {
		b[z.rng.IntN(len(b))] = byte(z.rng.Uint32())
	}
	return b
}

// model is the assignment b read as a model of the declared constants,
// closed boxes run for real.
func (z *fuzzEngine) model(l *fuzzysat.Layout, b []byte) *eval.Model {
	m := l.Model(b)
	m.Boxes = z.set.CallValues
	return m
}

// split puts the constraints that fail on the seed in the goal and the
// others in π: the concolic setting FUZZY-SAT is built for.
func (z *fuzzEngine) split(red *reduced, l *fuzzysat.Layout, seed []byte) (goal, pi []*smt.Term) {
	ev := eval.New(z.model(l, seed))
	for _, c := range red.cons {
		if v, err := ev.Eval(c); err == nil && v == smt.BoolValue(true) {
			pi = append(pi, c)
		} else {
			goal = append(goal, c)
		}
	}
	return goal, pi
}

// partial checks a candidate exactly and reads it as the partial model
// m1: every variable of ω_fuzz, eliminated ones and temporaries computed.
func (z *fuzzEngine) partial(red *reduced, l *fuzzysat.Layout, b []byte) ([]assign, bool) {
	ev := eval.New(z.model(l, b))
	var m1 []assign
	for _, f := range z.vars() {
		t := z.p.st.Const(f)
		if d, ok := red.def[f]; ok {
			t = d
		}
		v, err := ev.Eval(t)
		if err != nil {
			return nil, false
		}
		if _, bad := v.(smt.Undefined); bad {
			return nil, false
		}
		m1 = append(m1, assign{f, v})
	}
	// Re-check ω_fuzz on m1 itself: the model with every variable set.
	m := eval.NewModel()
	m.Boxes = z.set.CallValues
	for _, a := range m1 {
		m.SetConst(a.f, a.v)
	}
	chk := eval.New(m)
	for _, c := range z.cons {
		v, err := chk.Eval(c)
		if err != nil || v != smt.BoolValue(true) {
			return nil, false
		}
	}
	for _, d := range z.defs {
		v, err := chk.Eval(z.p.st.MustApply(smt.OpEq, nil, d.T, d.App))
		if err != nil || v != smt.BoolValue(true) {
			return nil, false
		}
	}
	sol := map[*smt.Func]uint64{}
	for _, a := range m1 {
		if x, ok := uintOf(a.v); ok {
			sol[a.f] = x
		}
	}
	z.solutions = append(z.solutions, sol)
	return m1, true
}

func uintOf(v smt.Value) (uint64, bool) {
	switch x := v.(type) {
	case smt.BoolValue:
		if x {
			return 1, true
		}
		return 0, true
	case smt.BVValue:
		if x.V.IsUint64() {
			return x.V.Uint64(), true
		}
	}
	return 0, false
}

// setHint records the SMT engine's model as a seed.
func (z *fuzzEngine) setHint(m *eval.Model) {
	if m == nil {
		return
	}
	z.hint = map[*smt.Func]uint64{}
	all := append(append([]*smt.Func(nil), z.p.consts...), z.p.args...)
	for _, d := range z.p.defs {
		all = append(all, d.T.Func())
	}
	for _, f := range all {
		if v, ok := m.Const(f); ok {
			if x, ok := uintOf(v); ok {
				z.hint[f] = x
			}
		}
	}
}
