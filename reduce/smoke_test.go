package reduce

import (
	"bytes"
	"context"
	"testing"
)

func TestSmoke(t *testing.T) {
	in := []byte(`(set-logic QF_BV)
(set-info :status sat)
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(declare-const c (_ BitVec 8))
(define-fun f ((x (_ BitVec 8))) (_ BitVec 8) (bvadd x #x01))
(assert (let ((y (bvmul a b))) (and (= (f y) c) (bvult (bvudiv a (bvor b c)) #x10))))
(assert (= a (bvxor b c)))
(assert (distinct a b c))
(check-sat)
(exit)
`)
	pred := func(ctx context.Context, c []byte) (bool, error) {
		return bytes.Contains(c, []byte("bvudiv")), nil
	}
	res, err := Reduce(context.Background(), in, pred, Options{Passes: SMTLIBPasses()})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d -> %d, %+v\n%s", len(in), len(res.Output), res.Stats, res.Output)
}
