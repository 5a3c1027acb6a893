package reduce

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// SMTLIBPasses are the ddSMT-class passes over SMT-LIB scripts, in the order
// they run in each round (the shrinking passes first; the eliminations,
// which may grow the input, run when those are stuck, and the next round
// shrinks what they exposed):
//
//   - commands: ddmin over the commands that declare nothing (assertions,
//     check-sat, set-info, set-option, push/pop, unknown commands, …);
//   - unused-decls: ddmin over declarations and definitions that no term
//     uses any more;
//   - terms: top-down over the distinct subterms (breadth-first from the
//     assertions), replace a term by a constant of its sort (false, true,
//     0, 1, 0.0, "", bit-vector 0 and 1, ±zero, RNE, constant arrays), by a
//     child of the same sort, by fewer arguments of an n-ary operator, or
//     by a fresh declared constant; an assertion may also become (= v d)
//     for one of its non-Bool subterms d ("hoisting", which drops d's
//     context in one step). A declaration whose last use goes is removed in
//     the same candidate;
//   - merge-vars: replace a declared constant by an earlier one of the
//     same sort;
//   - eval: replace a ground subterm by its value (package eval);
//   - numerals: halve integer and bit-vector literals;
//   - let-elim: replace one let by its body with the bindings substituted;
//   - define-fun-elim: inline one defined function everywhere and drop it;
//   - split-and: replace (assert (and a b …)) by (assert a) (assert b) ….
//
// The last three may grow the input, never past twice its original size.
//
// Every candidate is rebuilt through the smt builders, which type-check,
// printed with smtlib.Print and parsed again; a candidate that fails
// either step is skipped, so every candidate the predicate sees is a
// well-sorted script. Commands tandem does not interpret are kept verbatim.
// A pass given text that does not parse leaves it unchanged; add
// [SExprPass] to reduce such inputs.
func SMTLIBPasses() []Pass {
	return []Pass{
		NewPass("commands", passCommands),
		NewPass("unused-decls", passUnusedDecls),
		NewPass("terms", termPass(replTerms)),
		NewPass("merge-vars", termPass(replMerge)),
		NewPass("eval", termPass(replEval)),
		NewPass("numerals", termPass(replNumerals)),
		NewPass("let-elim", passLetElim),
		NewPass("define-fun-elim", passDefineFunElim),
		NewPass("split-and", passSplitAnd),
	}
}

func parseScript(src []byte) (*smtlib.Script, bool) {
	sc, err := smtlib.Parse("candidate.smt2", src)
	return sc, err == nil
}

// render prints sc and checks that the text parses again.
func render(sc *smtlib.Script) ([]byte, bool) {
	out := []byte(smtlib.Print(sc))
	if _, ok := parseScript(out); !ok {
		return nil, false
	}
	return out, true
}

func isDecl(k smtlib.CommandKind) bool {
	switch k {
	case smtlib.CmdDeclareSort, smtlib.CmdDefineSort, smtlib.CmdDeclareFun, smtlib.CmdDeclareConst,
		smtlib.CmdDefineFun, smtlib.CmdDefineConst, smtlib.CmdDefineFunRec, smtlib.CmdDefineFunsRec,
		smtlib.CmdDeclareDatatype, smtlib.CmdDeclareDatatypes, smtlib.CmdDeclareCodatatypes,
		smtlib.CmdDeclareCodatatype, smtlib.CmdDeclareCB, smtlib.CmdDeclareOracleFun:
		return true
	}
	return false
}

// withCommands renders the script made of sc's commands at the given
// indices, in order.
func withCommands(sc *smtlib.Script, idx []int) ([]byte, bool) {
	c := *sc
	c.Commands = make([]*smtlib.Command, 0, len(idx))
	for _, i := range idx {
		c.Commands = append(c.Commands, sc.Commands[i])
	}
	return render(&c)
}

