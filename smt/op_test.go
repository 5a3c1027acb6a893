package smt

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestEveryOperatorAnyArity applies every operator of the table to 0..6
// arguments of assorted sorts, with assorted index values, and requires that
// Apply never panics and that it rejects every argument count outside the
// operator's declared arity with an error naming the operator (issue 28
// item 4: (fp.lt) with no arguments indexed an empty slice). A new table
// entry is covered without touching this test.
func TestEveryOperatorAnyArity(t *testing.T) {
	s := NewStore()
	for _, strict := range []bool{false, true} {
		s.Options.StrictArith = strict
		sorts := []*Sort{BoolSort(), IntSort(), RealSort(), RoundingModeSort(), StringSort(), RegLanSort(),
			BitVecSort(1), BitVecSort(8), BitVecSort(MaxWidth), FloatSort(8, 24), FloatSort(2, 2),
			ArraySort(IntSort(), IntSort()), ArraySort(BitVecSort(8), BoolSort()), SeqSort(IntSort()),
			UninterpretedSort("U")}
		var terms []*Term
		for i, so := range sorts {
			terms = append(terms, s.Var(fmt.Sprintf("x%d", i), so))
		}
		idxValues := []int{-1 << 40, -1, 0, 1, 2, 3, 5, 8, 11, 24, 53, MaxWidth, MaxWidth + 1, 1 << 40}
		rng := rand.New(rand.NewSource(28))
		for op := Op(1); op < numOps; op++ {
			info := op.Info()
			if info.Name == "" {
				t.Fatalf("operator %d has no table entry", op)
			}
			if info.MaxArgs >= 0 && info.MaxArgs < info.MinArgs {
				t.Fatalf("%s: arity %d..%d is empty", info.Name, info.MinArgs, info.MaxArgs)
			}
			for nIdx := 0; nIdx <= info.Indices+1; nIdx++ {
				for n := 0; n <= 6; n++ {
					for trial := 0; trial < 60; trial++ {
						idx := make([]int, nIdx)
						for i := range idx {
							idx[i] = idxValues[rng.Intn(len(idxValues))]
						}
						args := make([]*Term, n)
						same := trial < len(terms) // first: n arguments of one sort each
						for i := range args {
							if same {
								args[i] = terms[trial]
							} else {
								args[i] = terms[rng.Intn(len(terms))]
							}
						}
						applyNoPanic(t, s, op, idx, args)
					}
				}
			}
		}
	}
}

func applyNoPanic(t *testing.T, s *Store, op Op, idx []int, args []*Term) {
	t.Helper()
	info := op.Info()
	if op == OpSub && len(args) == 1 {
		info = OpNeg.Info() // "-" with one argument is negation
	}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Apply(%s, %v, %d args) panicked: %v", info.Name, idx, len(args), r)
		}
	}()
	res, err := s.Apply(op, idx, args...)
	if err == nil {
		if res == nil || res.Sort() == nil {
			t.Fatalf("Apply(%s, %v, %d args) returned no term and no error", info.Name, idx, len(args))
		}
		if !info.AcceptsArgs(len(args)) {
			t.Fatalf("Apply(%s) accepted %d arguments outside its arity %d..%d", info.Name, len(args), info.MinArgs, info.MaxArgs)
		}
		return
	}
	if !strings.HasPrefix(err.Error(), info.Name) {
		t.Fatalf("Apply(%s) error does not name the operator: %v", info.Name, err)
	}
}

// TestFPComparisonWithoutArguments is the instance of issue 28 item 4.
func TestFPComparisonWithoutArguments(t *testing.T) {
	s := NewStore()
	x := s.Var("x", FloatSort(8, 24))
	for _, name := range []string{"fp.lt", "fp.leq", "fp.gt", "fp.geq", "fp.eq"} {
		op, _ := LookupOp(name)
		for _, args := range [][]*Term{nil, {x}} {
			_, err := s.Apply(op, nil, args...)
			want := fmt.Sprintf("%s takes at least 2 arguments, got %d", name, len(args))
			if err == nil || err.Error() != want {
				t.Errorf("%s with %d arguments: got %v, want %q", name, len(args), err, want)
			}
		}
	}
}
