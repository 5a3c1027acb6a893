package cbsolve

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// smtEngine is ω_smt in an incremental solver session: the purified
// assertions and the closed-box definitions (closed boxes read as
// uninterpreted functions) as named assertions, ground input/output facts
// about the closed boxes, and check-sat-assuming over indicator literals
// for the fuzzer's partial model.
type smtEngine struct {
	p     *problem
	sess  *solver.Session
	named map[string]*smt.Term // assertion name -> the asserted term
	facts map[string]bool      // facts asserted, by text
	calls int
	round int
	// prof is the engine's solver profile; script is ω_smt as a plain
	// script (declarations, assertions unnamed, facts, tables: what
	// holds outside a check's push/pop), for a one-shot check.
	prof   *solver.Profile
	script []string
}

// errSMT is an SMT engine failure (crash, error response, timeout).
var errSMT = errors.New("SMT engine")

// Each command of the session is bounded by callLimit; the caller's
// context bounds it further (the solve's deadline, a per-check limit).
func startSMT(ctx context.Context, p *problem, prof *solver.Profile, callLimit time.Duration) (*smtEngine, error) {
	sess, err := solver.StartSession(ctx, prof, solver.SessionOptions{Mode: solver.Mode{Models: true}, CallTimeout: callLimit})
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", prof.Name, err)
	}
	e := &smtEngine{p: p, sess: sess, prof: prof, named: map[string]*smt.Term{}, facts: map[string]bool{}}
	if err := e.load(ctx, prof.Name); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func (e *smtEngine) exec(ctx context.Context, cmd string) error {
	r, err := e.sess.Exec(ctx, cmd)
	if err == nil && r.Failed() {
		err = fmt.Errorf("%s", r.Message)
	}
	if err != nil {
		short := cmd
		if len(short) > 200 {
			short = short[:200] + "…"
		}
		return fmt.Errorf("%w: %s: %v", errSMT, short, err)
	}
	return nil
}

// execKept runs cmd in the session and keeps it in the plain script.
func (e *smtEngine) execKept(ctx context.Context, cmd string) error {
	e.script = append(e.script, cmd)
	return e.exec(ctx, cmd)
}

// checkOneShot checks the plain script of ω_smt in a fresh solver process
// (no cores, no assumptions, no push/pop), within limit (0: the
// context's). z3's incremental core, which the session uses, handles a
// tabulated box's decision diagram badly; the one-shot solver's
// bit-blasting handles it in milliseconds.
func (e *smtEngine) checkOneShot(ctx context.Context, limit time.Duration, script string) (*outcome, error) {
	if limit <= 0 {
		d, ok := ctx.Deadline()
		if !ok {
			return nil, fmt.Errorf("%w: a one-shot check needs a limit", errSMT)
		}
		limit = time.Until(d)
	}
	if limit <= 0 {
		return &outcome{status: solver.StatusTimeout}, nil
	}
	if script == "" {
		script = strings.Join(e.script, "\n") + "\n(check-sat)\n(get-model)\n"
	}
	r, err := solver.Run(ctx, e.prof, solver.BytesInput([]byte(script)), solver.RunOptions{
		// The limit is CPU time, so that load does not change the
		// answer; twice it in wall time (and the solve's deadline) caps
		// a starved or waiting engine.
		Limits: solver.Limits{Wall: 2 * limit, CPU: limit}, Mode: solver.Mode{Models: true}})
	if err != nil {
		return nil, fmt.Errorf("%w: one-shot check: %v", errSMT, err)
	}
	o := &outcome{status: r.Status}
	if len(r.Errors) > 0 && r.Status == solver.StatusSat {
		// after sat, get-model does not fail: an error is a command the
		// engine rejected, and sat is about what was left. (An unsat
		// stands: what was left is a subset of the assertions; its
		// get-model's error is expected.)
		o.status = solver.StatusUnknown
		return o, nil
	}
	if r.Status == solver.StatusSat {
		if len(r.RawResponses) == 0 {
			return nil, fmt.Errorf("%w: one-shot check: sat without a model", errSMT)
		}
		m, err := e.p.modelOf(r.RawResponses[0])
		if err != nil {
			return nil, err
		}
		o.model = m
	}
	return o, nil
}

