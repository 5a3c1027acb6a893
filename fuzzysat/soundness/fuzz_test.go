package soundness

import (
	"context"
	"testing"

	"tandem/eval"
	"tandem/fuzzysat"
)

// FuzzSoundness drives the generator from the fuzzer's bytes (the query
// shape) with an arbitrary seed, on at most two input bytes, so that an
// unsat answer is checked by enumerating all 65,536 assignments (compiled,
// a hit confirmed by the interpreter) and a sat one by the interpreter.
//
//	go test -fuzz FuzzSoundness ./fuzzysat/soundness
func FuzzSoundness(f *testing.F) {
	f.Add([]byte{1, 5, 3, 0, 9, 1, 1, 2, 4}, []byte{0, 0})
	f.Add([]byte{3, 17, 0, 2, 2, 7, 1, 0, 3, 3, 16, 0, 6, 3}, []byte{0x30, 0})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, []byte{0xff})
	f.Fuzz(func(t *testing.T, shape, seed []byte) {
		cs := Generate(&ByteChooser{B: shape}, 2)
		q, err := cs.Query()
		if err != nil {
			t.Fatalf("the generator made a query that does not parse: %v\n%s", err, cs.Script())
		}
		r, err := fuzzysat.Solve(context.Background(), q, seed, fuzzysat.Options{MaxEvals: 3000, Timeout: 1e10})
		if err != nil {
			t.Fatalf("%v\n%s", err, cs.Script())
		}
		switch r.Status {
		case fuzzysat.Sat:
			if ok, err := Holds(q, r.Assignment); !ok {
				t.Fatalf("sat (%s) with %x, which does not satisfy the query (%v)\n%s", r.Phase, r.Assignment, err, cs.Script())
			}
		case fuzzysat.Unsat:
			if b := model(t, q); b != nil {
				t.Fatalf("unsat (%s: %s) from seed %x, but %x satisfies the query\n%s", r.Phase, r.Proof, seed, b, cs.Script())
			}
		}
	})
}

// model enumerates every assignment of the query's bytes (at most two)
// and returns one that satisfies it, or nil. The compiled programs screen
// the candidates; the interpreter has the last word on each one they do
// not reject.
func model(t *testing.T, q *fuzzysat.Query) []byte {
	l := q.Layout
	if l.Size > 2 {
		t.Fatalf("%d input bytes: too many to enumerate", l.Size)
	}
	type compiled struct {
		m     *eval.Machine
		vars  []int
		in    []uint64
		roots int
	}
	var progs []compiled
	for _, term := range append(q.Pi, q.Goal) {
		p, err := eval.Compile(term)
		if err != nil {
			progs = nil
			break
		}
		c := compiled{m: p.NewMachine(nil), in: make([]uint64, len(p.Inputs())), roots: len(p.Roots())}
		for _, f := range p.Inputs() {
			c.vars = append(c.vars, l.Index(f))
		}
		progs = append(progs, c)
	}
	b := make([]byte, l.Size)
next:
	for v := 0; v < 1<<(8*l.Size); v++ {
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		for _, c := range progs {
			for j, vi := range c.vars {
				c.in[j] = l.Uint64(b, vi)
			}
			if c.m.Run(c.in) != nil {
				continue
			}
			for r := range c.roots {
				if c.m.Value(r) != 1 {
					continue next
				}
			}
		}
		if ok, _ := Holds(q, b); ok {
			return b
		}
	}
	return nil
}
