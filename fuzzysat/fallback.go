package fuzzysat

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"tandem/smt"
	"tandem/solver"
)

// SolverFallback is a [Fallback] backed by an incremental session of an
// external SMT solver (z3, cvc5) in one long-lived process, so process
// start-up is paid once. The session mirrors π as far as queries share
// it, as a concolic executor's solver does (π grows at its end): the
// layout's variables are declared once, at the outermost level; the part
// of a query's π that the previous query's π also started with is
// asserted as a block under a push of its own, kept for the next queries
// and popped only when a query's π no longer starts with it; the rest of
// π is asserted with the branch condition in the query's own push/pop.
// So a π conjunct is asserted at most twice (once in a query's scope,
// once in a block) however long the run — once when the Solver says π
// is its notified π, which only grows ([SolverFallback.SolveGrowing]:
// all of π becomes blocks at once) — and a query whose π shares
// nothing with the last one costs one push level, not two (measured with
// z3 4.8.12 on two-byte queries: 0.15 ms for push, assert, check-sat,
// pop; 0.20 ms with π in a push of its own).
//
// Everything a query needs — the pops of the blocks π dropped,
// declarations, a new block, then push, assert, check-sat, get-value and
// pop — goes to the solver as one pipelined write ([solver.Session.Batch])
// and is read back once: one round trip per query. The get-value is sent
// before the answer is known; after unsat or unknown the solver answers it
// with an error, which is ignored. [SolverFallback.Check] asks about a
// conjunction with no π, also in one round trip.
type SolverFallback struct {
	sess     *solver.Session
	declared map[string]string // name -> sort
	blocks   [][]*smt.Term     // π asserted, one push level per block
	lastPi   []*smt.Term       // the last query's π
	// RoundTrips counts the batches sent (one per Solve or Check, plus
	// one to resynchronize after a failed batch).
	RoundTrips int
}

// NewSolverFallback starts a session of profile p.
func NewSolverFallback(ctx context.Context, p *solver.Profile) (*SolverFallback, error) {
	sess, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}})
	if err != nil {
		return nil, err
	}
	return &SolverFallback{sess: sess, declared: map[string]string{}}, nil
}

// Close stops the solver process.
func (f *SolverFallback) Close() error { return f.sess.Close() }

// Session is the underlying solver session.
func (f *SolverFallback) Session() *solver.Session { return f.sess }

// Check runs check-sat on the conjunction of terms, with no π kept
// asserted, and, when sat, reads the values of the layout's variables
// into an assignment (bytes of variables the solver does not mention stay
// zero).
func (f *SolverFallback) Check(ctx context.Context, l *Layout, terms []*smt.Term) (Status, []byte, error) {
	return f.ask(ctx, l, terms, nil, 0, false)
}

// Solve implements [Fallback], with π kept asserted across calls as far
// as queries share it.
func (f *SolverFallback) Solve(ctx context.Context, l *Layout, goal *smt.Term, pi []*smt.Term) (Status, []byte, error) {
	return f.ask(ctx, l, []*smt.Term{goal}, pi, len(pi), false)
}

// SolveGrowing implements [GrowingFallback]: π is a concolic run's
// notified π, so all of it not asserted yet becomes a block at once, and
// each conjunct is asserted once in the run.
func (f *SolverFallback) SolveGrowing(ctx context.Context, l *Layout, goal *smt.Term, pi []*smt.Term) (Status, []byte, error) {
	return f.ask(ctx, l, []*smt.Term{goal}, pi, len(pi), true)
}

