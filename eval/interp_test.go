package eval

import (
	"errors"
	"math/big"
	"testing"

	"tandem/smt"
)

func bv(st *smt.Store, v uint64, w int) *smt.Term { return st.BVUint64(v, w) }

func evalTerm(t *testing.T, m *Model, x *smt.Term) smt.Value {
	t.Helper()
	v, err := New(m).Eval(x)
	if err != nil {
		t.Fatalf("eval %s: %v", x, err)
	}
	return v
}

func TestIntSemantics(t *testing.T) {
	st := smt.NewStore()
	I := func(v int64) *smt.Term { return st.Int(v) }
	cases := []struct {
		op   smt.Op
		a, b int64
		want string
	}{
		{smt.OpIntDiv, 7, 2, "3"}, {smt.OpIntDiv, -7, 2, "(- 4)"}, {smt.OpIntDiv, 7, -2, "(- 3)"}, {smt.OpIntDiv, -7, -2, "4"},
		{smt.OpMod, 7, 2, "1"}, {smt.OpMod, -7, 2, "1"}, {smt.OpMod, 7, -2, "1"}, {smt.OpMod, -7, -2, "1"},
		{smt.OpIntDiv, 0, 5, "0"}, {smt.OpMod, -8, 4, "0"},
	}
	for _, c := range cases {
		got := evalTerm(t, nil, st.MustApply(c.op, nil, I(c.a), I(c.b)))
		if got.String() != c.want {
			t.Errorf("(%s %d %d) = %s, want %s", c.op, c.a, c.b, got, c.want)
		}
	}
	if got := evalTerm(t, nil, st.MustApply(smt.OpAbs, nil, I(-5))); got.String() != "5" {
		t.Errorf("abs -5 = %s", got)
	}
	if got := evalTerm(t, nil, st.MustApply(smt.OpToInt, nil, st.Decimal(big.NewRat(-7, 2)))); got.String() != "(- 4)" {
		t.Errorf("to_int -3.5 = %s", got)
	}
}

func TestUndefined(t *testing.T) {
	st := smt.NewStore()
	zero := st.Int(0)
	u := st.MustApply(smt.OpIntDiv, nil, st.Int(3), zero)
	v := evalTerm(t, nil, u)
	un, ok := v.(smt.Undefined)
	if !ok || un.Term != u {
		t.Fatalf("(div 3 0) = %v, want undefined at itself", v)
	}
	// strict: (* 0 u) and (= u 0) are undefined; (= u u) and (ite c a
	// a) are not (issue 23 item 9: u is one fixed value)
	if v := evalTerm(t, nil, st.MustApply(smt.OpEq, nil, u, u)); v != smt.BoolValue(true) {
		t.Errorf("(= u u) = %v", v)
	}
	if v := evalTerm(t, nil, st.MustApply(smt.OpIte, nil, st.MustApply(smt.OpEq, nil, u, zero), zero, zero)); v.String() != "0" {
		t.Errorf("(ite (= u 0) 0 0) = %v", v)
	}
	for _, x := range []*smt.Term{
		st.MustApply(smt.OpMul, nil, zero, u),
		st.MustApply(smt.OpEq, nil, u, zero),
		st.MustApply(smt.OpEq, nil, u, st.MustApply(smt.OpIntDiv, nil, st.Int(4), zero)),
	} {
		if v := evalTerm(t, nil, x); func() bool { w, ok := v.(smt.Undefined); return !ok || w.Term != u }() {
			t.Errorf("%s = %v, want undefined at %s", x, v, u)
		}
	}
	p := st.MustApply(smt.OpEq, nil, u, zero)
	// lazy connectives
	for _, c := range []struct {
		x    *smt.Term
		want bool
	}{
		{st.MustApply(smt.OpAnd, nil, p, st.False()), false},
		{st.MustApply(smt.OpOr, nil, p, st.True()), true},
		{st.MustApply(smt.OpImplies, nil, st.False(), p), true},
		{st.MustApply(smt.OpImplies, nil, p, st.True()), true},
		{st.MustApply(smt.OpIte, nil, st.True(), st.True(), p), true},
	} {
		if v := evalTerm(t, nil, c.x); v != smt.BoolValue(c.want) {
			t.Errorf("%s = %v, want %v", c.x, v, c.want)
		}
	}
	// model interprets div0
	m := NewModel()
	m.IntDivByZero = &FuncInterp{Default: smt.IntValue{V: big.NewInt(42)}}
	if v := evalTerm(t, m, u); v.String() != "42" {
		t.Errorf("with div0 = 42: %v", v)
	}
	r := st.MustApply(smt.OpDiv, nil, st.Decimal(big.NewRat(1, 1)), st.Decimal(new(big.Rat)))
	if _, ok := evalTerm(t, nil, r).(smt.Undefined); !ok {
		t.Errorf("(/ 1 0) should be undefined")
	}
}