// ddminCommands runs ddmin over the commands selected by pick; the others
// stay.
func ddminCommands(ctx context.Context, s *Session, cur []byte, pick func(sc *smtlib.Script, i int) bool) ([]byte, error) {
	sc, ok := parseScript(cur)
	if !ok {
		return cur, nil
	}
	var items, fixed []int
	for i := range sc.Commands {
		if pick(sc, i) {
			items = append(items, i)
		} else {
			fixed = append(fixed, i)
		}
	}
	if len(items) == 0 {
		return cur, nil
	}
	_, out, err := DDMin(ctx, s, len(items), cur, func(keep []int) ([]byte, bool) {
		idx := slices.Clone(fixed)
		for _, k := range keep {
			idx = append(idx, items[k])
		}
		slices.Sort(idx)
		return withCommands(sc, idx)
	})
	return out, err
}

func passCommands(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	return ddminCommands(ctx, s, cur, func(sc *smtlib.Script, i int) bool {
		return !isDecl(sc.Commands[i].Kind)
	})
}

// uses collects the function symbols and sort names that the script's
// terms and declarations mention.
type uses struct {
	funcs map[*smt.Func]bool
	names map[string]bool // function and sort names, for commands that name them
	seen  map[*smt.Term]bool
}

func newUses() *uses {
	return &uses{funcs: map[*smt.Func]bool{}, names: map[string]bool{}, seen: map[*smt.Term]bool{}}
}

func (u *uses) sort(s *smt.Sort) {
	if s == nil {
		return
	}
	if s.Name != "" {
		u.names[s.Name] = true
	}
	for _, p := range s.Params {
		u.sort(p)
	}
}

func (u *uses) term(t *smt.Term) {
	if t == nil || u.seen[t] {
		return
	}
	u.seen[t] = true
	u.sort(t.Sort())
	if f := t.Func(); f != nil {
		u.funcs[f] = true
		u.names[f.Name] = true
		if f.Datatype != nil {
			u.names[f.Datatype.Name] = true
		}
	}
	for _, b := range t.Binders() {
		u.sort(b.Sort())
	}
	for _, a := range t.Args() {
		u.term(a)
	}
	for _, at := range t.Attributes() {
		for _, p := range at.Terms {
			u.term(p)
		}
	}
}

func (u *uses) fn(f *smt.Func) {
	for _, p := range f.Params {
		u.sort(p)
	}
	u.sort(f.Result)
	u.term(f.Body)
}

// commandUses collects what command c mentions (not what it declares).
func (u *uses) command(c *smtlib.Command) {
	u.term(c.Term)
	for _, t := range c.Terms {
		u.term(t)
	}
	switch c.Kind {
	case smtlib.CmdDefineSort:
		u.sort(c.Sort)
	case smtlib.CmdDeclareDatatype, smtlib.CmdDeclareDatatypes, smtlib.CmdDeclareCodatatypes, smtlib.CmdDeclareCodatatype:
		for _, d := range c.Datatypes {
			for _, con := range d.Constructors {
				for _, sel := range con.Selectors {
					u.sort(sel.Result)
				}
			}
		}
	default:
		for _, f := range c.Funcs {
			u.fn(f)
		}
	}
}

// declares reports whether command c declares something that u mentions.
func (u *uses) used(c *smtlib.Command) bool {
	switch c.Kind {
	case smtlib.CmdDeclareSort, smtlib.CmdDefineSort:
		return u.names[c.Name]
	case smtlib.CmdDeclareDatatype, smtlib.CmdDeclareDatatypes, smtlib.CmdDeclareCodatatypes, smtlib.CmdDeclareCodatatype:
		for _, d := range c.Datatypes {
			if u.names[d.Name] {
				return true
			}
		}
		return false
	}
	for _, f := range c.Funcs {
		if u.funcs[f] || u.names[f.Name] {
			return true
		}
	}
	return false
}

func passUnusedDecls(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	var live []bool
	var of *smtlib.Script
	return ddminCommands(ctx, s, cur, func(sc *smtlib.Script, i int) bool {
		if of != sc {
			of, live = sc, liveCommands(sc)
		}
		return isDecl(sc.Commands[i].Kind) && !live[i]
	})
}

