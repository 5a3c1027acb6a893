package eval_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"tandem/internal/evaltest"
	"tandem/smt"
)

// byteSource drives the term generator from fuzz bytes, so that the
// fuzzer's mutations are mutations of the generated term; past the end
// of the data it continues with a PCG seeded from the data's length.
type byteSource struct {
	data []byte
	pcg  *rand.PCG
}

func (s *byteSource) Uint64() uint64 {
	if len(s.data) >= 8 {
		v := binary.LittleEndian.Uint64(s.data)
		s.data = s.data[8:]
		return v
	}
	if len(s.data) > 0 {
		var b [8]byte
		copy(b[:], s.data)
		s.data = nil
		return binary.LittleEndian.Uint64(b[:])
	}
	return s.pcg.Uint64()
}

// FuzzCompileAgree generates a random Bool or bit-vector term (widths up
// to 64, with variables) from the fuzz input and checks that the compiled
// program and the interpreter agree on random inputs.
//
//	go test -run XXX -fuzz FuzzCompileAgree -parallel 1 ./eval
func FuzzCompileAgree(f *testing.F) {
	for _, s := range []string{"", "\x00", "hello, bit-vectors", "\xff\xff\xff\xff\xff\xff\xff\xff\x01\x02\x03"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 {
			return // longer inputs add nothing but slow the fuzzer's minimization
		}
		src := &byteSource{data: data, pcg: rand.NewPCG(uint64(len(data)), 1)}
		r := rand.New(src)
		st := smt.NewStore()
		widths := []int{1, 2, 5, 8, 16, 32, 63, 64}
		g := &evaltest.Gen{St: st, R: r, MaxDepth: 6, BVWidths: widths, Vars: bvVars(st, widths)}
		x := g.Term(g.Sort(), 1+r.IntN(6))
		agree(t, st, x, rand.New(rand.NewPCG(uint64(len(data)), 2)), 8)
	})
}
