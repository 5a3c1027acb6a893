package smt

import (
	"math/rand"
	"testing"
)

// newConsts declares 8 constants of 32 bits.
func newConsts(st *Store) []*Term {
	var out []*Term
	for i := 0; i < 8; i++ {
		out = append(out, st.Const(st.NewFunc("x"+string(rune('a'+i)), FuncDeclared, nil, BitVecSort(32))))
	}
	return out
}

// buildRandom builds n random bit-vector applications over consts and
// literals, the shape of the terms in a parsed QF_BV script: in a new
// store most of them are new, so it measures hash-consing misses and
// insertion.
func buildRandom(st *Store, consts []*Term, rng *rand.Rand, n int) []*Term {
	pool := make([]*Term, 0, n+len(consts))
	pool = append(pool, consts...)
	ops := []Op{OpBVAdd, OpBVMul, OpBVAnd, OpBVOr, OpBVXor}
	for len(pool) < n {
		pick := func() *Term {
			if rng.Intn(5) == 0 {
				return st.BVUint64(rng.Uint64(), 32)
			}
			return pool[len(pool)-1-rng.Intn(min(len(pool), 64))]
		}
		var t *Term
		switch k := rng.Intn(10); {
		case k < 7:
			t = st.MustApply(ops[rng.Intn(len(ops))], nil, pick(), pick())
		case k < 9:
			c := st.MustApply(OpBVUlt, nil, pick(), pick())
			t = st.MustApply(OpIte, nil, c, pick(), pick())
		default:
			lo := rng.Intn(17)
			t = st.MustApply(OpConcat, nil, st.MustApply(OpExtract, []int{lo + 15, lo}, pick()), st.MustApply(OpExtract, []int{15, 0}, pick()))
		}
		pool = append(pool, t)
	}
	return pool
}

// BenchmarkStoreBuild builds 100,000 random terms in a fresh store.
func BenchmarkStoreBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		st := NewStore()
		buildRandom(st, newConsts(st), rand.New(rand.NewSource(1)), 100_000)
	}
}

// BenchmarkStoreRebuild builds the same 100,000 terms again in a store
// that holds them: every lookup hits.
func BenchmarkStoreRebuild(b *testing.B) {
	st := NewStore()
	consts := newConsts(st)
	buildRandom(st, consts, rand.New(rand.NewSource(1)), 100_000)
	n := st.NumTerms()
	b.ReportAllocs()
	for b.Loop() {
		buildRandom(st, consts, rand.New(rand.NewSource(1)), 100_000)
	}
	if st.NumTerms() != n {
		b.Fatalf("rebuilding made %d new terms", st.NumTerms()-n)
	}
}

// BenchmarkTermWalk visits every term of a 100,000-term store through the
// accessors that traversals use (Kind, Op, Sort, Args, ID).
func BenchmarkTermWalk(b *testing.B) {
	st := NewStore()
	buildRandom(st, newConsts(st), rand.New(rand.NewSource(1)), 100_000)
	b.ResetTimer()
	sum := 0
	for b.Loop() {
		for id := 0; id < st.NumTerms(); id++ {
			t := st.TermByID(id)
			if t.Kind() == App && t.Op() != OpNone && t.Sort().Kind == KindBitVec {
				sum++
			}
			for _, a := range t.Args() {
				sum += a.ID() & 1
			}
		}
	}
	_ = sum
}