// ask asks about the conjunction of terms on top of pi[:npi] (asserted
// incrementally: see SolverFallback; growing: all of it as blocks) in one
// batch.
func (f *SolverFallback) ask(ctx context.Context, l *Layout, terms, pi []*smt.Term, npi int, growing bool) (Status, []byte, error) {
	decls, err := f.newDecls(l)
	if err != nil {
		return Unknown, nil, err
	}
	// keep the blocks π still starts with; declarations go to the
	// outermost level (those inside a push would be popped with it)
	keep, n := 0, 0
	for len(decls) == 0 && keep < len(f.blocks) {
		b := f.blocks[keep]
		if n+len(b) > npi || !slices.Equal(b, pi[n:n+len(b)]) {
			break
		}
		keep++
		n += len(b)
	}
	var cmds []string
	if pop := len(f.blocks) - keep; pop > 0 {
		cmds = append(cmds, fmt.Sprintf("(pop %d)", pop))
	}
	d0 := len(cmds)
	cmds = append(cmds, decls...)
	// the part of π the last query shared becomes a block; the rest is
	// asserted with the branch condition, in the query's own scope
	m := n
	for m < npi && m < len(f.lastPi) && pi[m] == f.lastPi[m] {
		m++
	}
	if growing {
		m = npi
	}
	if m > n {
		cmds = append(cmds, "(push 1)", assertText(pi[n:m]))
	}
	chk := len(cmds) + 2 // the check-sat; the get-value (if any) follows
	cmds = append(cmds, "(push 1)", assertText(append(slices.Clip(terms), pi[m:npi]...)), "(check-sat)")
	if len(l.Vars) > 0 {
		names := make([]string, len(l.Vars))
		for i, v := range l.Vars {
			names[i] = smt.QuoteSymbol(v.Func.Name)
		}
		cmds = append(cmds, "(get-value ("+strings.Join(names, " ")+"))")
	}
	cmds = append(cmds, "(pop 1)")
	f.RoundTrips++
	rs, berr := f.sess.Batch(ctx, cmds...)
	if rs == nil {
		return Unknown, nil, berr
	}
	for i, d := range decls {
		if rs[d0+i].Kind == solver.RespSuccess {
			name, sort := declName(d)
			f.declared[name] = sort
		}
	}
	// every command but check-sat and the speculative get-value must
	// answer success, or the session's stack is not what f.blocks says
	failed := -1
	for i, r := range rs {
		if i != chk && i != chk+1 && r.Kind != solver.RespSuccess {
			failed = i
			break
		}
	}
	ans := rs[chk]
	if failed < 0 && ans.Failed() {
		failed = chk
	}
	if failed >= 0 {
		f.resync(ctx)
		switch {
		case berr != nil:
			return Unknown, nil, fmt.Errorf("fuzzysat: fallback: %w", berr)
		case ans.Status == solver.StatusTimeout:
			return Unknown, nil, nil // the budget ran out
		}
		r := rs[failed]
		return Unknown, nil, fmt.Errorf("fuzzysat: fallback: %.60s: %s %s", cmds[failed], r.Status, r.Message)
	}
	f.blocks = f.blocks[:keep]
	if m > n {
		f.blocks = append(f.blocks, slices.Clone(pi[n:m]))
	}
	f.lastPi = append(f.lastPi[:0], pi[:npi]...)
	switch ans.Status {
	case solver.StatusUnsat:
		return Unsat, nil, nil
	case solver.StatusSat:
	default:
		return Unknown, nil, nil
	}
	b := make([]byte, l.Size)
	if len(l.Vars) == 0 {
		return Sat, b, nil
	}
	gv := rs[chk+1]
	if gv.Failed() {
		return Unknown, nil, fmt.Errorf("fuzzysat: get-value: %s %s", gv.Status, gv.Message)
	}
	if err := l.FromValues([]byte(gv.Raw), b); err != nil {
		return Unknown, nil, err
	}
	return Sat, b, nil
}

// newDecls are the declarations of the layout's variables the session
// does not know yet.
func (f *SolverFallback) newDecls(l *Layout) ([]string, error) {
	var out []string
	for _, v := range l.Vars {
		name := smt.QuoteSymbol(v.Func.Name)
		sort := v.Func.Result.String()
		if s, ok := f.declared[name]; ok {
			if s != sort {
				return nil, fmt.Errorf("fuzzysat: %s declared as %s and %s in one session", name, s, sort)
			}
			continue
		}
		out = append(out, fmt.Sprintf("(declare-fun %s () %s)", name, sort))
	}
	return out, nil
}

