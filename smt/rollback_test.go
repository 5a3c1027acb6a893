package smt

import (
	"math/rand/v2"
	"testing"
)

// TestRollback: after rolling back the terms built since a mark, every
// older term is still found by hash-consing (building it again gives the
// same node), the newer ones are gone (building them again makes new
// nodes, with the ids from the mark on), across growths of the table.
func TestRollback(t *testing.T) {
	st := NewStore()
	r := rand.New(rand.NewPCG(1, 2))
	x := st.Const(st.NewFunc("x", FuncDeclared, nil, BitVecSort(32)))
	var kept []*Term
	random := func(n int) *Term {
		a := x
		for i := 0; i < n; i++ {
			lit := st.BVUint64(r.Uint64()%50, 32)
			switch r.IntN(3) {
			case 0:
				a = st.MustApply(OpBVAdd, nil, a, lit)
			case 1:
				a = st.MustApply(OpBVMul, nil, lit, a)
			default:
				a = st.MustApply(OpConcat, nil, st.MustApply(OpExtract, []int{15, 0}, a), st.MustApply(OpExtract, []int{31, 16}, lit))
			}
		}
		return a
	}
	for round := 0; round < 200; round++ {
		m := st.Mark()
		var tmp []*Term
		for i := 0; i < 1+r.IntN(50); i++ {
			tmp = append(tmp, random(1+r.IntN(20)))
		}
		if round%10 == 0 {
			kept = append(kept, tmp...)
			continue
		}
		st.Rollback(m)
		if st.NumTerms() != m.n {
			t.Fatalf("round %d: %d terms after rollback to %d", round, st.NumTerms(), m.n)
		}
		for _, k := range kept {
			if got := st.rebuildDeep(k); got != k {
				t.Fatalf("round %d: kept term %s rebuilt as a new node", round, k)
			}
		}
	}
	// big literals, spilled argument lists and a literal's cached big.Int
	m := st.Mark()
	big := st.MustApply(OpAnd, nil, st.True(), st.False(), st.True(), st.False())
	wide := st.BVUint64(7, 128)
	_ = wide.BigInt()
	st.Rollback(m)
	again := st.MustApply(OpAnd, nil, st.True(), st.False(), st.True(), st.False())
	if again.NumArgs() != 4 || big == nil {
		t.Fatal("spilled term not rebuilt")
	}
	if v := st.BVUint64(9, 128).BigInt(); v.Uint64() != 9 {
		t.Fatalf("a reused literal node kept the old cached value: %s", v)
	}
}

// rebuildDeep rebuilds t from its parts, bottom-up, through the builders.
func (s *Store) rebuildDeep(t *Term) *Term {
	if t.Kind() == Literal {
		if v, ok := t.uint64(); ok {
			return s.literal(t.Sort(), t.LiteralKind(), v)
		}
		return t
	}
	if t.Func() != nil && t.NumArgs() == 0 {
		return s.Const(t.Func())
	}
	args := make([]*Term, t.NumArgs())
	for i, a := range t.Args() {
		args[i] = s.rebuildDeep(a)
	}
	r, err := s.Rebuild(t, args)
	if err != nil {
		panic(err)
	}
	return r
}
