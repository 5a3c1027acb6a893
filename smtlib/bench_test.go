package smtlib

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// benchScript writes a deterministic QF_BV script of about size bytes:
// assertions of nested bit-vector operations over declared constants and
// literals, every fourth one under a let (a smaller cousin of the script
// of bench/parse).
func benchScript(size int) []byte {
	rng := rand.New(rand.NewSource(1))
	var b bytes.Buffer
	b.WriteString("(set-logic QF_BV)\n")
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, "(declare-fun x%d () (_ BitVec 32))\n", i)
	}
	ops := []string{"bvadd", "bvmul", "bvand", "bvor", "bvxor", "bvshl", "bvlshr"}
	var bv func(d int, lets int)
	bv = func(d, lets int) {
		if d == 0 {
			switch r := rng.Intn(10); {
			case r < 2 && lets > 0:
				fmt.Fprintf(&b, "?v%d", rng.Intn(lets))
			case r < 7:
				fmt.Fprintf(&b, "x%d", rng.Intn(8))
			case r < 9:
				fmt.Fprintf(&b, "#x%08x", rng.Uint32())
			default:
				fmt.Fprintf(&b, "(_ bv%d 32)", rng.Uint32())
			}
			return
		}
		switch r := rng.Intn(10); {
		case r < 6:
			fmt.Fprintf(&b, "(%s ", ops[rng.Intn(len(ops))])
			bv(d-1, lets)
			b.WriteByte(' ')
			bv(rng.Intn(d), lets)
			b.WriteByte(')')
		case r < 8:
			b.WriteString("(ite (bvult ")
			bv(rng.Intn(d), lets)
			b.WriteByte(' ')
			bv(rng.Intn(d), lets)
			b.WriteString(") ")
			bv(d-1, lets)
			b.WriteByte(' ')
			bv(rng.Intn(d), lets)
			b.WriteByte(')')
		default:
			lo := rng.Intn(17)
			fmt.Fprintf(&b, "(concat ((_ extract %d %d) ", lo+15, lo)
			bv(d-1, lets)
			b.WriteString(") ((_ extract 15 0) ")
			bv(rng.Intn(d), lets)
			b.WriteString("))")
		}
	}
	for n := 0; b.Len() < size; n++ {
		b.WriteString("(assert ")
		lets := 0
		if n%4 == 3 {
			lets = 1 + rng.Intn(3)
			for i := 0; i < lets; i++ {
				fmt.Fprintf(&b, "(let ((?v%d ", i)
				bv(3, i)
				b.WriteString(")) ")
			}
		}
		b.WriteString("(= ")
		bv(10, lets)
		b.WriteByte(' ')
		bv(3, lets)
		b.WriteByte(')')
		for i := 0; i < lets; i++ {
			b.WriteByte(')')
		}
		b.WriteString(")\n")
	}
	b.WriteString("(exit)\n")
	return b.Bytes()
}

// BenchmarkParseBV parses a 2 MB QF_BV script held in memory.
func BenchmarkParseBV(b *testing.B) {
	src := benchScript(2_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var sc *Script
	for b.Loop() {
		var err error
		if sc, err = Parse("bench.smt2", src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sc.Store.NumTerms()), "terms")
}

// BenchmarkParseBVReader parses the same script through a Reader, one
// command at a time, keeping no command list.
func BenchmarkParseBVReader(b *testing.B) {
	src := benchScript(2_000_000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader("bench.smt2", bytes.NewReader(src))
		for {
			_, err := r.Next()
			if err != nil {
				if err.Error() != "EOF" {
					b.Fatal(err)
				}
				break
			}
		}
	}
}
