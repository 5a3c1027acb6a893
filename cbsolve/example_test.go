package cbsolve_test

import (
	"context"
	"fmt"
	"time"

	"tandem/cbsolve"
	"tandem/cbsolve/cbox"
	"tandem/smtlib"
)

// Solve a formula over a closed box given as a Go function: isqrt is code
// the solver can run but not read. Fuzz-only mode needs no SMT solver, and
// the formula has one model (x = 256 is the only x below 257 whose integer
// square root is 16), so the answer does not depend on the random seed.
func Example() {
	sc, err := smtlib.Parse("isqrt.smt2", []byte(`
(declare-cb isqrt ((_ BitVec 16)) (_ BitVec 16))
(declare-const x (_ BitVec 16))
(declare-const y (_ BitVec 16))
(assert (= (isqrt x) #x0010))
(assert (bvult x #x0101))
(assert (= y (bvadd x #x0001)))
(check-sat)`))
	if err != nil {
		fmt.Println(err)
		return
	}
	set := cbox.NewSet(cbox.Options{})
	defer set.Close()
	for _, f := range cbsolve.ClosedBoxes(sc) { // isqrt
		set.Add(cbox.GoBits(f, func(a []uint64) (uint64, error) {
			r := uint64(0)
			for (r+1)*(r+1) <= a[0] {
				r++
			}
			return r, nil
		}))
	}
	opts := cbsolve.Options{Mode: cbsolve.FuzzOnly, Seed: 1, Timeout: time.Minute}
	res, err := cbsolve.Solve(context.Background(), sc, set, nil, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	fmt.Print(cbsolve.FormatModel(sc, res.Model))
	// Output:
	// sat
	// (
	//   (define-fun x () (_ BitVec 16) #x0100)
	//   (define-fun y () (_ BitVec 16) #x0101)
	// )
}