// liveCommands marks the commands that declare nothing, and the
// declarations they need, directly or through other declarations (a chain
// of define-funs goes in one step, not one link per round).
func liveCommands(sc *smtlib.Script) []bool {
	live := make([]bool, len(sc.Commands))
	mentions := make([]*uses, len(sc.Commands))
	var queue []int
	for i, c := range sc.Commands {
		mentions[i] = newUses()
		mentions[i].command(c)
		if !isDecl(c.Kind) {
			live[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for j, c := range sc.Commands {
			if !live[j] && mentions[i].used(c) {
				live[j] = true
				queue = append(queue, j)
			}
		}
	}
	return live
}

// rewriter rebuilds terms of one store with some subterms replaced.
type rewriter struct {
	st  *smt.Store
	sub map[*smt.Term]*smt.Term
	// inline, when set, replaces applications of this defined function by
	// its body.
	inline *smt.Func
	exp    *smt.Expander
}

func newRewriter(st *smt.Store, sub map[*smt.Term]*smt.Term) *rewriter {
	return &rewriter{st: st, sub: sub}
}

// terms rewrites ts (with one memo: a subterm shared by several is
// rewritten once).
func (r *rewriter) terms(ts []*smt.Term) ([]*smt.Term, error) {
	var err error
	out, rerr := smt.RewriteAll(r.st, ts, func(t *smt.Term, args []*smt.Term) *smt.Term {
		if v, ok := r.sub[t]; ok {
			return v
		}
		if err != nil || r.inline == nil {
			return nil
		}
		res := t
		if !slices.Equal(args, t.Args()) {
			if res, err = r.st.Rebuild(t, args); err != nil {
				return t
			}
		}
		if res.Kind() != smt.App || res.Func() != r.inline {
			return res
		}
		f := r.inline
		m := map[*smt.Term]*smt.Term{}
		for i, v := range f.Formals {
			m[v] = res.Arg(i)
		}
		if r.exp == nil {
			r.exp = smt.NewExpander(r.st)
		}
		b, serr := r.exp.Subst(f.Body, m)
		if serr != nil {
			err = serr
			return t
		}
		return b
	})
	if err != nil {
		return nil, err
	}
	return out, rerr
}

// rewriteScript applies r to every term of the script: assertions,
// check-sat-assuming and get-value terms, and the bodies of definitions
// (the definitions get copies of their Func). It returns a new script;
// sc is unchanged.
func rewriteScript(sc *smtlib.Script, r *rewriter) (*smtlib.Script, error) {
	out := smtlib.Clone(sc)
	var roots []*smt.Term
	for _, c := range out.Commands {
		if c.Term != nil {
			roots = append(roots, c.Term)
		}
		roots = append(roots, c.Terms...)
		if len(c.Funcs) > 0 && c.Funcs[0].Body != nil {
			for _, f := range c.Funcs {
				if f.Body != nil {
					roots = append(roots, f.Body)
				}
			}
		}
	}
	rs, err := r.terms(roots)
	if err != nil {
		return nil, err
	}
	for _, c := range out.Commands {
		if c.Term != nil {
			c.Term, rs = rs[0], rs[1:]
		}
		for i := range c.Terms {
			c.Terms[i], rs = rs[0], rs[1:]
		}
		if len(c.Funcs) > 0 && c.Funcs[0].Body != nil {
			fs := make([]*smt.Func, len(c.Funcs))
			for i, f := range c.Funcs {
				fs[i] = f
				if f.Body == nil {
					continue
				}
				var b *smt.Term
				b, rs = rs[0], rs[1:]
				if b != f.Body {
					nf := *f
					nf.Body = b
					fs[i] = &nf
				}
			}
			c.Funcs = fs
		}
	}
	return out, nil
}

// roots are the top-level terms of a script, with the index of the command
// each belongs to.
type root struct {
	t   *smt.Term
	cmd int
}

func scriptRoots(sc *smtlib.Script) []root {
	var rs []root
	for i, c := range sc.Commands {
		if c.Term != nil {
			rs = append(rs, root{c.Term, i})
		}
		for _, t := range c.Terms {
			rs = append(rs, root{t, i})
		}
		for _, f := range c.Funcs {
			if f.Body != nil {
				rs = append(rs, root{f.Body, i})
			}
		}
	}
	return rs
}

// bfs lists the distinct subterms of the roots top-down (breadth-first),
// with the first command each occurs in.
func bfs(rs []root) ([]*smt.Term, map[*smt.Term]int) {
	first := map[*smt.Term]int{}
	var order []*smt.Term
	for _, r := range rs {
		if _, ok := first[r.t]; !ok {
			first[r.t] = r.cmd
			order = append(order, r.t)
		}
	}
	for i := 0; i < len(order); i++ {
		t := order[i]
		for _, a := range t.Args() {
			if _, ok := first[a]; !ok {
				first[a] = first[t]
				order = append(order, a)
			}
		}
	}
	return order, first
}

// replacement is one proposed edit: term t becomes with, or (when fresh is
// set) a new declared constant of t's sort.
type replacement struct {
	t, with *smt.Term
	fresh   bool
	// hoist, when set, makes t (an assertion) (= v hoist) for a new
	// declared constant v: the subterm survives, its context goes.
	hoist *smt.Term
}

// termCtx is what replacement generators see.
type termCtx struct {
	sc    *smtlib.Script
	st    *smt.Store
	order []*smt.Term
	first map[*smt.Term]int
	// consts are the declared constants in declaration order.
	consts []*smt.Term
	ev     *eval.Evaluator
	// asserted are the assertions' terms.
	asserted map[*smt.Term]bool
}

type termEdits struct {
	tc    *termCtx
	repls []replacement
}

func (e *termEdits) Len() int { return len(e.repls) }

func (e *termEdits) Candidate(i int) ([]byte, bool) {
	rp := e.repls[i]
	sc := e.tc.sc
	with := rp.with
	var decl *smtlib.Command
	if rp.fresh || rp.hoist != nil {
		s := rp.t.Sort()
		if rp.hoist != nil {
			s = rp.hoist.Sort()
		}
		f := e.tc.st.NewFunc(freshName(sc), smt.FuncDeclared, nil, s)
		with = e.tc.st.Const(f)
		decl = &smtlib.Command{Kind: smtlib.CmdDeclareConst, Funcs: []*smt.Func{f}}
		if rp.hoist != nil {
			eq, err := e.tc.st.Apply(smt.OpEq, nil, with, rp.hoist)
			if err != nil {
				return nil, false
			}
			with = eq
		}
	}
	out, err := rewriteScript(sc, newRewriter(e.tc.st, map[*smt.Term]*smt.Term{rp.t: with}))
	if err != nil {
		return nil, false
	}
	if decl != nil {
		at := e.tc.first[rp.t]
		for j := 0; j < at; j++ {
			if out.Commands[j].Kind == smtlib.CmdPush {
				// Declare before any scope opens, unless the sort may be
				// declared inside it.
				if k := rp.t.Sort().Kind; k != smt.KindUninterpreted && k != smt.KindDatatype {
					at = j
				}
				break
			}
		}
		out.Commands = slices.Insert(out.Commands, at, decl)
	}
	dropUnusedConsts(sc, out)
	return render(out)
}

// dropUnusedConsts removes from out the declare-fun and declare-const
// commands that were used in sc and are not any more, so that replacing
// the last occurrence of a symbol also removes its declaration in the same
// candidate.
func dropUnusedConsts(sc, out *smtlib.Script) {
	before, after := newUses(), newUses()
	for _, c := range sc.Commands {
		before.command(c)
	}
	for _, c := range out.Commands {
		after.command(c)
	}
	out.Commands = slices.DeleteFunc(out.Commands, func(c *smtlib.Command) bool {
		if c.Kind != smtlib.CmdDeclareFun && c.Kind != smtlib.CmdDeclareConst {
			return false
		}
		f := c.Funcs[0]
		return before.funcs[f] && !after.funcs[f] && !after.names[f.Name]
	})
}

func freshName(sc *smtlib.Script) string {
	names := map[string]bool{}
	u := newUses()
	for _, c := range sc.Commands {
		u.command(c)
		for _, f := range c.Funcs {
			names[f.Name] = true
		}
		if c.Name != "" {
			names[c.Name] = true
		}
	}
	for n := range u.names {
		names[n] = true
	}
	for t := range u.seen {
		if t.Kind() == smt.Var {
			names[t.Name()] = true
		}
		for _, b := range t.Binders() {
			names[b.Name()] = true
		}
	}
	for i := 0; ; i++ {
		n := fmt.Sprintf("v%d", i)
		if !names[n] {
			return n
		}
	}
}

// termPass is a Greedy pass over the script's distinct subterms, top-down,
// with the replacements gen proposes for each.
func termPass(gen func(tc *termCtx, t *smt.Term) []replacement) func(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	return func(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
		return Greedy(ctx, s, cur, false, func(cur []byte) (Edits, error) {
			sc, ok := parseScript(cur)
			if !ok {
				return nil, nil
			}
			tc := &termCtx{sc: sc, st: sc.Store, asserted: map[*smt.Term]bool{}}
			tc.order, tc.first = bfs(scriptRoots(sc))
			for _, c := range sc.Commands {
				if c.Kind == smtlib.CmdAssert {
					tc.asserted[c.Term] = true
				}
				if c.Kind == smtlib.CmdDeclareFun || c.Kind == smtlib.CmdDeclareConst {
					if f := c.Funcs[0]; f.IsConst() {
						tc.consts = append(tc.consts, sc.Store.Const(f))
					}
				}
			}
			e := &termEdits{tc: tc}
			for _, t := range tc.order {
				e.repls = append(e.repls, gen(tc, t)...)
			}
			return e, nil
		})
	}
}

// constants are small values of sort s, smallest first.
func constants(st *smt.Store, s *smt.Sort) []*smt.Term {
	var out []*smt.Term
	add := func(t *smt.Term, err error) {
		if err == nil && t != nil {
			out = append(out, t)
		}
	}
	switch s.Kind {
	case smt.KindBool:
		out = append(out, st.False(), st.True())
	case smt.KindInt:
		out = append(out, st.Int(0), st.Int(1))
	case smt.KindReal:
		out = append(out, st.Decimal(new(big.Rat)), st.Decimal(big.NewRat(1, 1)))
	case smt.KindBitVec:
		out = append(out, st.BVUint64(0, s.Width), st.BVUint64(1, s.Width))
	case smt.KindFloat:
		add(st.Apply(smt.OpFPPosZero, []int{s.EB, s.SB}))
		add(st.Apply(smt.OpFPNegZero, []int{s.EB, s.SB}))
	case smt.KindRoundingMode:
		add(st.Apply(smt.OpRNE, nil))
	case smt.KindString:
		add(st.String(nil))
	case smt.KindRegLan:
		add(st.Apply(smt.OpReNone, nil))
		add(st.Apply(smt.OpReAll, nil))
	case smt.KindArray:
		for _, e := range constants(st, s.Elem()) {
			add(st.ConstArray(s, e))
		}
	case smt.KindSeq:
		add(st.SeqEmpty(s))
	case smt.KindDatatype:
		if d := s.Datatype; d != nil {
			for _, c := range d.Constructors {
				if len(c.Params) == 0 {
					add(st.ApplyFuncAs(c, nil, s))
				}
			}
		}
	}
	return out
}

func isLeaf(t *smt.Term) bool {
	return t.NumArgs() == 0
}

// replTerms: constants, children of the same sort, fewer arguments of an
// n-ary operator, a fresh constant.
func replTerms(tc *termCtx, t *smt.Term) []replacement {
	var out []replacement
	for _, c := range constants(tc.st, t.Sort()) {
		if c != t {
			out = append(out, replacement{t: t, with: c})
		}
	}
	if isLeaf(t) {
		return out
	}
	seen := map[*smt.Term]bool{t: true}
	args := t.Args()
	for _, a := range args {
		if a.Sort() == t.Sort() && !seen[a] {
			seen[a] = true
			out = append(out, replacement{t: t, with: a})
		}
	}
	if t.Kind() == smt.App && len(args) >= 3 {
		var subsets [][]*smt.Term
		if len(args) >= 4 {
			subsets = append(subsets, args[:len(args)/2], args[len(args)/2:])
		}
		for i := range args {
			subsets = append(subsets, append(slices.Clone(args[:i]), args[i+1:]...))
		}
		for _, sub := range subsets {
			if nt, err := tc.st.Rebuild(t, sub); err == nil && nt.Sort() == t.Sort() && !seen[nt] {
				seen[nt] = true
				out = append(out, replacement{t: t, with: nt})
			}
		}
	}
	if s := t.Sort(); s.Kind != smt.KindRegLan && !s.HasParams() {
		out = append(out, replacement{t: t, fresh: true})
	}
	if tc.asserted[t] {
		// Hoist a non-Bool subterm out of its context: the assertion
		// becomes (= v d). Descendants top-down, the first maxHoist.
		order, _ := bfs([]root{{t, 0}})
		n := 0
		for _, d := range order[1:] {
			if n == maxHoist {
				break
			}
			if d.Sort().Kind == smt.KindBool || d.NumArgs() == 0 || d.Kind() != smt.App || d.Sort().HasParams() || d.Sort().Kind == smt.KindRegLan || hasBound(d) {
				continue
			}
			n++
			out = append(out, replacement{t: t, hoist: d})
		}
	}
	return out
}

// maxHoist bounds the hoisting candidates per assertion, so that a huge
// assertion does not queue thousands of tests at its root.
const maxHoist = 64

// hasBound reports whether t mentions a bound variable (it cannot leave
// its binder).
func hasBound(t *smt.Term) bool {
	return smt.Find(t, func(u *smt.Term) bool { return u.Kind() == smt.Var }) != nil
}

// replMerge: a declared constant becomes an earlier one of its sort.
func replMerge(tc *termCtx, t *smt.Term) []replacement {
	if !t.IsConst() || t.Func().Kind != smt.FuncDeclared {
		return nil
	}
	for _, c := range tc.consts {
		if c == t {
			return nil
		}
		if c.Sort() == t.Sort() {
			return []replacement{{t: t, with: c}}
		}
	}
	return nil
}

// replEval: a ground, non-value subterm becomes its value.
func replEval(tc *termCtx, t *smt.Term) []replacement {
	if t.Kind() != smt.App || isLeaf(t) || t.IsValue() || wide(t) {
		return nil
	}
	if tc.ev == nil {
		tc.ev = eval.New(nil)
	}
	v, err := tc.ev.Eval(t)
	if err != nil {
		return nil
	}
	if _, undef := v.(smt.Undefined); undef {
		return nil
	}
	vt, err := tc.st.ValueTerm(v)
	if err != nil || vt == t || vt.Sort() != t.Sort() {
		return nil
	}
	return []replacement{{t: t, with: vt}}
}

// maxEvalWidth bounds the bit-vector and floating-point widths the eval
// pass evaluates: wider arithmetic is slow and such terms are rare.
const maxEvalWidth = 4096

func wide(t *smt.Term) bool {
	for _, x := range append([]*smt.Term{t}, t.Args()...) {
		if s := x.Sort(); s.Width > maxEvalWidth || s.EB+s.SB > maxEvalWidth {
			return true
		}
	}
	return false
}

// replNumerals: an integer or bit-vector literal becomes half its value.
func replNumerals(tc *termCtx, t *smt.Term) []replacement {
	if t.Kind() != smt.Literal {
		return nil
	}
	switch t.LiteralKind() {
	case smt.LitNumeral:
		v := t.BigInt()
		if v.CmpAbs(big.NewInt(1)) <= 0 {
			return nil
		}
		return []replacement{{t: t, with: tc.st.Numeral(new(big.Int).Quo(v, big.NewInt(2)))}}
	case smt.LitBitVec:
		v := t.BigInt()
		if v.Cmp(big.NewInt(1)) <= 0 {
			return nil
		}
		h, err := tc.st.BV(new(big.Int).Rsh(v, 1), t.Sort().Width)
		if err != nil {
			return nil
		}
		return []replacement{{t: t, with: h}}
	}
	return nil
}

// letEdits proposes, for each let (top-down), the let replaced by its body
// with the bindings substituted.
func passLetElim(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	limit := 2 * s.OrigSize()
	return Greedy(ctx, s, cur, true, func(cur []byte) (Edits, error) {
		sc, ok := parseScript(cur)
		if !ok {
			return nil, nil
		}
		tc := &termCtx{sc: sc, st: sc.Store}
		tc.order, tc.first = bfs(scriptRoots(sc))
		e := &termEdits{tc: tc}
		exp := smt.NewExpander(sc.Store)
		for _, t := range tc.order {
			if t.Kind() != smt.Let {
				continue
			}
			bs := t.Binders()
			m := map[*smt.Term]*smt.Term{}
			for i, b := range bs {
				m[b] = t.Arg(i)
			}
			body, err := exp.Subst(t.Arg(len(bs)), m)
			if err == nil {
				e.repls = append(e.repls, replacement{t: t, with: body})
			}
		}
		return limited{e, limit}, nil
	})
}

// limited drops candidates longer than max bytes.
type limited struct {
	Edits
	max int
}

func (l limited) Candidate(i int) ([]byte, bool) {
	c, ok := l.Edits.Candidate(i)
	if !ok || len(c) > l.max {
		return nil, false
	}
	return c, true
}

type defEdits struct {
	sc    *smtlib.Script
	defs  []int // command indices of define-fun / define-const
	limit int
}

func (e *defEdits) Len() int { return len(e.defs) }

func (e *defEdits) Candidate(i int) ([]byte, bool) {
	ci := e.defs[i]
	f := e.sc.Commands[ci].Funcs[0]
	r := newRewriter(e.sc.Store, nil)
	r.inline = f
	out, err := rewriteScript(e.sc, r)
	if err != nil {
		return nil, false
	}
	out.Commands = slices.Delete(out.Commands, ci, ci+1)
	c, ok := render(out)
	if !ok || len(c) > e.limit {
		return nil, false
	}
	return c, true
}

func passDefineFunElim(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	limit := 2 * s.OrigSize()
	return Greedy(ctx, s, cur, true, func(cur []byte) (Edits, error) {
		sc, ok := parseScript(cur)
		if !ok {
			return nil, nil
		}
		e := &defEdits{sc: sc, limit: limit}
		for i, c := range sc.Commands {
			if (c.Kind == smtlib.CmdDefineFun || c.Kind == smtlib.CmdDefineConst) && c.Funcs[0].Body != nil {
				e.defs = append(e.defs, i)
			}
		}
		return e, nil
	})
}

type splitEdits struct {
	sc    *smtlib.Script
	cmds  []int
	limit int
}

func (e *splitEdits) Len() int { return len(e.cmds) }

func (e *splitEdits) Candidate(i int) ([]byte, bool) {
	ci := e.cmds[i]
	out := smtlib.Clone(e.sc)
	var parts []*smtlib.Command
	for _, a := range e.sc.Commands[ci].Term.Args() {
		parts = append(parts, &smtlib.Command{Kind: smtlib.CmdAssert, Term: a})
	}
	out.Commands = slices.Insert(slices.Delete(out.Commands, ci, ci+1), ci, parts...)
	c, ok := render(out)
	if !ok || len(c) > e.limit {
		return nil, false
	}
	return c, true
}

func passSplitAnd(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	limit := 2 * s.OrigSize()
	return Greedy(ctx, s, cur, true, func(cur []byte) (Edits, error) {
		sc, ok := parseScript(cur)
		if !ok {
			return nil, nil
		}
		e := &splitEdits{sc: sc, limit: limit}
		for i, c := range sc.Commands {
			if c.Kind == smtlib.CmdAssert && c.Term.Kind() == smt.App && c.Term.Op() == smt.OpAnd {
				e.cmds = append(e.cmds, i)
			}
		}
		return e, nil
	})
}