// exactTableMax is the largest diagram (in nodes) that exactScript gives
// the engine as a define-fun: z3 4.8.12 reads a define-fun of a few
// thousand nodes (a CRC-8 of 16 bits) in seconds, where it reads the same
// term inside an assertion in milliseconds.
const exactTableMax = 512

// exactScript is the input formula as written, each closed box a
// define-fun of its table, for a one-shot check: "" and false unless every
// box the formula declares has a table of at most exactTableMax nodes and
// no failed call (whose leaf would be the box's own application), and the
// script is one plain check (no push, pop or assumptions).
func (e *smtEngine) exactScript(tables map[*smt.Func]*table) (string, bool) {
	return e.scriptWith(func(f *smt.Func) (string, bool) {
		t := tables[f]
		if t == nil || len(t.nodes) > exactTableMax || t.hasFailed() {
			return "", false
		}
		body, err := t.term(e.p.st)
		return body, err == nil
	}, nil)
}

// scriptWith is the input formula as written, each closed box f a
// define-fun of body(f), or an uninterpreted function when that body is
// "", followed by the assertions extra; false when body refuses a box or
// the script is not one plain check.
func (e *smtEngine) scriptWith(body func(f *smt.Func) (string, bool), extra []string) (string, bool) {
	var b strings.Builder
	checks := 0
	defined := map[string]bool{}
	for _, c := range e.p.sc.Commands {
		switch c.Kind {
		case smtlib.CmdSetLogic, smtlib.CmdDeclareSort, smtlib.CmdDefineSort, smtlib.CmdDeclareDatatype,
			smtlib.CmdDeclareDatatypes, smtlib.CmdDeclareFun, smtlib.CmdDeclareConst,
			smtlib.CmdDefineConst, smtlib.CmdDefineFunRec, smtlib.CmdDefineFunsRec, smtlib.CmdAssert:
			b.WriteString(c.String() + "\n")
		case smtlib.CmdDefineFun, smtlib.CmdDeclareCB, smtlib.CmdDeclareOracleFun:
			f := c.Funcs[0]
			if !e.p.boxes[f] {
				b.WriteString(c.String() + "\n")
				continue
			}
			if defined[f.Name] {
				continue // a repeated identical declaration is one box
			}
			defined[f.Name] = true
			body, ok := body(f)
			if !ok {
				return "", false
			}
			if body == "" {
				b.WriteString(declareFun(f) + "\n")
				continue
			}
			fmt.Fprintf(&b, "(define-fun %s (", smt.QuoteSymbol(f.Name))
			for i, ps := range f.Params {
				fmt.Fprintf(&b, "(p!%d %s)", i, ps)
			}
			fmt.Fprintf(&b, ") %s %s)\n", f.Result, body)
		case smtlib.CmdCheckSat:
			checks++
		case smtlib.CmdSetOption, smtlib.CmdSetInfo, smtlib.CmdGetInfo, smtlib.CmdGetOption,
			smtlib.CmdGetValue, smtlib.CmdGetModel, smtlib.CmdEcho, smtlib.CmdExit:
		default:
			return "", false
		}
	}
	if checks > 1 {
		return "", false
	}
	for _, a := range extra {
		b.WriteString("(assert " + a + ")\n")
	}
	return b.String() + "(check-sat)\n(get-model)\n", true
}

