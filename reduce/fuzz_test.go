package reduce

import (
	"bytes"
	"context"
	"hash/fnv"
	"testing"

	"tandem/smtlib"
)

// FuzzSMTLIBPasses feeds arbitrary bytes through the SMT-LIB passes (and
// the line and trace passes) with a predicate that accepts an arbitrary but
// deterministic part of the candidates. Nothing may panic, and when the
// input parses every candidate must parse too.
//
//	go test ./reduce -run '^$' -fuzz FuzzSMTLIBPasses -parallel 1 -fuzztime 5m
func FuzzSMTLIBPasses(f *testing.F) {
	f.Add([]byte(bvScript), uint8(3))
	f.Add([]byte("(declare-fun f (Int) Int)(assert (let ((x (f 1))) (forall ((y Int)) (=> (> y x) (! (> (f y) 0) :named n)))))(check-sat)"), uint8(2))
	f.Add([]byte("(declare-const s String)(assert (str.in_re (str.++ s \"ab\") (re.* (str.to_re \"a\"))))(declare-const r (_ FloatingPoint 8 24))(assert (fp.lt r (fp.add RNE r r)))"), uint8(5))
	f.Add([]byte("(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))(declare-const l L)(assert (= (hd l) (select ((as const (Array Int Int)) 0) 3)))(push 1)(assert (= l nil))(pop 1)"), uint8(4))
	f.Add([]byte("1 init\n2 addClause 1 -2 0\n3 solve\n"), uint8(2))
	f.Fuzz(func(t *testing.T, src []byte, mod uint8) {
		if len(src) > 4000 {
			return
		}
		m := uint64(mod%7) + 2
		parses := false
		if _, err := smtlib.Parse("in.smt2", src); err == nil {
			parses = true
		}
		checkParse := true
		pred := func(_ context.Context, c []byte) (bool, error) {
			if parses && checkParse {
				if _, err := smtlib.Parse("cand.smt2", c); err != nil {
					// Errorf, not Fatalf: predicates run on other goroutines.
					t.Errorf("candidate does not parse: %v\ninput:\n%s\ncandidate:\n%s", err, src, c)
					return false, nil
				}
			}
			if bytes.Equal(c, src) {
				return true, nil
			}
			h := fnv.New64a()
			h.Write(c)
			return h.Sum64()%m != 0, nil
		}
		for i, passes := range [][]Pass{SMTLIBPasses(), TracePasses(TraceOptions{})} {
			checkParse = i == 0 // trace candidates are not SMT-LIB
			if _, err := Reduce(context.Background(), src, pred, Options{Passes: passes, MaxTests: 300}); err != nil {
				t.Fatal(err)
			}
		}
	})
}
