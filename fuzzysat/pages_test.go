package fuzzysat

import (
	"testing"

	"tandem/smt"
)

// TestNewAnalyzerCostsItsTermsNotTheStore is a regression test of issue
// 27: a long session's Store numbers the terms of every query so far, and
// each query's Analyzer (walk marks) and interpreter (evaluator memo) used
// tables sized by the largest term id. They now make only the pages of the
// terms they meet.
func TestNewAnalyzerCostsItsTermsNotTheStore(t *testing.T) {
	st := smt.NewStore()
	x := st.NewFunc("x", smt.FuncDeclared, nil, smt.BitVecSort(16))
	xt := st.Const(x)
	for i := range 200_000 { // the terms of earlier queries
		st.MustApply(smt.OpBVXor, nil, xt, st.BVUint64(uint64(i), 16))
	}
	q := st.MustApply(smt.OpEq, nil, st.MustApply(smt.OpBVAdd, nil, xt, st.BVUint64(3, 16)), st.BVUint64(40000, 16))
	l, err := NewLayout([]*smt.Func{x})
	if err != nil {
		t.Fatal(err)
	}
	a := NewAnalyzer(l, 0)
	in := a.Analyze(q)
	if in == nil {
		t.Fatal("no analysis")
	}
	b := make([]byte, l.Size)
	a.it.begin(b)
	if v, err := a.it.eval(q, []int{0, 1}); err != nil || v.String() != "false" {
		t.Fatalf("(= (bvadd x 3) 40000) at x = 0: %v, %v; want false", v, err)
	}
	// q has 5 distinct terms, x far from the others: a handful of pages
	for name, n := range map[string]int{"vg": a.vg.at.Pages(), "vc": a.vc.at.Pages(), "vs": a.vs.at.Pages()} {
		if n > 5 {
			t.Errorf("walk marks %s made %d pages of %d for 5 terms", name, n, smt.IDTablePage)
		}
	}
	if a.vg.at.Pages()+a.vc.at.Pages()+a.vs.at.Pages() == 0 || a.it.ev.MemoPages() == 0 {
		t.Error("the walks or the interpreter marked nothing: the test checks nothing")
	}
	if n := a.it.ev.MemoPages(); n > 5 {
		t.Errorf("the interpreter's memo made %d pages for 5 terms", n)
	}
}