// load declares the script's symbols and asserts ω_smt.
func (e *smtEngine) load(ctx context.Context, name string) error {
	opts := []string{
		"(set-option :produce-unsat-cores true)",
		"(set-option :produce-unsat-assumptions true)",
	}
	if strings.Contains(name, "z3") {
		opts = append(opts, "(set-option :smt.core.minimize true)")
	} else {
		opts = append(opts, "(set-logic ALL)")
	}
	for _, o := range opts {
		if err := e.exec(ctx, o); err != nil {
			return err
		}
	}
	for _, c := range e.p.sc.Commands {
		switch c.Kind {
		case smtlib.CmdDeclareSort, smtlib.CmdDefineSort, smtlib.CmdDeclareDatatype,
			smtlib.CmdDeclareDatatypes, smtlib.CmdDeclareFun, smtlib.CmdDeclareConst:
			if err := e.execKept(ctx, c.String()); err != nil {
				return err
			}
		}
	}
	for _, f := range e.p.boxList {
		if err := e.execKept(ctx, declareFun(f)); err != nil {
			return err
		}
	}
	for _, f := range e.p.args {
		if err := e.execKept(ctx, declareFun(f)); err != nil {
			return err
		}
	}
	for _, d := range e.p.defs {
		if err := e.execKept(ctx, declareFun(d.T.Func())); err != nil {
			return err
		}
	}
	for _, t := range e.p.pure {
		if err := e.assertNamed(ctx, "a", t); err != nil {
			return err
		}
	}
	for _, d := range e.p.defs {
		eq := e.p.st.MustApply(smt.OpEq, nil, d.T, d.App)
		if err := e.assertNamed(ctx, "d", eq); err != nil {
			return err
		}
	}
	return nil
}

func declareFun(f *smt.Func) string {
	var b strings.Builder
	b.WriteString("(declare-fun " + smt.QuoteSymbol(f.Name) + " (")
	for i, s := range f.Params {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.String())
	}
	b.WriteString(") " + f.Result.String() + ")")
	return b.String()
}

// termText prints t for the solver, sharing repeated subterms.
func termText(t *smt.Term) string {
	if hasBinder(t) {
		return t.String()
	}
	return fuzzysat.SharedString(t)
}

func hasBinder(t *smt.Term) bool {
	return smt.Find(t, func(u *smt.Term) bool {
		switch u.Kind() {
		case smt.Forall, smt.Exists, smt.Let, smt.MatchTerm, smt.Var:
			return true
		}
		return false
	}) != nil
}

func (e *smtEngine) assertNamed(ctx context.Context, prefix string, t *smt.Term) error {
	name := e.p.freshName(prefix)
	e.named[name] = t
	text := termText(t)
	e.script = append(e.script, "(assert "+text+")")
	return e.exec(ctx, "(assert (! "+text+" :named "+smt.QuoteSymbol(name)+"))")
}

// addFact asserts f(args) = v, a fact about a closed box learned by running
// it. It reports whether the fact is new.
func (e *smtEngine) addFact(ctx context.Context, f *smt.Func, args []smt.Value, v smt.Value) (bool, error) {
	if len(args) == 0 {
		return false, nil
	}
	key, err := e.factText(f, args, v)
	if err != nil {
		return false, err
	}
	if e.facts[key] {
		return false, nil
	}
	e.facts[key] = true
	return true, e.execKept(ctx, "(assert "+key+")")
}

// factText is the SMT-LIB text of the fact f(args) = v.
func (e *smtEngine) factText(f *smt.Func, args []smt.Value, v smt.Value) (string, error) {
	var b strings.Builder
	b.WriteString("(= (" + smt.QuoteSymbol(f.Name))
	for _, a := range args {
		t, err := e.p.st.ValueTerm(a)
		if err != nil {
			return "", err
		}
		b.WriteString(" " + t.String())
	}
	vt, err := e.p.st.ValueTerm(v)
	if err != nil {
		return "", err
	}
	b.WriteString(") " + vt.String() + ")")
	return b.String(), nil
}

