package smt

// Inspect traverses the term DAG under t in pre-order (a term before its
// arguments, arguments left to right), calling f once for each distinct
// subterm: terms are hash-consed, so a subterm shared by several parents
// is visited once (memoised on term ids). When f returns false, Inspect
// does not descend into that term's arguments; a subterm below it may
// still be visited through another parent.
//
// The arguments of a term are those of [Term.Args]: the bound values and
// the body of a let, the body of a quantifier, the term of an annotation
// (not the terms of its :pattern attributes). Inspect does not know
// scopes: a bound variable is visited as a [Var] term wherever it occurs,
// and the same variable bound in two places is one term, visited once.
// The traversal uses a stack of its own, so a deep term does not exhaust
// the goroutine's stack.
func Inspect(t *Term, f func(*Term) bool) {
	InspectAll([]*Term{t}, f)
}

// InspectAll is [Inspect] of several terms in order, such as the
// assertions of a script, with one memo: a subterm they share is visited
// once, under the first term that has it.
func InspectAll(ts []*Term, f func(*Term) bool) {
	seen := map[uint32]struct{}{}
	var stack []*Term
	for _, t := range ts {
		stack = inspect(f, seen, append(stack[:0], t))
	}
}

func inspect(f func(*Term) bool, seen map[uint32]struct{}, stack []*Term) []*Term {
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := seen[u.id]; ok {
			continue
		}
		seen[u.id] = struct{}{}
		if !f(u) {
			continue
		}
		args := u.Args()
		for i := len(args) - 1; i >= 0; i-- {
			if _, ok := seen[args[i].id]; !ok {
				stack = append(stack, args[i])
			}
		}
	}
	return stack
}

// Rewrite rebuilds the term DAG under t bottom-up. f is called once for
// each distinct subterm u, after its arguments (post-order, memoised on
// term ids), with args the rewritten arguments of u: u.Args() itself when
// none of them changed, otherwise a new slice (f must not modify either).
// f returns what u becomes, or nil for the default: u itself when no
// argument changed, else u rebuilt over args by [Store.Rebuild] (copy on
// write: unchanged parts of the DAG are kept, not copied). The error is
// the first one of such a rebuild.
//
// Rewrite does not know scopes, exactly like [Inspect]: f must give a term
// the same result wherever it occurs, which excludes substituting bound
// variables or inlining lets (use an [Expander] for those). Annotations
// keep their attributes as they are. The traversal uses a stack of its
// own, so a deep term does not exhaust the goroutine's stack.
func Rewrite(st *Store, t *Term, f func(u *Term, args []*Term) *Term) (*Term, error) {
	r, err := RewriteAll(st, []*Term{t}, f)
	if err != nil {
		return nil, err
	}
	return r[0], nil
}

// RewriteAll is [Rewrite] of several terms, such as the assertions of a
// script, with one memo: f is called once per distinct subterm of them all.
func RewriteAll(st *Store, ts []*Term, f func(u *Term, args []*Term) *Term) ([]*Term, error) {
	done := map[uint32]*Term{}
	out := make([]*Term, len(ts))
	var stack []rewriteFrame
	for i, t := range ts {
		if err := rewrite(st, t, f, done, &stack); err != nil {
			return nil, err
		}
		out[i] = done[t.id]
	}
	return out, nil
}

type rewriteFrame struct {
	t    *Term
	next int // arguments before next are rewritten
}

func rewrite(st *Store, t *Term, f func(u *Term, args []*Term) *Term, done map[uint32]*Term, stackp *[]rewriteFrame) error {
	type frame = rewriteFrame
	stack := append((*stackp)[:0], frame{t: t})
	defer func() { *stackp = stack }()
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		args := top.t.Args()
		for top.next < len(args) {
			if _, ok := done[args[top.next].id]; !ok {
				break
			}
			top.next++
		}
		if top.next < len(args) {
			stack = append(stack, frame{t: args[top.next]})
			continue
		}
		u := top.t
		stack = stack[:len(stack)-1]
		if _, ok := done[u.id]; ok {
			continue
		}
		nargs := args
		for i, a := range args {
			if r := done[a.id]; r != a {
				nargs = append(make([]*Term, 0, len(args)), args[:i]...)
				for _, b := range args[i:] {
					nargs = append(nargs, done[b.id])
				}
				break
			}
		}
		r := f(u, nargs)
		if r == nil {
			r = u
			if len(args) > 0 && &nargs[0] != &args[0] {
				var err error
				if r, err = st.Rebuild(u, nargs); err != nil {
					return err
				}
			}
		}
		done[u.id] = r
	}
	return nil
}

// Find returns the first subterm of t, in the pre-order of [Inspect], for
// which pred holds, or nil when there is none. It stops at the first.
func Find(t *Term, pred func(*Term) bool) *Term {
	var found *Term
	Inspect(t, func(u *Term) bool {
		if found != nil {
			return false
		}
		if pred(u) {
			found = u
			return false
		}
		return true
	})
	return found
}
