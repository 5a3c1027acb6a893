package smt

import (
	"testing"
)

func TestExpandLetsAndDefinitions(t *testing.T) {
	st := NewStore()
	x := st.Const(st.NewFunc("x", FuncDeclared, nil, intSort))
	vx := st.Var("x", intSort)
	// (let ((x 1)) (let ((x (+ x 1))) (+ x x)))  ==>  (+ (+ 1 1) (+ 1 1))
	inner, _ := st.Let([]*Term{vx}, []*Term{st.MustApply(OpAdd, nil, vx, st.Int(1))}, st.MustApply(OpAdd, nil, vx, vx))
	outer, _ := st.Let([]*Term{vx}, []*Term{st.Int(1)}, inner)
	got, err := NewExpander(st).Expand(outer)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(+ (+ 1 1) (+ 1 1))"; got.String() != want {
		t.Fatalf("got %s want %s", got, want)
	}
	// define-fun twice ((v Int)) Int (+ v v); (twice x) ==> (+ x x)
	v := st.Var("v", intSort)
	f := st.NewFunc("twice", FuncDefined, []*Sort{intSort}, intSort)
	f.Formals, f.Body = []*Term{v}, st.MustApply(OpAdd, nil, v, v)
	app, _ := st.ApplyFunc(f, []*Term{x})
	got, _ = NewExpander(st).Expand(app)
	if got.String() != "(+ x x)" {
		t.Fatalf("got %s", got)
	}
}

func TestSubstAvoidsCapture(t *testing.T) {
	st := NewStore()
	y := st.Var("y", intSort)
	x := st.Var("x", intSort)
	// (forall ((x Int)) (> x y)) with y := x must rename the binder
	q, _ := st.Quantifier(true, []*Term{x}, st.MustApply(OpGt, nil, x, y))
	got, err := NewExpander(st).Subst(q, map[*Term]*Term{y: x})
	if err != nil {
		t.Fatal(err)
	}
	if want := "(forall ((x!1 Int)) (> x!1 x))"; got.String() != want {
		t.Fatalf("got %s want %s", got, want)
	}
}
