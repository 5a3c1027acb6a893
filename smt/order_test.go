package smt

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestCompareValuesIsEquality: CompareValues is a total order whose
// equality is ValueEqual, also for arrays of arrays built by different
// store sequences, so arrays are looked up as indices by content (issue
// 23 item 8).
func TestCompareValuesIsEquality(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 23))
	inner := ArraySort(BoolSort(), BitVecSort(1))
	sorts := []*Sort{IntSort(), BitVecSort(2), ArraySort(BitVecSort(1), IntSort()), ArraySort(inner, IntSort()), ArraySort(BoolSort(), inner)}
	var val func(s *Sort) Value
	val = func(s *Sort) Value {
		switch s.Kind {
		case KindInt:
			return IntValue{V: big.NewInt(int64(r.IntN(3)))}
		case KindBool:
			return BoolValue(r.IntN(2) == 0)
		case KindBitVec:
			return BVValue{W: s.Width, V: big.NewInt(int64(r.IntN(1 << s.Width)))}
		}
		a := NewArrayValue(s, val(s.Elem()))
		for k := r.IntN(5); k > 0; k-- {
			var err error
			if a, err = a.Store(val(s.Index()), val(s.Elem())); err != nil {
				t.Fatal(err)
			}
		}
		return a
	}
	for _, s := range sorts {
		vs := make([]Value, 60)
		for i := range vs {
			vs[i] = val(s)
		}
		for _, a := range vs {
			for _, b := range vs {
				c, eq := CompareValues(a, b), ValueEqual(a, b)
				if (c == 0) != eq {
					t.Fatalf("%s vs %s: compare %d, equal %v", a, b, c, eq)
				}
				if CompareValues(b, a) != -c {
					t.Fatalf("%s vs %s: not antisymmetric", a, b)
				}
				if eq && a.String() != b.String() {
					t.Fatalf("equal values print differently: %s, %s", a, b)
				}
				for _, d := range vs[:10] {
					if c <= 0 && CompareValues(b, d) <= 0 && CompareValues(a, d) > 0 {
						t.Fatalf("not transitive: %s %s %s", a, b, d)
					}
				}
			}
		}
	}
}
