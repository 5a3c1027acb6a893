package reduce_test

import (
	"bytes"
	"context"
	"fmt"

	"tandem/reduce"
)

// A planted bug: the "solver" crashes whenever bvudiv is applied. The
// reducer keeps only what the crash needs, and every candidate it tries is
// a well-sorted script.
func Example() {
	script := []byte(`(set-logic QF_BV)
(set-info :status sat)
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun inc ((x (_ BitVec 8))) (_ BitVec 8) (bvadd x #x01))
(assert (let ((y (bvmul a b))) (and (= (inc y) a) (bvult (bvudiv a (bvor b y)) #x10))))
(assert (distinct a b))
(check-sat)
`)
	crashes := func(ctx context.Context, c []byte) (bool, error) {
		return bytes.Contains(c, []byte("(bvudiv ")), nil
	}
	res, err := reduce.Reduce(context.Background(), script, crashes, reduce.Options{Passes: reduce.SMTLIBPasses()})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s", res.Output)
	// Output:
	// (assert (bvult (bvudiv #x00 #x00) #x00))
}
