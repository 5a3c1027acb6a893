package smt_test

import (
	"errors"
	"fmt"

	"tandem/smt"
)

// Build (bvult (bvadd x #x01) x), the overflow check of an 8-bit
// increment, through the type-checking builders; see that equal terms are
// one node, and that an ill-sorted application is refused with the
// operator and the sorts it got.
func Example() {
	st := smt.NewStore()
	bv8 := smt.BitVecSort(8)
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, bv8))

	sum, err := st.Apply(smt.OpBVAdd, nil, x, st.BVUint64(1, 8))
	if err != nil {
		fmt.Println(err)
		return
	}
	ult, ok := smt.LookupOp("bvult")
	if !ok {
		fmt.Println("no bvult")
		return
	}
	overflow, err := st.Apply(ult, nil, sum, x)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(overflow, "has sort", overflow.Sort())

	again := st.MustApply(smt.OpBVAdd, nil, x, st.BVUint64(1, 8))
	fmt.Println("hash-consed:", again == sum, again.ID() == sum.ID())

	// The error is a *SortError; its message says the same for a user.
	_, err = st.Apply(smt.OpBVAdd, nil, x, st.Int(1))
	var se *smt.SortError
	if errors.As(err, &se) {
		fmt.Println("refused:", se.Op, se.Args)
	}
	// Output:
	// (bvult (bvadd x #x01) x) has sort Bool
	// hash-consed: true true
	// refused: bvadd [(_ BitVec 8) Int]
}
