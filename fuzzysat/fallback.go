package fuzzysat

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"tandem/smt"
	"tandem/solver"
)

// SolverFallback is a [Fallback] backed by an incremental session of an
// external SMT solver (z3, cvc5) in one long-lived process, so process
// start-up is paid once. [SolverFallback.Solve] keeps π asserted from one
// query to the next, as a concolic executor's solver does (π grows at its
// end): it pops only the blocks of π the new query does not share, pushes
// the new conjuncts as one block, and asks about the branch condition in
// a push/pop of its own. [SolverFallback.Check] asserts everything afresh.
type SolverFallback struct {
	sess     *solver.Session
	declared map[string]string // name -> sort
	blocks   [][]*smt.Term     // π asserted, one push level per block
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

// Check runs check-sat on the conjunction of terms and, when sat, reads
// the values of the layout's variables into an assignment (bytes of
// variables the solver does not mention stay zero).
func (f *SolverFallback) Check(ctx context.Context, l *Layout, terms []*smt.Term) (Status, []byte, error) {
	if err := f.popBlocks(ctx, 0); err != nil {
		return Unknown, nil, err
	}
	if err := f.declare(ctx, l); err != nil {
		return Unknown, nil, err
	}
	return f.check(ctx, l, terms)
}

// popBlocks pops the asserted blocks of π beyond the first keep.
func (f *SolverFallback) popBlocks(ctx context.Context, keep int) error {
	if n := len(f.blocks) - keep; n > 0 {
		if r, err := f.sess.Pop(ctx, n); err != nil || r.Failed() {
			f.blocks = nil
			return fmt.Errorf("fuzzysat: pop: %v %s", err, r.Message)
		}
		f.blocks = f.blocks[:keep]
	}
	return nil
}

// declare declares the layout's variables the session does not know yet,
// at its outermost level (declarations inside a push are popped with it).
func (f *SolverFallback) declare(ctx context.Context, l *Layout) error {
	for _, v := range l.Vars {
		name := smt.QuoteSymbol(v.Func.Name)
		sort := v.Func.Result.String()
		if s, ok := f.declared[name]; ok {
			if s != sort {
				return fmt.Errorf("fuzzysat: %s declared as %s and %s in one session", name, s, sort)
			}
			continue
		}
		if err := f.popBlocks(ctx, 0); err != nil {
			return err
		}
		if r, err := f.sess.Exec(ctx, fmt.Sprintf("(declare-fun %s () %s)", name, sort)); err != nil || r.Failed() {
			return fmt.Errorf("fuzzysat: declaring %s: %v %s", name, err, r.Message)
		}
		f.declared[name] = sort
	}
	return nil
}

// assertAll asserts the conjunction of terms in one round trip.
func (f *SolverFallback) assertAll(ctx context.Context, terms []*smt.Term) error {
	var sb strings.Builder
	sb.WriteString("(and true")
	for _, t := range terms {
		sb.WriteByte(' ')
		sb.WriteString(SharedString(t))
	}
	sb.WriteString(")")
	if r, err := f.sess.Assert(ctx, sb.String()); err != nil || r.Failed() {
		return fmt.Errorf("fuzzysat: assert: %v %s", err, r.Message)
	}
	return nil
}

// check asks about the conjunction of terms in a push/pop of its own,
// on top of what is asserted; the variables are declared.
func (f *SolverFallback) check(ctx context.Context, l *Layout, terms []*smt.Term) (Status, []byte, error) {
	if r, err := f.sess.Push(ctx, 1); err != nil || r.Failed() {
		return Unknown, nil, fmt.Errorf("fuzzysat: push: %v %s", err, r.Message)
	}
	defer f.sess.Pop(context.WithoutCancel(ctx), 1)
	// one assert, one round trip
	if err := f.assertAll(ctx, terms); err != nil {
		return Unknown, nil, err
	}
	r, err := f.sess.CheckSat(ctx)
	if err != nil {
		return Unknown, nil, err
	}
	switch r.Status {
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
	var names []string
	for _, v := range l.Vars {
		names = append(names, smt.QuoteSymbol(v.Func.Name))
	}
	gv, err := f.sess.GetValue(ctx, names...)
	if err != nil || gv.Failed() {
		return Unknown, nil, fmt.Errorf("fuzzysat: get-value: %v %s", err, gv.Message)
	}
	vals, err := ParseValues(gv.Raw)
	if err != nil {
		return Unknown, nil, err
	}
	for i, v := range l.Vars {
		x, ok := vals[v.Func.Name]
		if !ok {
			x, ok = vals[smt.QuoteSymbol(v.Func.Name)]
		}
		if ok {
			l.SetBig(b, i, x)
		}
	}
	return Sat, b, nil
}

// Solve implements [Fallback], with π kept asserted across calls.
func (f *SolverFallback) Solve(ctx context.Context, l *Layout, goal *smt.Term, pi []*smt.Term) (Status, []byte, error) {
	if err := f.declare(ctx, l); err != nil {
		return Unknown, nil, err
	}
	// keep the blocks π still starts with
	keep, n := 0, 0
	for keep < len(f.blocks) {
		b := f.blocks[keep]
		if n+len(b) > len(pi) || !slices.Equal(b, pi[n:n+len(b)]) {
			break
		}
		keep++
		n += len(b)
	}
	if err := f.popBlocks(ctx, keep); err != nil {
		return Unknown, nil, err
	}
	if n < len(pi) {
		if r, err := f.sess.Push(ctx, 1); err != nil || r.Failed() {
			return Unknown, nil, fmt.Errorf("fuzzysat: push: %v %s", err, r.Message)
		}
		f.blocks = append(f.blocks, slices.Clone(pi[n:]))
		if err := f.assertAll(ctx, pi[n:]); err != nil {
			_ = f.popBlocks(ctx, len(f.blocks)-1)
			return Unknown, nil, err
		}
	}
	return f.check(ctx, l, []*smt.Term{goal})
}

// ParseValues reads a get-value answer ((x #x0a) (b true) …) into
// unsigned values (true = 1).
func ParseValues(raw string) (map[string]*big.Int, error) {
	out := map[string]*big.Int{}
	toks := tokenize(raw)
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch toks[i] {
		case "(":
			depth++
			if depth == 2 && i+2 < len(toks) {
				name := toks[i+1]
				val := toks[i+2]
				var x *big.Int
				switch {
				case strings.HasPrefix(val, "#x"):
					x, _ = new(big.Int).SetString(val[2:], 16)
				case strings.HasPrefix(val, "#b"):
					x, _ = new(big.Int).SetString(val[2:], 2)
				case val == "true":
					x = big.NewInt(1)
				case val == "false":
					x = big.NewInt(0)
				case val == "(" && i+4 < len(toks) && toks[i+3] == "_" && strings.HasPrefix(toks[i+4], "bv"):
					x, _ = new(big.Int).SetString(toks[i+4][2:], 10)
				}
				if x == nil {
					return nil, fmt.Errorf("fuzzysat: cannot read the value of %s in %.200q", name, raw)
				}
				out[strings.Trim(name, "|")] = x
			}
		case ")":
			depth--
		}
	}
	return out, nil
}

func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '|':
			j := strings.IndexByte(s[i+1:], '|')
			if j < 0 {
				j = len(s) - i - 1
			}
			toks = append(toks, s[i:i+j+2])
			i += j + 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune("() \n\t\r", rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
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
