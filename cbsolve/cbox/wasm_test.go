package cbox

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smt"
)

const boxesC = "testdata/boxes.c"

// openC opens the C box sym of testdata/boxes.c for f.
func openC(t testing.TB, f *smt.Func, sym string, opts Options) Box {
	t.Helper()
	testutil.RequireBinary(t, "clang")
	spec := boxesC
	if sym != "" {
		spec += ":" + sym
	}
	b, err := Open(context.Background(), spec, f, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", spec, err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// TestWasmValues checks C boxes of every width against Go, through Call and
// CallBits, on random and edge arguments.
func TestWasmValues(t *testing.T) {
	type tc struct {
		f    *smt.Func
		sym  string
		want func(a []uint64) uint64
	}
	cases := []tc{
		{decl("mul", bv(32), bv(32), bv(32)), "", func(a []uint64) uint64 { return uint64(uint32(a[0]) * uint32(a[1])) }},
		{decl("mul64", bv(64), bv(64), bv(64)), "", func(a []uint64) uint64 { return a[0] * a[1] }},
		{decl("popcount", bv(64), bv(8)), "", func(a []uint64) uint64 { return uint64(bits.OnesCount64(a[0])) }},
		{decl("add8", bv(8), bv(8), bv(8)), "", func(a []uint64) uint64 { return (a[0] + a[1]) & 0xff }},
		{decl("rotl16", bv(16), bv(16), bv(16)), "", func(a []uint64) uint64 { return uint64(bits.RotateLeft16(uint16(a[0]), int(a[1]&15))) }},
		{decl("add12", bv(12), bv(12), bv(12)), "", func(a []uint64) uint64 { return (a[0] + a[1]) & 0xfff }},
		{decl("not", smt.BoolSort(), smt.BoolSort()), "not_", func(a []uint64) uint64 { return a[0] ^ 1 }},
		{decl("is_pow2", bv(32), smt.BoolSort()), "", func(a []uint64) uint64 {
			if a[0] != 0 && a[0]&(a[0]-1) == 0 {
				return 1
			}
			return 0
		}},
		{decl("fill", bv(32), bv(32)), "", func(a []uint64) uint64 { return a[0] & 0x7f }},
	}
	// One module exporting every function (clang runs once); mul and fill
	// (which needs the memset that CompileC links in) go through the .c
	// path.
	testutil.RequireBinary(t, "clang")
	wasm := filepath.Join(t.TempDir(), "boxes.wasm")
	flags := []string{"-ffreestanding"}
	for _, c := range cases {
		sym := c.sym
		if sym == "" {
			sym = c.f.Name
		}
		if sym != "fill" {
			flags = append(flags, "-Wl,--export="+sym)
		}
	}
	if out, err := runClang(boxesC, wasm, flags...); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i, c := range cases {
		t.Run(c.f.Name, func(t *testing.T) {
			sym := c.sym
			if sym == "" {
				sym = c.f.Name
			}
			var b Box
			if i == 0 || sym == "fill" {
				b = openC(t, c.f, c.sym, testOptions())
			} else {
				var err error
				b, err = Open(context.Background(), wasm+":"+sym, c.f, testOptions())
				if err != nil {
					t.Fatal(err)
				}
				defer b.Close()
			}
			bb, ok := b.(Bits)
			if !ok {
				t.Fatal("a wasm box does not implement Bits")
			}
			sig := signatureOf(c.f)
			edges := []uint64{0, 1, 2, 3, 7, 1 << 31, 1<<32 - 1, 1 << 63, ^uint64(0)}
			for i := 0; i < 300; i++ {
				args := make([]uint64, len(c.f.Params))
				vals := make([]smt.Value, len(args))
				for j := range args {
					x := rng.Uint64()
					if i < len(edges) {
						x = edges[(i+j)%len(edges)]
					}
					args[j] = x & sig.masks[j]
					vals[j] = bitsValue(c.f.Params[j], args[j])
				}
				want := c.want(args)
				got, err := bb.CallBits(context.Background(), args)
				if err != nil || got != want {
					t.Fatalf("CallBits%v = %d, %v; want %d", args, got, err, want)
				}
				v := mustCall(t, b, vals...)
				if !smt.ValueEqual(v, bitsValue(c.f.Result, want)) {
					t.Fatalf("Call%v = %s, want %s", vals, v, bitsValue(c.f.Result, want))
				}
			}
		})
	}
}

// TestWasmTrap: __builtin_trap and division by zero are Trap errors that
// name the arguments, and the box keeps working afterwards.
func TestWasmTrap(t *testing.T) {
	f := decl("trap_on_7", bv(32), bv(32))
	b := openC(t, f, "", testOptions())
	_, err := b.Call(context.Background(), []smt.Value{bvv(7, 32)})
	wantKind(t, err, Trap, "unreachable", "(trap_on_7 #x00000007)")
	if v := mustCall(t, b, bvv(8, 32)); !smt.ValueEqual(v, bvv(9, 32)) {
		t.Fatalf("after a trap: %s, want 9", v)
	}

	d := openC(t, decl("udiv", bv(32), bv(32), bv(32)), "", testOptions())
	_, err = d.(Bits).CallBits(context.Background(), []uint64{5, 0})
	wantKind(t, err, Trap, "divide by zero")
	if x, err := d.(Bits).CallBits(context.Background(), []uint64{50, 7}); err != nil || x != 7 {
		t.Fatalf("udiv 50 7 = %d, %v", x, err)
	}

	r := openC(t, decl("recurse", bv(32), bv(32)), "", testOptions())
	_, err = r.(Bits).CallBits(context.Background(), []uint64{1})
	wantKind(t, err, Trap)
}

// TestWasmTimeout: an infinite loop ends as a Timeout of the call timeout,
// and the next call on another argument answers.
func TestWasmTimeout(t *testing.T) {
	opts := testOptions()
	opts.CallTimeout = shortTimeout
	b := openC(t, decl("loop_on_odd", bv(32), bv(32)), "", opts)
	_, err := b.(Bits).CallBits(context.Background(), []uint64{3})
	wantKind(t, err, Timeout, "700ms")
	if x, err := b.(Bits).CallBits(context.Background(), []uint64{4}); err != nil || x != 4 {
		t.Fatalf("after a timeout: %d, %v", x, err)
	}
	// The caller's context ending is Canceled, not Timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = b.(Bits).CallBits(ctx, []uint64{5})
	wantKind(t, err, Canceled)
}

// TestWasmMemory: growing memory without bound is a Memory error, whether
// the box traps when growth fails or ignores the failure and loops.
func TestWasmMemory(t *testing.T) {
	opts := testOptions()
	opts.MemoryLimit = 4 << 20
	b := openC(t, decl("grow_then_trap", bv(32), bv(32)), "", opts)
	_, err := b.(Bits).CallBits(context.Background(), []uint64{1})
	wantKind(t, err, Memory, "4 MiB")
	_, err = b.(Bits).CallBits(context.Background(), []uint64{2})
	wantKind(t, err, Memory)

	opts.CallTimeout = shortTimeout
	g := openC(t, decl("grow_forever", bv(32), bv(32)), "", opts)
	_, err = g.(Bits).CallBits(context.Background(), []uint64{1})
	wantKind(t, err, Memory)

	// A limit below the module's initial memory is reported by Open.
	opts.MemoryLimit = 64 << 10
	_, err = Open(context.Background(), boxesC+":mul", decl("mul", bv(32), bv(32), bv(32)), opts)
	wantKind(t, err, Memory, "raise the memory limit")
}

// TestWasmSignature: Open rejects exports and sorts that do not match.
func TestWasmSignature(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	ctx := context.Background()
	_, err := Open(ctx, boxesC+":mul", decl("mul", bv(64), bv(32), bv(32)), testOptions())
	wantKind(t, err, Signature, "(i32, i32) -> i32", "(i64, i32) -> i32", "boxes.c")
	_, err = Open(ctx, boxesC+":popcount", decl("popcount", bv(64), bv(64)), testOptions())
	wantKind(t, err, Signature, "(i64) -> i32", "(i64) -> i64")
	_, err = Open(ctx, boxesC, decl("nosuch", bv(32), bv(32)), testOptions())
	wantKind(t, err, Compile, "PATH.c:SYMBOL")
	_, err = Open(ctx, boxesC, decl("f", smt.IntSort(), bv(32)), testOptions())
	wantKind(t, err, Signature, "exec:")
	_, err = Open(ctx, boxesC, decl("f", bv(65), bv(32)), testOptions())
	wantKind(t, err, Signature, "(_ BitVec 65)")
	_, err = Open(ctx, boxesC, decl("bad-name", bv(32), bv(32)), testOptions())
	wantKind(t, err, Compile, "not a C identifier")

	// A .wasm module: the export is checked too, and missing exports are listed.
	path, err := CompileC(ctx, "unsigned f(unsigned x) { return x + 1; }\n", "f", testOptions())
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, path+":g", decl("g", bv(32), bv(32)), testOptions())
	wantKind(t, err, Signature, `no function export "g"`, "exports are f")
	b, err := Open(ctx, path+":f", decl("g", bv(32), bv(32)), testOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if v := mustCall(t, b, bvv(41, 32)); !smt.ValueEqual(v, bvv(42, 32)) {
		t.Fatalf("f 41 = %s", v)
	}
}

// TestCompileC: compile errors carry clang's message, modules are cached by
// content, and imports of host functions are refused.
func TestCompileC(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	ctx := context.Background()
	opts := testOptions()
	opts.CacheDir = t.TempDir()
	_, err := CompileC(ctx, "unsigned f(unsigned x) { return x +; }\n", "f", opts)
	wantKind(t, err, Compile, "expected expression")
	_, err = CompileC(ctx, "unsigned g(unsigned);\nunsigned f(unsigned x) { return g(x); }\n", "f", opts)
	wantKind(t, err, Compile, "undefined symbol", "freestanding")

	src := "unsigned f(unsigned x) { return x * 3; }\n"
	start := time.Now()
	p1, err := CompileC(ctx, src, "f", opts)
	if err != nil {
		t.Fatal(err)
	}
	first := time.Since(start)
	start = time.Now()
	p2, err := CompileC(ctx, src, "f", opts)
	if err != nil {
		t.Fatal(err)
	}
	if p1 != p2 || filepath.Dir(p1) != opts.CacheDir {
		t.Fatalf("paths %s, %s, cache %s", p1, p2, opts.CacheDir)
	}
	t.Logf("compile %v, cached %v", first, time.Since(start))
	entries, _ := os.ReadDir(opts.CacheDir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "build-") {
			t.Errorf("build folder %s left behind", e.Name())
		}
	}

	// A module importing a host function.
	path := filepath.Join(t.TempDir(), "imp.c")
	os.WriteFile(path, []byte("unsigned host(unsigned);\nunsigned f(unsigned x) { return host(x); }\n"), 0o644)
	wasm := filepath.Join(t.TempDir(), "imp.wasm")
	out, err := runClang(path, wasm, "-Wl,--export=f", "-Wl,--allow-undefined")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	_, err = Open(ctx, wasm+":f", decl("f", bv(32), bv(32)), opts)
	wantKind(t, err, Signature, "imports env.host")

	// Not a module at all.
	bad := filepath.Join(t.TempDir(), "bad.wasm")
	os.WriteFile(bad, []byte("not wasm"), 0o644)
	_, err = Open(ctx, bad, decl("f", bv(32), bv(32)), opts)
	wantKind(t, err, Compile, "invalid WebAssembly module")
	_, err = Open(ctx, "/nonexistent/x.wasm", decl("f", bv(32), bv(32)), opts)
	wantKind(t, err, Start, "no such file")
	_, err = Open(ctx, "/nonexistent/x.c", decl("f", bv(32), bv(32)), opts)
	wantKind(t, err, Start, "no such file")
	_, err = Open(ctx, "x.py", decl("f", bv(32), bv(32)), opts)
	wantKind(t, err, Spec, "exec:CMD")
}

// TestWasmConcurrent calls one wasm box from many goroutines (run with
// -race), with traps mixed in, then closes it and checks that no goroutine
// is left.
func TestWasmConcurrent(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	before := runtime.NumGoroutine()
	f := decl("trap_on_7", bv(32), bv(32))
	b, err := Open(context.Background(), boxesC, f, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				x := uint64(g*1000 + i%20)
				got, err := b.(Bits).CallBits(context.Background(), []uint64{x})
				if x == 7 {
					if KindOf(err) != Trap {
						errs <- err
						return
					}
					continue
				}
				if err != nil || got != x+1 {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = b.(Bits).CallBits(context.Background(), []uint64{1})
	wantKind(t, err, Closed)
	waitGoroutines(t, before)
}

// TestWasmCloseDuringCall: Close stops a running call.
func TestWasmCloseDuringCall(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	opts := testOptions()
	opts.CallTimeout = 10 * time.Second
	b, err := Open(context.Background(), boxesC, decl("loop_on_odd", bv(32), bv(32)), opts)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := b.(Bits).CallBits(context.Background(), []uint64{1})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	b.Close()
	select {
	case err := <-done:
		wantKind(t, err, Closed)
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not stop the call")
	}
}

// runClang compiles a C file to wasm32 with extra flags.
func runClang(src, out string, flags ...string) ([]byte, error) {
	args := append([]string{"--target=wasm32", "-O2", "-nostdlib", "-Wl,--no-entry", "-o", out, src}, flags...)
	return exec.Command("clang", args...).CombinedOutput()
}