// addTable equates every ground application of the table's box with the
// table: (= t (let ((p!0 u0) …) TABLE)) for each t = f(u0 …).
func (e *smtEngine) addTable(ctx context.Context, t *table) error {
	body, err := t.term(e.p.st)
	if err != nil {
		return err
	}
	for _, d := range e.p.defs {
		if d.F != t.f {
			continue
		}
		var b strings.Builder
		b.WriteString("(assert (= " + termText(d.T) + " (let (")
		for i, a := range d.Args {
			fmt.Fprintf(&b, "(p!%d %s)", i, termText(a))
		}
		b.WriteString(") " + body + ")))")
		if err := e.execKept(ctx, b.String()); err != nil {
			return err
		}
	}
	return nil
}

// outcome is one check of the SMT engine.
type outcome struct {
	status solver.Status
	// core are the named assertions of the unsat core; assumed are the
	// partial-model variables whose equalities are in it.
	core    []*smt.Term
	assumed []*smt.Func
	model   *eval.Model
	raw     string // the model as the solver printed it
}

// check solves ω_smt under the partial model m1 (nil: no assumptions).
func (e *smtEngine) check(ctx context.Context, m1 []assign) (*outcome, error) {
	e.calls++
	if len(m1) == 0 {
		r, err := e.sess.CheckSat(ctx)
		if err != nil {
			return nil, fmt.Errorf("%w: check-sat: %v", errSMT, err)
		}
		return e.finish(ctx, r, nil, nil)
	}
	e.round++
	if err := e.exec(ctx, "(push 1)"); err != nil {
		return nil, err
	}
	defer e.sess.Pop(context.WithoutCancel(ctx), 1)
	lits := make([]string, len(m1))
	byLit := map[string]*smt.Func{}
	for i, a := range m1 {
		lit := smt.QuoteSymbol(fmt.Sprintf("m!%d!%s", e.round, a.f.Name))
		if err := e.exec(ctx, "(declare-fun "+lit+" () Bool)"); err != nil {
			return nil, err
		}
		vt, err := e.p.st.ValueTerm(a.v)
		if err != nil {
			return nil, err
		}
		if err := e.exec(ctx, "(assert (= "+lit+" (= "+smt.QuoteSymbol(a.f.Name)+" "+vt.String()+")))"); err != nil {
			return nil, err
		}
		lits[i] = lit
		byLit[strings.Trim(lit, "|")] = a.f
	}
	r, err := e.sess.CheckSatAssuming(ctx, lits...)
	if err != nil {
		return nil, fmt.Errorf("%w: check-sat-assuming: %v", errSMT, err)
	}
	return e.finish(ctx, r, lits, byLit)
}

// checkSmall checks ω_smt with each of vars (bit-vector constants) assumed
// to lie in the signed range [-2^k, 2^k): a model of small box arguments,
// or unsat with every bound in outcome.assumed (it is not known whether
// ω_smt without them is unsat).
func (e *smtEngine) checkSmall(ctx context.Context, vars []*smt.Func, k int) (*outcome, error) {
	e.calls++
	e.round++
	if err := e.exec(ctx, "(push 1)"); err != nil {
		return nil, err
	}
	defer e.sess.Pop(context.WithoutCancel(ctx), 1)
	lits := make([]string, 0, len(vars))
	byLit := map[string]*smt.Func{}
	for _, f := range vars {
		w := f.Result.Width
		lit := smt.QuoteSymbol(fmt.Sprintf("s!%d!%s", e.round, f.Name))
		if err := e.exec(ctx, "(declare-fun "+lit+" () Bool)"); err != nil {
			return nil, err
		}
		lo := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), new(big.Int).Lsh(big.NewInt(1), uint(k)))
		name := smt.QuoteSymbol(f.Name)
		if err := e.exec(ctx, fmt.Sprintf("(assert (= %s (and (bvsge %s (_ bv%s %d)) (bvslt %s (_ bv%s %d)))))",
			lit, name, lo, w, name, new(big.Int).Lsh(big.NewInt(1), uint(k)), w)); err != nil {
			return nil, err
		}
		lits = append(lits, lit)
		byLit[strings.Trim(lit, "|")] = f
	}
	r, err := e.sess.CheckSatAssuming(ctx, lits...)
	if err != nil {
		return nil, fmt.Errorf("%w: check-sat-assuming: %v", errSMT, err)
	}
	if r.Kind == solver.RespAnswer && r.Status == solver.StatusUnsat {
		// No core: a minimised one can cost z3 more than the check, and
		// the caller widens the bounds on any unsat (the unbounded check
		// decides whether the bounds were the reason).
		return &outcome{status: solver.StatusUnsat, assumed: vars}, nil
	}
	return e.finish(ctx, r, lits, byLit)
}

