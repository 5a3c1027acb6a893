package smt_test

import (
	"errors"
	"fmt"
	"testing"

	"tandem/smt"
)

// ExampleInspect counts the distinct subterms of a term whose DAG shares
// one sum twice, and lists the constants it reads.
func ExampleInspect() {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.IntSort()))
	sum := st.MustApply(smt.OpAdd, nil, x, y)
	t := st.MustApply(smt.OpLt, nil, sum, st.MustApply(smt.OpMul, nil, sum, sum))
	n := 0
	smt.Inspect(t, func(u *smt.Term) bool {
		n++
		if u.IsConst() {
			fmt.Println("reads", u)
		}
		return true
	})
	fmt.Println(n, "distinct subterms")
	// Output:
	// reads x
	// reads y
	// 5 distinct subterms
}

// ExampleRewrite replaces the constant x by 2 everywhere: the parts of the
// term that do not read x are kept as they are.
func ExampleRewrite() {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.IntSort()))
	keep := st.MustApply(smt.OpMul, nil, y, y)
	t := st.MustApply(smt.OpLt, nil, st.MustApply(smt.OpAdd, nil, x, keep), keep)
	r, err := smt.Rewrite(st, t, func(u *smt.Term, args []*smt.Term) *smt.Term {
		if u == x {
			return st.Int(2)
		}
		return nil // rebuilt over the rewritten arguments when one changed
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
	fmt.Println("shared part kept:", r.Arg(1) == keep)
	// Output:
	// (< (+ 2 (* y y)) (* y y))
	// shared part kept: true
}

// chain is (not (not … (not b))) n deep.
func chain(st *smt.Store, b *smt.Term, n int) *smt.Term {
	t := b
	for i := 0; i < n; i++ {
		t = st.MustApply(smt.OpNot, nil, t)
	}
	return t
}

func TestInspectPreOrderOncePruned(t *testing.T) {
	st := smt.NewStore()
	bf := st.NewFunc("b", smt.FuncDeclared, nil, smt.BoolSort())
	b := st.Const(bf)
	nb := st.MustApply(smt.OpNot, nil, b)
	and := st.MustApply(smt.OpAnd, nil, nb, b, nb)
	or := st.MustApply(smt.OpOr, nil, and, nb)
	var order []string
	smt.Inspect(or, func(u *smt.Term) bool {
		order = append(order, u.String())
		return true
	})
	want := fmt.Sprint([]string{or.String(), and.String(), nb.String(), "b"})
	if fmt.Sprint(order) != want {
		t.Errorf("order %v, want %s", order, want)
	}
	// pruned at and: nb is still reached through or
	order = nil
	smt.Inspect(or, func(u *smt.Term) bool {
		order = append(order, u.String())
		return u != and
	})
	want = fmt.Sprint([]string{or.String(), and.String(), nb.String(), "b"})
	if fmt.Sprint(order) != want {
		t.Errorf("pruned order %v, want %s", order, want)
	}
	// a 200,000-deep term is walked without recursion
	n := 0
	smt.Inspect(chain(st, b, 200_000), func(*smt.Term) bool { n++; return true })
	if n != 200_001 {
		t.Errorf("deep chain: %d visits", n)
	}
}

func TestRewriteCopyOnWriteAndBinders(t *testing.T) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.IntSort()))
	v := st.Var("v", smt.IntSort())
	// (let ((v (+ x 1))) (forall ((w Int)) (! (< v (+ y w)) :named p)))
	w := st.Var("w", smt.IntSort())
	body := st.Annotate(st.MustApply(smt.OpLt, nil, v, st.MustApply(smt.OpAdd, nil, y, w)), []smt.Attribute{{Key: ":named", Value: "p"}})
	q, err := st.Quantifier(true, []*smt.Term{w}, body)
	if err != nil {
		t.Fatal(err)
	}
	let, err := st.Let([]*smt.Term{v}, []*smt.Term{st.MustApply(smt.OpAdd, nil, x, st.Int(1))}, q)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[*smt.Term]int{}
	r, err := smt.Rewrite(st, let, func(u *smt.Term, args []*smt.Term) *smt.Term {
		calls[u]++
		if u == x {
			return st.Int(7)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "(let ((v (+ 7 1))) (forall ((w Int)) (! (< v (+ y w)) :named p)))"; r.String() != want {
		t.Errorf("got %s\nwant %s", r, want)
	}
	if r.Arg(1) != q {
		t.Error("the let body, which does not read x, was copied")
	}
	for u, n := range calls {
		if n != 1 {
			t.Errorf("f called %d times on %s", n, u)
		}
	}
	// identity: the same term back, nothing built
	before := st.NumTerms()
	if r, err := smt.Rewrite(st, let, func(*smt.Term, []*smt.Term) *smt.Term { return nil }); err != nil || r != let || st.NumTerms() != before {
		t.Errorf("identity rewrite: %v %v, %d new terms", r, err, st.NumTerms()-before)
	}
	// an ill-sorted replacement is the builders' error
	_, err = smt.Rewrite(st, let, func(u *smt.Term, _ []*smt.Term) *smt.Term {
		if u == x {
			return st.True()
		}
		return nil
	})
	var se *smt.SortError
	if !errors.As(err, &se) {
		t.Errorf("want a *SortError, got %v", err)
	}
	// deep
	b := st.Const(st.NewFunc("b", smt.FuncDeclared, nil, smt.BoolSort()))
	c := st.Const(st.NewFunc("c", smt.FuncDeclared, nil, smt.BoolSort()))
	got, err := smt.Rewrite(st, chain(st, b, 200_000), func(u *smt.Term, _ []*smt.Term) *smt.Term {
		if u == b {
			return c
		}
		return nil
	})
	if err != nil || got != chain(st, c, 200_000) {
		t.Errorf("deep rewrite: %v", err)
	}
}