func TestBVSemantics(t *testing.T) {
	st := smt.NewStore()
	cases := []struct {
		op   smt.Op
		a, b uint64
		w    int
		want uint64
	}{
		{smt.OpBVUdiv, 5, 0, 4, 15}, {smt.OpBVUrem, 5, 0, 4, 5},
		{smt.OpBVSdiv, 5, 0, 4, 15}, {smt.OpBVSdiv, 0xb, 0, 4, 1}, // -5/0 = -(5/0) = -(-1) = 1
		{smt.OpBVSrem, 0xb, 0, 4, 0xb}, {smt.OpBVSmod, 0xb, 0, 4, 0xb}, {smt.OpBVSmod, 5, 0, 4, 5},
		{smt.OpBVSdiv, 0xf9, 2, 8, 0xfd}, {smt.OpBVSrem, 0xf9, 2, 8, 0xff}, {smt.OpBVSmod, 0xf9, 2, 8, 1},
		{smt.OpBVSmod, 7, 0xfe, 8, 0xff}, {smt.OpBVSdiv, 0x80, 0xff, 8, 0x80},
		{smt.OpBVAshr, 0x80, 9, 8, 0xff}, {smt.OpBVShl, 1, 8, 8, 0}, {smt.OpBVLshr, 0x80, 7, 8, 1},
	}
	for _, c := range cases {
		x := st.MustApply(c.op, nil, bv(st, c.a, c.w), bv(st, c.b, c.w))
		got := evalTerm(t, nil, x).(smt.BVValue)
		if got.V.Uint64() != c.want {
			t.Errorf("%s = %#x, want %#x", x, got.V, c.want)
		}
		p, err := Compile(st.MustApply(smt.OpEq, nil, x, bv(st, c.want, c.w)))
		if err != nil {
			t.Fatal(err)
		}
		m := p.NewMachine(nil)
		if err := m.Run(nil); err != nil || !m.Holds() {
			t.Errorf("compiled %s != %#x", x, c.want)
		}
	}
	rot := st.MustApply(smt.OpRotateLeft, []int{3}, bv(st, 0x81, 8))
	if v := evalTerm(t, nil, rot).(smt.BVValue); v.V.Uint64() != 0x0c {
		t.Errorf("rotl 3 0x81 = %#x", v.V)
	}
	rep := st.MustApply(smt.OpRepeat, []int{3}, bv(st, 5, 3))
	if v := evalTerm(t, nil, rep).(smt.BVValue); v.V.Uint64() != 0b101101101 || v.W != 9 {
		t.Errorf("repeat 3 #b101 = %v", v)
	}
	wide := st.MustApply(smt.OpBVAdd, nil, st.BVUint64(^uint64(0), 100), bv(st, 2, 100))
	if v := evalTerm(t, nil, wide).(smt.BVValue); v.V.String() != "18446744073709551617" {
		t.Errorf("100-bit add = %v", v.V)
	}
}