func (e *smtEngine) finish(ctx context.Context, r solver.Reply, lits []string, byLit map[string]*smt.Func) (*outcome, error) {
	o := &outcome{status: r.Status}
	if r.Kind != solver.RespAnswer {
		if r.Status == solver.StatusTimeout {
			return o, nil
		}
		return nil, fmt.Errorf("%w: %s %s", errSMT, r.Status, r.Message)
	}
	switch r.Status {
	case solver.StatusSat:
		mr, err := e.sess.GetModel(ctx)
		if err != nil || mr.Failed() {
			return nil, fmt.Errorf("%w: get-model: %v %s", errSMT, err, mr.Message)
		}
		o.raw = mr.Raw
		m, err := e.p.modelOf(mr.Raw)
		if err != nil {
			return nil, err
		}
		o.model = m
	case solver.StatusUnsat:
		cr, err := e.sess.GetUnsatCore(ctx)
		if err != nil || cr.Failed() {
			return nil, fmt.Errorf("%w: get-unsat-core: %v %s", errSMT, err, cr.Message)
		}
		names, err := smtlib.ParseUnsatCore([]byte(cr.Raw))
		if err != nil {
			return nil, fmt.Errorf("%w: reading the unsat core: %v", errSMT, err)
		}
		for _, n := range names {
			if t, ok := e.named[n]; ok {
				o.core = append(o.core, t)
			} else if f, ok := byLit[n]; ok {
				o.assumed = append(o.assumed, f)
			}
		}
		if lits != nil {
			ar, err := e.sess.Exec(ctx, "(get-unsat-assumptions)")
			if err != nil || ar.Failed() {
				return nil, fmt.Errorf("%w: get-unsat-assumptions: %v %s", errSMT, err, ar.Message)
			}
			got, err := smtlib.ParseUnsatCore([]byte(ar.Raw))
			if err != nil {
				return nil, fmt.Errorf("%w: reading the unsat assumptions: %v", errSMT, err)
			}
			have := map[*smt.Func]bool{}
			for _, f := range o.assumed {
				have[f] = true
			}
			for _, n := range got {
				if f, ok := byLit[n]; ok && !have[f] {
					o.assumed = append(o.assumed, f)
					have[f] = true
				}
			}
		}
	}
	return o, nil
}

// close ends the session. A call cut by the solve's end has already
// returned: the session restarts no solver after a failed call, nor for a
// done context, so nothing is left running.
func (e *smtEngine) close() error {
	return e.sess.Close()
}

// modelOf reads a get-model answer into a model of the script's declared
// symbols. Closed boxes keep no interpretation (their values come from
// running them), and declared constants the solver left out get the
// default value of their sort.
func (p *problem) modelOf(raw string) (*eval.Model, error) {
	sm, err := smtlib.ParseModel([]byte(raw), p.sc)
	if err != nil {
		return nil, fmt.Errorf("%w: reading the model: %v", errSMT, err)
	}
	keep := sm.Defs[:0:0]
	for _, d := range sm.Defs {
		if d != nil && d.Func != nil && p.boxes[d.Func] {
			continue
		}
		keep = append(keep, d)
	}
	sm.Defs = keep
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return nil, fmt.Errorf("%w: the model: %v", errSMT, err)
	}
	for _, f := range p.consts {
		if _, ok := m.Const(f); ok {
			continue
		}
		if v, ok := smt.DefaultValue(f.Result); ok {
			m.SetConst(f, v)
		}
	}
	return m, nil
}
