package eval_test

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/eval"
	"tandem/internal/strstest"
	"tandem/internal/testutil"
	"tandem/smt"
)

// TestStringsAgreeWithReference evaluates random ground Strings terms with
// the interpreter and with the brute-force reference of strstest.
func TestStringsAgreeWithReference(t *testing.T) {
	st := smt.NewStore()
	g := &strstest.Gen{St: st, R: rand.New(rand.NewPCG(11, 12)), Extensions: true}
	e := eval.New(nil)
	for range 3000 {
		x := g.Term()
		got, err := e.Eval(x)
		if err != nil {
			t.Fatalf("%s: %v", x, err)
		}
		want, err := (&strstest.Ref{}).Eval(x)
		if err != nil {
			t.Fatal(err)
		}
		if !smt.ValueEqual(got, want) {
			t.Errorf("%s = %s, reference %s", x, got, want)
		}
	}
}

// TestStringsWithVariables evaluates regular membership and string
// functions of declared constants under a model.
func TestStringsWithVariables(t *testing.T) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.StringSort()))
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.StringSort()))
	n := st.Const(st.NewFunc("n", smt.FuncDeclared, nil, smt.IntSort()))
	m := eval.NewModel()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(m.SetConst(x.Func(), smt.StringValue{Runes: []rune("xxabababyy")}))
	must(m.SetConst(y.Func(), smt.StringValue{Runes: []rune("ab")}))
	must(m.SetConst(n.Func(), smt.IntValue{V: big.NewInt(3)}))
	ab := st.MustApply(smt.OpReStar, nil, st.MustApply(smt.OpStrToRe, nil, y))
	all := st.MustApply(smt.OpReAll, nil)
	lit := func(s string) *smt.Term {
		l, err := st.String([]rune(s))
		must(err)
		return l
	}
	cases := []struct {
		t    *smt.Term
		want smt.Value
	}{
		{st.MustApply(smt.OpStrInRe, nil, x, st.MustApply(smt.OpReConcat, nil, all, ab, all)), smt.BoolValue(true)},
		{st.MustApply(smt.OpStrInRe, nil, st.MustApply(smt.OpStrSubstr, nil, x, st.Int(2), st.Int(6)), ab), smt.BoolValue(true)},
		{st.MustApply(smt.OpStrInRe, nil, x, ab), smt.BoolValue(false)},
		// Each shortest non-empty match of (re.+ "ab") is one "ab".
		{st.MustApply(smt.OpStrReplaceReAll, nil, x, st.MustApply(smt.OpRePlus, nil, st.MustApply(smt.OpStrToRe, nil, y)), lit("-")), smt.StringValue{Runes: []rune("xx---yy")}},
		{st.MustApply(smt.OpStrIndexOf, nil, x, y, n), smt.IntValue{V: big.NewInt(4)}},
		{st.MustApply(smt.OpStrInRe, nil, x, st.MustApply(smt.OpReLoop, []int{0, 1000000000}, st.MustApply(smt.OpReRange, nil, lit("a"), lit("y")))), smt.BoolValue(true)},
	}
	e := eval.New(m)
	for _, c := range cases {
		got, err := e.Eval(c.t)
		if err != nil {
			t.Fatalf("%s: %v", c.t, err)
		}
		if !smt.ValueEqual(got, c.want) {
			t.Errorf("%s = %s, want %s", c.t, got, c.want)
		}
	}
}

// TestStringsDiffZ3 checks the interpreter's values of random ground
// Strings terms against z3's get-value.
func TestStringsDiffZ3(t *testing.T) {
	z3 := strstest.Z3
	z3.Path = testutil.RequireBinary(t, "z3")
	st := smt.NewStore()
	g := &strstest.Gen{St: st, R: rand.New(rand.NewPCG(21, 22)), NoReplaceRe: true}
	e := eval.New(nil)
	terms := make([]*smt.Term, 500)
	for i := range terms {
		terms[i] = g.Term()
	}
	r, err := strstest.Check(context.Background(), z3, terms, e.Eval)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range append(r.Disagreements, r.RefMismatch...) {
		t.Errorf("%s\n  ours:   %s\n  theirs: %s", d.Term, d.Ours, d.Theirs)
	}
	t.Logf("z3: %d terms, %d agree, %d unevaluated, %d solver errors", r.Terms, r.Agree, r.Unevaluated, r.SolverErrors)
}

// TestRegLanEquality: = on RegLan compares languages, not terms.
func TestRegLanEquality(t *testing.T) {
	st := smt.NewStore()
	a, _ := st.String([]rune("a"))
	ra := st.MustApply(smt.OpStrToRe, nil, a)
	star := st.MustApply(smt.OpReStar, nil, ra)
	e := eval.New(nil)
	for _, c := range []struct {
		x, y *smt.Term
		want bool
	}{
		{star, st.MustApply(smt.OpReStar, nil, star), true},
		{star, st.MustApply(smt.OpRePlus, nil, ra), false},
		{st.MustApply(smt.OpReAll, nil), st.MustApply(smt.OpReComp, nil, st.MustApply(smt.OpReNone, nil)), true},
	} {
		eq := st.MustApply(smt.OpEq, nil, c.x, c.y)
		v, err := e.Eval(eq)
		if err != nil || v != smt.BoolValue(c.want) {
			t.Errorf("%s = %v, %v; want %v", eq, v, err, c.want)
		}
	}
}