func TestLetShadowingAndDefineFun(t *testing.T) {
	st := smt.NewStore()
	x := st.Var("x", smt.IntSort())
	inner, _ := st.Let([]*smt.Term{x}, []*smt.Term{st.MustApply(smt.OpAdd, nil, x, st.Int(1))}, st.MustApply(smt.OpMul, nil, x, st.Int(10)))
	outer, _ := st.Let([]*smt.Term{x}, []*smt.Term{st.Int(2)}, st.MustApply(smt.OpAdd, nil, inner, x))
	if v := evalTerm(t, nil, outer); v.String() != "32" { // (2+1)*10 + 2
		t.Errorf("let shadowing: %v", v)
	}
	f := st.NewFunc("sq", smt.FuncDefined, []*smt.Sort{smt.IntSort()}, smt.IntSort())
	f.Formals = []*smt.Term{x}
	f.Body = st.MustApply(smt.OpMul, nil, x, x)
	app, _ := st.ApplyFunc(f, []*smt.Term{st.Int(-3)})
	if v := evalTerm(t, nil, app); v.String() != "9" {
		t.Errorf("sq -3 = %v", v)
	}
	q, _ := st.Quantifier(true, []*smt.Term{x}, st.MustApply(smt.OpEq, nil, x, x))
	if _, err := New(nil).Eval(q); !errors.Is(err, ErrUnsupported) {
		t.Errorf("quantifier: err = %v, want ErrUnsupported", err)
	}
}

func TestArrays(t *testing.T) {
	st := smt.NewStore()
	AB := smt.ArraySort(smt.BoolSort(), smt.IntSort())
	c0, _ := st.ConstArray(AB, st.Int(0))
	c1, _ := st.ConstArray(AB, st.Int(1))
	full := st.MustApply(smt.OpStore, nil, st.MustApply(smt.OpStore, nil, c0, st.True(), st.Int(1)), st.False(), st.Int(1))
	if v := evalTerm(t, nil, st.MustApply(smt.OpEq, nil, full, c1)); v != smt.BoolValue(true) {
		t.Errorf("finite-index extensionality: %v", v)
	}
	AI := smt.ArraySort(smt.IntSort(), smt.IntSort())
	a0, _ := st.ConstArray(AI, st.Int(0))
	s := st.MustApply(smt.OpStore, nil, a0, st.Int(5), st.Int(0))
	if v := evalTerm(t, nil, st.MustApply(smt.OpEq, nil, s, a0)); v != smt.BoolValue(true) {
		t.Errorf("store of default: %v", v)
	}
	s2 := st.MustApply(smt.OpStore, nil, a0, st.Int(5), st.Int(7))
	if v := evalTerm(t, nil, st.MustApply(smt.OpSelect, nil, s2, st.Int(5))); v.String() != "7" {
		t.Errorf("select: %v", v)
	}
	// uninterpreted function given by a table, and an as-array reference
	f := st.NewFunc("f", smt.FuncDeclared, []*smt.Sort{smt.IntSort()}, smt.IntSort())
	m := NewModel()
	if err := m.SetFunc(f, &FuncInterp{Entries: []FuncEntry{{Args: []smt.Value{smt.IntValue{V: big.NewInt(5)}}, Value: smt.IntValue{V: big.NewInt(7)}}}, Default: smt.IntValue{V: big.NewInt(0)}}); err != nil {
		t.Fatal(err)
	}
	arr := st.NewFunc("arr", smt.FuncDeclared, nil, AI)
	if err := m.SetConst(arr, &smt.ArrayValue{S: AI, Func: f}); err != nil {
		t.Fatal(err)
	}
	eq := st.MustApply(smt.OpEq, nil, st.Const(arr), s2)
	if v := evalTerm(t, m, eq); v != smt.BoolValue(true) {
		t.Errorf("as-array equality: %v", v)
	}
	fa, _ := st.ApplyFunc(f, []*smt.Term{st.Int(5)})
	if v := evalTerm(t, m, fa); v.String() != "7" {
		t.Errorf("f(5) = %v", v)
	}
}

func TestMissingConstIsUndefined(t *testing.T) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
	v := evalTerm(t, nil, st.MustApply(smt.OpAdd, nil, x, st.Int(1)))
	if u, ok := v.(smt.Undefined); !ok || u.Term != x {
		t.Errorf("x+1 without x = %v", v)
	}
}
