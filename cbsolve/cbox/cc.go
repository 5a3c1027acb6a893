package cbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// cflags are the clang flags of CompileC. The stack is 1 MiB (wasm-ld's
// default is 64 KiB), so that modestly recursive boxes work; it comes out
// of the memory limit.
var cflags = []string{
	"--target=wasm32", "-O2", "-nostdlib", "-ffreestanding",
	"-Wl,--no-entry", "-Wl,-z,stack-size=1048576", "-Wl,--strip-all",
}

// supportC is linked into every C box: weak definitions of the memory
// functions that clang emits calls to for loops and struct copies even in
// freestanding code. A source may define its own.
const supportC = `typedef __SIZE_TYPE__ size_t;
__attribute__((weak)) void *memset(void *d, int c, size_t n) {
	unsigned char *p = d;
	while (n--) *p++ = (unsigned char)c;
	return d;
}
__attribute__((weak)) void *memcpy(void *d, const void *s, size_t n) {
	unsigned char *p = d;
	const unsigned char *q = s;
	while (n--) *p++ = *q++;
	return d;
}
__attribute__((weak)) void *memmove(void *d, const void *s, size_t n) {
	unsigned char *p = d;
	const unsigned char *q = s;
	if (p < q) {
		while (n--) *p++ = *q++;
	} else {
		p += n; q += n;
		while (n--) *--p = *--q;
	}
	return d;
}
__attribute__((weak)) int memcmp(const void *a, const void *b, size_t n) {
	const unsigned char *p = a, *q = b;
	for (; n; n--, p++, q++)
		if (*p != *q) return *p - *q;
	return 0;
}
`

// CompileC compiles the C source text src to a WebAssembly module exporting
// symbol, with clang and wasm-ld (`clang --target=wasm32 -O2 -nostdlib
// -ffreestanding -Wl,--no-entry -Wl,--export=SYMBOL`), and returns the
// module's path. Modules are cached in opts.CacheDir under the SHA-256 of
// the source, the symbol and the flags, so a source compiles once per
// machine.
//
// The source is freestanding: there is no libc (memset, memcpy, memmove and
// memcmp are provided), but clang's own headers such as <stdint.h> and
// <stdbool.h> work. Use unsigned fixed-width types (uint8_t … uint64_t,
// bool) for parameters and results: arguments arrive zero-extended.
func CompileC(ctx context.Context, src, symbol string, opts Options) (wasmPath string, err error) {
	return compileC(ctx, src, symbol, "", symbol, opts)
}

