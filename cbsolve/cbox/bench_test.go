package cbox

import (
	"context"
	"testing"

	"tandem/smt"
)

// The numbers of these benchmarks are in the package doc (see doc.go).

func benchBits(b *testing.B, box Box) {
	b.Helper()
	bb := box.(Bits)
	ctx := context.Background()
	args := []uint64{0, 3}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		args[0] = uint64(i) & 0xffff
		if _, err := bb.CallBits(ctx, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWasmCall: one uncached call of a C box (mul) in wasm.
func BenchmarkWasmCall(b *testing.B) {
	benchBits(b, openC(b, decl("mul", bv(32), bv(32), bv(32)), "", Options{CacheDir: testCacheDir}))
}

// BenchmarkWasmCallValues: the same through Call with smt.Values.
func BenchmarkWasmCallValues(b *testing.B) {
	box := openC(b, decl("mul", bv(32), bv(32), bv(32)), "", Options{CacheDir: testCacheDir})
	ctx := context.Background()
	args := []smt.Value{bvv(0, 32), bvv(3, 32)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		args[0] = bvv(uint64(i), 32)
		if _, err := box.Call(ctx, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExecCall: one uncached call of an exec box (the Go helper), a
// round trip through two pipes.
func BenchmarkExecCall(b *testing.B) {
	benchBits(b, helperBox(b, decl("mul", bv(32), bv(32), bv(32)), Options{}))
}

// BenchmarkGoBitsCall: one call of a GoBits box, the floor of the wrapper.
func BenchmarkGoBitsCall(b *testing.B) {
	benchBits(b, GoBits(decl("mul", bv(32), bv(32), bv(32)), func(a []uint64) (uint64, error) { return a[0] * a[1], nil }))
}

// BenchmarkDefineCall: one call of a compiled define-fun box.
func BenchmarkDefineCall(b *testing.B) {
	sc := parse(b, defines)
	box, err := Define(funcNamed(b, sc, "mulx"))
	if err != nil {
		b.Fatal(err)
	}
	benchBits(b, box)
}

// BenchmarkSetCachedCall: Set.Call answered from the cache (the eval.Callee
// path of the fuzzer).
func BenchmarkSetCachedCall(b *testing.B) {
	f := decl("mul", bv(32), bv(32), bv(32))
	s := NewSet(Options{})
	defer s.Close()
	s.Add(GoBits(f, func(a []uint64) (uint64, error) { return a[0] * a[1], nil }))
	args := []uint64{0, 3}
	for i := uint64(0); i < 1024; i++ {
		args[0] = i
		s.Call(f, args)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		args[0] = uint64(i) & 1023
		if _, err := s.Call(f, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSetMissWasm: Set.Call on new tuples of a wasm box: the box plus
// the cache's bookkeeping.
func BenchmarkSetMissWasm(b *testing.B) {
	f := decl("mul", bv(32), bv(32), bv(32))
	s := NewSet(Options{})
	defer s.Close()
	s.Add(openC(b, f, "", Options{CacheDir: testCacheDir}))
	args := []uint64{0, 3}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		args[0] = uint64(i) & 0xffffffff
		if _, err := s.Call(f, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSetCachedCallParallel: cache hits from all cores.
func BenchmarkSetCachedCallParallel(b *testing.B) {
	f := decl("mul", bv(32), bv(32), bv(32))
	s := NewSet(Options{})
	defer s.Close()
	s.Add(GoBits(f, func(a []uint64) (uint64, error) { return a[0] * a[1], nil }))
	for i := uint64(0); i < 1024; i++ {
		s.Call(f, []uint64{i, 3})
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		args := []uint64{0, 3}
		i := 0
		for pb.Next() {
			args[0] = uint64(i) & 1023
			i++
			if _, err := s.Call(f, args); err != nil {
				b.Fatal(err)
			}
		}
	})
}
