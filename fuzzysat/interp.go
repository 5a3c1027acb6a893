package fuzzysat

import (
	"tandem/eval"
	"tandem/smt"
)

// interp runs the exact interpreter on byte assignments, reusing one
// evaluator and one model across calls: a fresh eval.Evaluator sizes its
// memo table by the largest term id it meets, and a fresh model converts
// every variable of the layout, which made each re-check of an answer
// cost far more than the search that found it. Only the variables the
// evaluated terms read are written into the model.
type interp struct {
	l      *Layout
	m      *eval.Model
	ev     *eval.Evaluator
	b      []byte
	gen    uint32
	varGen []uint32 // per variable: the gen its model value was written in
}

func newInterp(l *Layout) *interp {
	m := eval.NewModel()
	return &interp{l: l, m: m, ev: eval.New(m), varGen: make([]uint32, len(l.Vars))}
}

// begin starts evaluating on assignment b.
func (it *interp) begin(b []byte) {
	it.b = b
	it.gen++
	if it.gen == 0 {
		clear(it.varGen)
		it.gen = 1
	}
	it.ev.Reset()
}

// eval is the exact value of t, whose input bytes are inputs, on the
// assignment of the last begin.
func (it *interp) eval(t *smt.Term, inputs []int) (smt.Value, error) {
	for _, by := range inputs {
		v := it.l.Owner(by)
		if v < 0 || it.varGen[v] == it.gen {
			continue
		}
		it.varGen[v] = it.gen
		_ = it.m.SetConst(it.l.Vars[v].Func, it.l.Value(it.b, v)) // sorts match by construction
	}
	return it.ev.Eval(t)
}

// sameBytes reports whether a and b agree on the bytes at idx.
func sameBytes(a, b []byte, idx []int) bool {
	for _, i := range idx {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// snapEqual reports whether b's bytes at idx are snap.
func snapEqual(b []byte, idx []int, snap []byte) bool {
	if len(snap) != len(idx) {
		return false
	}
	for j, i := range idx {
		if b[i] != snap[j] {
			return false
		}
	}
	return true
}

// piState is what an Analyzer remembers of the π (flattened conjuncts) of
// the last search whose seed phase checked all of it, for the next one: in
// a concolic run π grows at its end from query to query, and the
// interpreter's verdict on a conjunct carries over to a new seed that
// agrees with the old one on the conjunct's input bytes. The new seed is
// compared with the old one once; conjuncts are then tested through a
// 64-bit summary of their bytes (bit b mod 64) before their byte lists.
type piState struct {
	roots   []*smt.Term
	ins     [][]int
	bloom   []uint64
	verdict []bool
	seed    []byte
}

func bloomOf(in []int) uint64 {
	var m uint64
	for _, b := range in {
		m |= 1 << (uint(b) & 63)
	}
	return m
}
