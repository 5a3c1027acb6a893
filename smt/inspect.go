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
	seen := map[uint32]struct{}{}
	stack := []*Term{t}
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
	done := map[uint32]*Term{}
	type frame struct {
		t    *Term
		next int // arguments before next are rewritten
	}
	stack := []frame{{t: t}}
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
					return nil, err
				}
			}
		}
		done[u.id] = r
	}
	return done[t.id], nil
}