// declName is the name and sort of "(declare-fun NAME () SORT)".
func declName(d string) (string, string) {
	rest := strings.TrimPrefix(d, "(declare-fun ")
	i := strings.Index(rest, " () ")
	return rest[:i], strings.TrimSuffix(rest[i+4:], ")")
}

// resync returns the session to its outermost level after a batch that
// did not go as planned (π is asserted afresh by the next query).
func (f *SolverFallback) resync(ctx context.Context) {
	f.blocks, f.lastPi = nil, nil
	if d := f.sess.Depth(); d > 0 {
		f.RoundTrips++
		_, _ = f.sess.Pop(context.WithoutCancel(ctx), d)
	}
}

// assertText asserts the conjunction of terms as one command.
func assertText(terms []*smt.Term) string {
	var sb strings.Builder
	sb.WriteString("(assert (and true")
	for _, t := range terms {
		sb.WriteByte(' ')
		sb.WriteString(SharedString(t))
	}
	sb.WriteString("))")
	return sb.String()
}

// SharedString prints a quantifier- and let-free term as SMT-LIB text in
// which every subterm used more than once is bound once by a let, so the
// text stays as small as the term's DAG (smt.Term.String repeats shared
// subterms, exponentially in the worst case).
func SharedString(t *smt.Term) string {
	refs := map[*smt.Term]int{}
	var count func(*smt.Term)
	count = func(x *smt.Term) {
		refs[x]++
		if refs[x] > 1 {
			return
		}
		for _, a := range x.Args() {
			count(a)
		}
	}
	count(t)
	names := map[*smt.Term]string{}
	level := map[*smt.Term]int{}
	var levels [][]*smt.Term
	var lv func(*smt.Term) int
	lv = func(x *smt.Term) int {
		if l, ok := level[x]; ok {
			return l
		}
		l := 0
		for _, a := range x.Args() {
			l = max(l, lv(a))
		}
		if x != t && refs[x] > 1 && x.NumArgs() > 0 {
			for len(levels) <= l {
				levels = append(levels, nil)
			}
			levels[l] = append(levels[l], x)
			names[x] = fmt.Sprintf("?fz%d", len(names))
			l++
		}
		level[x] = l
		return l
	}
	lv(t)
	var sb strings.Builder
	for _, lvl := range levels {
		sb.WriteString("(let (")
		for _, x := range lvl {
			fmt.Fprintf(&sb, "(%s ", names[x])
			writeNode(&sb, x, names)
			sb.WriteString(")")
		}
		sb.WriteString(") ")
	}
	if n, ok := names[t]; ok {
		sb.WriteString(n)
	} else {
		writeNode(&sb, t, names)
	}
	for range levels {
		sb.WriteString(")")
	}
	return sb.String()
}

func writeNode(sb *strings.Builder, x *smt.Term, names map[*smt.Term]string) {
	arg := func(a *smt.Term) {
		if n, ok := names[a]; ok {
			sb.WriteString(n)
			return
		}
		writeNode(sb, a, names)
	}
	if x.Kind() != smt.App || x.NumArgs() == 0 {
		sb.WriteString(x.String())
		return
	}
	sb.WriteString("(")
	if f := x.Func(); f != nil {
		sb.WriteString(smt.QuoteSymbol(f.Name))
	} else if idx := x.Indices(); len(idx) > 0 {
		sb.WriteString("(_ ")
		sb.WriteString(x.Op().String())
		for _, i := range idx {
			fmt.Fprintf(sb, " %d", i)
		}
		sb.WriteString(")")
	} else {
		sb.WriteString(x.Op().String())
	}
	for _, a := range x.Args() {
		sb.WriteString(" ")
		arg(a)
	}
	sb.WriteString(")")
}
