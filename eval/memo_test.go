package eval

import (
	"math/big"
	"testing"

	"tandem/smt"
)

// TestFreshEvaluatorCostsItsTermsNotTheStore is the regression test of
// issue 27: a session's Store numbers every term it ever read, and a new
// evaluator (fuzzysat makes one per layout, per query) used to size its
// memo by the largest term id, paying for every term of the session. Its
// tables now hold only the pages of the ids it evaluates.
func TestFreshEvaluatorCostsItsTermsNotTheStore(t *testing.T) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.BitVecSort(32)))
	for i := range 200_000 { // the terms of earlier queries
		st.MustApply(smt.OpBVAdd, nil, x, st.BVUint64(uint64(i), 32))
	}
	q := st.MustApply(smt.OpBVUlt, nil, st.MustApply(smt.OpBVMul, nil, x, x), st.BVUint64(7, 32))
	m := NewModel()
	if err := m.SetConst(x.Func(), smt.BVValue{W: 32, V: big.NewInt(3)}); err != nil {
		t.Fatal(err)
	}
	e := New(m)
	for range 3 { // with Reset in between, as fuzzysat's interpreter does
		v, err := e.Eval(q)
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != "false" {
			t.Fatalf("(bvult (bvmul x x) 7) with x = 3 is %s, want false", v)
		}
		e.Reset()
	}
	// q reads x, x*x, 7 and itself: at most 4 pages, whatever the Store holds
	if n := e.memo.Pages(); n > 4 {
		t.Errorf("the memo made %d pages of %d entries for 4 terms", n, smt.IDTablePage)
	}
	if n := e.hasVar.Pages(); n > 4 {
		t.Errorf("hasVar made %d pages for 4 terms", n)
	}
}
