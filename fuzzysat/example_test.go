package fuzzysat_test

import (
	"context"
	"fmt"

	"tandem/fuzzysat"
	"tandem/smtlib"
)

// A branch compares the 32-bit big-endian word at offset 0 of the input
// with a magic number; π says byte 4 is 'P'. The seed "0000P" satisfies π
// but not the branch; input-to-state writes the magic into the bytes.
func Example() {
	sc, err := smtlib.Parse("q.smt2", []byte(`
(declare-const k!0 (_ BitVec 8)) (declare-const k!1 (_ BitVec 8))
(declare-const k!2 (_ BitVec 8)) (declare-const k!3 (_ BitVec 8))
(declare-const k!4 (_ BitVec 8))
(assert (and (= (concat k!0 k!1 k!2 k!3) #x7f454c46) (= k!4 #x50)))`))
	if err != nil {
		panic(err)
	}
	seed := []byte("0000P")
	f, err := fuzzysat.FromScript(sc, fuzzysat.BranchFirst, len(seed))
	if err != nil {
		panic(err)
	}
	res, err := fuzzysat.Solve(context.Background(), f.Queries[0], seed, fuzzysat.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s by %s: %q\n", res.Status, res.Phase, res.Assignment)
	// Output: sat by i2s: "\x7fELFP"
}