// compileC is CompileC with an include directory (the folder of the source
// file, for its local headers) and the box name for errors.
func compileC(ctx context.Context, src, symbol, includeDir, boxName string, opts Options) (string, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	opts = opts.withDefaults()
	fail := func(format string, a ...any) (string, error) {
		return "", &Error{Box: boxName, Kind: Compile, Msg: fmt.Sprintf(format, a...)}
	}
	if !isCIdent(symbol) {
		return fail("%q is not a C identifier: name the C function with PATH.c:SYMBOL", symbol)
	}
	flags := append([]string(nil), cflags...)
	flags = append(flags, "-Wl,--export="+symbol)
	if includeDir != "" {
		flags = append(flags, "-I", includeDir)
	}
	h := sha256.New()
	for _, part := range append([]string{src, supportC, symbol}, flags...) {
		fmt.Fprintf(h, "%d:%s;", len(part), part)
	}
	key := hex.EncodeToString(h.Sum(nil))[:32]
	out := filepath.Join(opts.CacheDir, key+".wasm")
	if st, err := os.Stat(out); err == nil && st.Size() > 0 {
		return out, nil
	}
	clang, err := exec.LookPath("clang")
	if err != nil {
		return fail("clang not found on PATH: install clang and lld (e.g. apt-get install clang lld) or pass a .wasm module")
	}
	if err := os.MkdirAll(opts.CacheDir, 0o755); err != nil {
		return fail("creating the cache directory: %v (set Options.CacheDir to a writable folder)", err)
	}
	tmp, err := os.MkdirTemp(opts.CacheDir, "build-")
	if err != nil {
		return fail("creating a build directory: %v (set Options.CacheDir to a writable folder)", err)
	}
	defer os.RemoveAll(tmp)
	srcPath := filepath.Join(tmp, "box.c")
	supPath := filepath.Join(tmp, "tandem_support.c")
	wasmPath := filepath.Join(tmp, "box.wasm")
	if err := os.WriteFile(srcPath, []byte(src), 0o644); err != nil {
		return fail("writing the source: %v", err)
	}
	if err := os.WriteFile(supPath, []byte(supportC), 0o644); err != nil {
		return fail("writing the support source: %v", err)
	}
	args := append(append([]string(nil), flags...), "-o", wasmPath, srcPath, supPath)
	output, err := solver.Tool(ctx, "", compileLimits, append([]string{clang}, args...)...)
	if err != nil {
		if ctx.Err() != nil {
			return "", &Error{Box: boxName, Kind: Canceled, Msg: "compiling: " + ctx.Err().Error()}
		}
		msg := strings.TrimSpace(string(output))
		if len(msg) > 4000 {
			msg = msg[:4000] + "\n..."
		}
		msg = strings.ReplaceAll(msg, srcPath, "box.c")
		switch {
		case strings.Contains(msg, "symbol exported via --export not found: "+symbol):
			return fail("the source defines no function %s: name it with PATH.c:SYMBOL (and make it non-static)\n%s", symbol, msg)
		case strings.Contains(msg, "wasm-ld") && (strings.Contains(msg, "unable to execute") || strings.Contains(msg, "doesn't exist") || strings.Contains(msg, "No such file or directory")):
			return fail("clang could not run wasm-ld: install lld (e.g. apt-get install lld) or pass a .wasm module\n%s", msg)
		case strings.Contains(msg, "No available targets") || strings.Contains(msg, "unknown target"):
			return fail("this clang has no WebAssembly target: install an LLVM clang with wasm32 support, or pass a .wasm module\n%s", msg)
		case strings.Contains(msg, "undefined symbol"):
			return fail("%s: %v\n%s\nC boxes are freestanding (no libc): define every function you call", clang, err, msg)
		}
		return fail("%s: %v\n%s", clang, err, msg)
	}
	// Publish atomically: concurrent compilations of the same source write
	// the same bytes.
	if err := os.Rename(wasmPath, out); err != nil {
		return fail("storing the module in the cache: %v", err)
	}
	return out, nil
}

// compileLimits bound one clang run (with the wasm-ld it starts): a
// source that makes the compiler loop or blow up is an error, not a hang.
// The memory bound is on the tree's resident memory only (negative), since
// LLVM reserves more address space than it uses.
var compileLimits = solver.Limits{CPU: 2 * time.Minute, Wall: 5 * time.Minute, Memory: -4 << 30}

func isCIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// OpenC compiles the C file at path (see [CompileC]) and makes the box for
// f from its function symbol (default f.Name). It is Open's PATH.c[:SYMBOL]
// case.
func OpenC(ctx context.Context, path, symbol string, f *smt.Func, opts Options) (Box, error) {
	if err := checkFunc(f); err != nil {
		return nil, err
	}
	if symbol == "" {
		symbol = f.Name
	}
	src, err := smtlib.ReadFile(path, "C source", 0)
	if err != nil {
		return nil, &Error{Box: f.Name, Kind: Start, Msg: fmt.Sprintf("reading the C source: %v", err)}
	}
	// Check the sorts before paying for a compilation.
	if _, err := wasmSignature(f); err != nil {
		return nil, &Error{Box: f.Name, Kind: Signature, Msg: err.Error()}
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		dir = filepath.Dir(path)
	}
	wasm, err := compileC(ctx, string(src), symbol, dir, f.Name, opts)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			c := *e
			c.Msg = strings.ReplaceAll(c.Msg, "box.c", path)
			return nil, &c
		}
		return nil, err
	}
	b, err := OpenWasm(ctx, wasm, symbol, f, opts)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Kind == Signature {
			c := *e
			c.Msg = fmt.Sprintf("C function %s in %s: %s", symbol, path, c.Msg)
			return nil, &c
		}
	}
	return b, err
}
