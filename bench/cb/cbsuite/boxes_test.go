package cbsuite

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
)

// randomTuples is how many random argument tuples each box is run on, beside
// the combinations of edge values.
const randomTuples = 3000

// exhaustiveBits bounds the total argument width of the boxes checked on
// every input instead of samples (8-bit ctype functions, byte division,
// Delphi's 4-bit oracles, …).
const exhaustiveBits = 16

// interpTuples is how many of them are also evaluated by the interpreter, to
// cross-check the compiled program the comparison uses.
const interpTuples = 100

// TestBoxes checks every C closed box: its file compiles to wasm32 exactly as
// tandem solve compiles it, and the function agrees with its reference
// define-fun on every input when it has at most 16 bits of arguments, and
// otherwise on edge values, thousands of random arguments and the arguments
// z3's models of the sat benchmarks give it (testdata/witnesses.tsv, so
// that every sat label holds for the C code too). The C side runs
// natively (built with UBSan, so undefined behaviour such as an over-wide
// shift or a division by zero, which would trap or differ in wasm, fails the
// test); the reference side is tandem's evaluator.
func TestBoxes(t *testing.T) {
	clang := testutil.RequireBinary(t, "clang")
	testutil.RequireBinary(t, "wasm-ld")
	t.Parallel()
	libs := loadLibraries(t)
	if len(libs) == 0 {
		t.Fatal("no C file under bench/cb")
	}
	witnesses, err := readWitnesses()
	if err != nil {
		t.Fatalf("%v (record it with TestLabels -update)", err)
	}
	for key := range witnesses {
		c, name, _ := strings.Cut(key, "\t")
		if lib := libs[c]; lib == nil || lib.byName[name] == nil {
			t.Errorf("%s: witnesses for %s, which %s does not define: relabel with TestLabels -update", filepath.Base(witnessPath), name, c)
		}
	}
	for _, path := range slices.Sorted(maps.Keys(libs)) {
		lib := libs[path]
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			compileWasm(t, clang, lib)
			checkNative(t, clang, lib, witnesses)
		})
	}
}

// wasmArgs is the command tandem solve --cb NAME=FILE.c runs (see the
// issue: clang --target=wasm32 -O2 -nostdlib -Wl,--no-entry
// -Wl,--export=NAME), with every box of the file exported at once and
// warnings as errors.
func wasmArgs(lib *library, out string) []string {
	args := []string{"--target=wasm32", "-O2", "-nostdlib", "-Wl,--no-entry", "-Wall", "-Werror"}
	for _, b := range lib.boxes {
		args = append(args, "-Wl,--export="+b.name)
	}
	return append(args, "-o", out, filepath.Join(benchDir, filepath.FromSlash(lib.cPath)))
}

func compileWasm(t *testing.T, clang string, lib *library) {
	out := filepath.Join(t.TempDir(), "box.wasm")
	if msg, err := run(clang, wasmArgs(lib, out), nil); err != nil {
		t.Fatalf("%s does not compile to wasm32: %v\n%s", lib.cPath, err, msg)
	}
}

func run(name string, args []string, stdin []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		return append(stdout.Bytes(), stderr.Bytes()...), err
	}
	return stdout.Bytes(), nil
}

// driver is a C program that includes the library and calls box number k on
// the arguments of each input line "k a1 … an", printing the raw result.
func driver(lib *library) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#include %q\n", filepath.Join(benchDir, filepath.FromSlash(lib.cPath)))
	b.WriteString("int scanf(const char *, ...);\nint printf(const char *, ...);\n")
	b.WriteString("int main(void) {\n\tunsigned long long a[8], r;\n\tint k;\n\twhile (scanf(\"%d\", &k) == 1) {\n\t\tswitch (k) {\n")
	for k, box := range lib.boxes {
		fmt.Fprintf(&b, "\t\tcase %d:\n", k)
		args := make([]string, len(box.params))
		for i := range box.params {
			fmt.Fprintf(&b, "\t\t\tif (scanf(\"%%llu\", &a[%d]) != 1) return 3;\n", i)
			args[i] = fmt.Sprintf("a[%d]", i)
		}
		fmt.Fprintf(&b, "\t\t\tr = (unsigned long long)%s(%s);\n\t\t\tbreak;\n", box.name, strings.Join(args, ", "))
	}
	b.WriteString("\t\tdefault:\n\t\t\treturn 2;\n\t\t}\n\t\tprintf(\"%llu\\n\", r);\n\t}\n\treturn 0;\n}\n")
	return b.String()
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// refBox evaluates a box's reference definition: a compiled program for the
// bulk, the interpreter for a cross-check.
type refBox struct {
	box    *cbox
	consts []*smt.Func
	app    *smt.Term
	mach   *eval.Machine // nil when the definition does not compile
	index  []int         // program input of each argument, -1 when unused
	inputs []uint64
}

func newRefBox(box *cbox) (*refBox, error) {
	st := box.lib.ref.Store
	r := &refBox{box: box}
	args := make([]*smt.Term, len(box.params))
	for i, s := range box.params {
		f := st.NewFunc(fmt.Sprintf("arg%d!%s", i, box.name), smt.FuncDeclared, nil, s)
		r.consts = append(r.consts, f)
		args[i] = st.Const(f)
	}
	app, err := st.ApplyFunc(box.ref, args)
	if err != nil {
		return nil, err
	}
	r.app = app
	prog, err := eval.Compile(app)
	if errors.Is(err, eval.ErrNotCompilable) {
		return r, nil // the interpreter evaluates it
	}
	if err != nil {
		return nil, fmt.Errorf("box %s: reference definition does not compile: %w", box.name, err)
	}
	r.mach = prog.NewMachine(nil)
	for _, f := range r.consts {
		r.index = append(r.index, prog.InputIndex(f))
	}
	r.inputs = make([]uint64, len(prog.Inputs()))
	return r, nil
}

// compiled evaluates the compiled program, or the interpreter when the
// definition uses operators the compiler lacks.
func (r *refBox) compiled(args []uint64) (uint64, error) {
	if r.mach == nil {
		return r.interpreted(args)
	}
	for i, a := range args {
		if j := r.index[i]; j >= 0 {
			r.inputs[j] = a
		}
	}
	if err := r.mach.Run(r.inputs); err != nil {
		return 0, err
	}
	return r.mach.Value(0), nil
}

func (r *refBox) interpreted(args []uint64) (uint64, error) {
	m := eval.NewModel()
	for i, a := range args {
		var v smt.Value
		if s := r.box.params[i]; s.Kind == smt.KindBool {
			v = smt.BoolValue(a != 0)
		} else {
			v = smt.NewBVValue(new(big.Int).SetUint64(a), s.Width)
		}
		if err := m.SetConst(r.consts[i], v); err != nil {
			return 0, err
		}
	}
	v, err := eval.New(m).Eval(r.app)
	if err != nil {
		return 0, err
	}
	switch v := v.(type) {
	case smt.BoolValue:
		if v {
			return 1, nil
		}
		return 0, nil
	case smt.BVValue:
		return v.V.Uint64(), nil
	}
	return 0, fmt.Errorf("value %v of sort %s", v, r.box.result)
}

// checkNative compiles the library with a driver, runs every box on the
// test tuples and compares with the reference definitions.
func checkNative(t *testing.T, clang string, lib *library, witnesses map[string][][]uint64) {
	dir := t.TempDir()
	drv := filepath.Join(dir, "driver.c")
	if err := os.WriteFile(drv, []byte(driver(lib)), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "driver")
	if msg, err := run(clang, []string{"-O1", "-w", "-fsanitize=undefined", "-fno-sanitize-recover=all", "-o", exe, drv}, nil); err != nil {
		t.Fatalf("native build of %s: %v\n%s", lib.cPath, err, msg)
	}
	var in bytes.Buffer
	tuples := make([][][]uint64, len(lib.boxes))
	for k, b := range lib.boxes {
		tuples[k] = append(testTuples(b), witnesses[lib.cPath+"\t"+b.name]...)
		for _, args := range tuples[k] {
			in.WriteString(strconv.Itoa(k))
			for _, a := range args {
				in.WriteString(" " + strconv.FormatUint(a, 10))
			}
			in.WriteByte('\n')
		}
	}
	out, err := run(exe, nil, in.Bytes())
	if err != nil {
		t.Fatalf("running %s natively: %v (undefined behaviour in a box?)\n%s", lib.cPath, err, tail(out, 2000))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for k, b := range lib.boxes {
		r, err := newRefBox(b)
		if err != nil {
			t.Error(err)
			continue
		}
		rw := sortBits(b.result)
		bad := 0
		for i, args := range tuples[k] {
			if !sc.Scan() {
				t.Fatalf("%s: driver output ends early", lib.cPath)
			}
			raw, err := strconv.ParseUint(sc.Text(), 10, 64)
			if err != nil {
				t.Fatalf("%s: driver output %q", lib.cPath, sc.Text())
			}
			want, err := r.compiled(args)
			if err != nil {
				t.Fatalf("box %s: evaluating the reference: %v", b.name, err)
			}
			if i < interpTuples {
				iv, err := r.interpreted(args)
				if err != nil {
					t.Fatalf("box %s: interpreting the reference on %v: %v", b.name, args, err)
				}
				if iv != want {
					t.Errorf("box %s on %v: the evaluator's interpreter says %d, its compiled program %d (a bug in package eval)", b.name, args, iv, want)
				}
			}
			got := raw & mask(rw)
			if b.result.Kind == smt.KindBool && raw > 1 {
				t.Errorf("box %s%v returns %d for a Bool: return 0 or 1", b.name, args, raw)
			}
			if got != want {
				bad++
				if bad <= 5 {
					t.Errorf("box %s (%s) on %s: C gives %#x, the reference definition %#x", b.name, lib.cPath, fmtArgs(b, args), got, want)
				}
			}
		}
		if bad > 5 {
			t.Errorf("box %s: %d of %d tuples disagree", b.name, bad, len(tuples[k]))
		}
	}
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

func fmtArgs(b *cbox, args []uint64) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmt.Sprintf("%#x", a)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// edgeValues are the values every argument of width w is tried with.
func edgeValues(w int) []uint64 {
	if w == 1 {
		return []uint64{0, 1}
	}
	m := mask(w)
	sign := uint64(1) << (w - 1)
	seen := map[uint64]bool{}
	var out []uint64
	for _, v := range []uint64{0, 1, 2, m, m - 1, sign, sign - 1, sign + 1} {
		v &= m
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// testTuples are the argument tuples a box is checked on: all of them when
// the arguments have at most exhaustiveBits bits in all; otherwise every
// combination of edge values (a sample of them beyond three arguments), then
// random
// tuples whose values mix uniform bits, bytes that are ASCII digits,
// letters, blanks or zero (so that parsers and string functions leave their
// first branch), small numbers, powers of two and repeated arguments.
func testTuples(b *cbox) [][]uint64 {
	h := fnv.New64a()
	h.Write([]byte(b.name))
	rng := rand.New(rand.NewPCG(h.Sum64(), 2022))
	n := len(b.params)
	widths := make([]int, n)
	edges := make([][]uint64, n)
	for i, s := range b.params {
		widths[i] = sortBits(s)
		edges[i] = edgeValues(widths[i])
	}
	var out [][]uint64
	total := 0
	for _, w := range widths {
		total += w
	}
	if total <= exhaustiveBits {
		for i := uint64(0); i < 1<<total; i++ {
			args := make([]uint64, n)
			v := i
			for j, w := range widths {
				args[j] = v & mask(w)
				v >>= w
			}
			out = append(out, args)
		}
		return out
	}
	if n <= 3 {
		var rec func(i int, cur []uint64)
		rec = func(i int, cur []uint64) {
			if i == n {
				out = append(out, append([]uint64(nil), cur...))
				return
			}
			for _, v := range edges[i] {
				rec(i+1, append(cur, v))
			}
		}
		rec(0, nil)
	} else {
		for range 512 {
			args := make([]uint64, n)
			for i := range args {
				args[i] = edges[i][rng.IntN(len(edges[i]))]
			}
			out = append(out, args)
		}
	}
	for range randomTuples {
		args := make([]uint64, n)
		for i := range args {
			args[i] = randomValue(rng, widths[i], edges[i], args[:i], widths[:i])
		}
		out = append(out, args)
	}
	return out
}

func randomValue(rng *rand.Rand, w int, edges []uint64, prev []uint64, prevW []int) uint64 {
	m := mask(w)
	switch rng.IntN(10) {
	case 0, 1, 2:
		return rng.Uint64() & m
	case 3, 4, 5:
		var v uint64
		for i := 0; i < w; i += 8 {
			v |= uint64(randomByte(rng)) << i
		}
		return v & m
	case 6:
		return uint64(rng.IntN(70)) & m
	case 7:
		return edges[rng.IntN(len(edges))]
	case 8:
		p := uint64(1) << rng.IntN(w)
		return (p + uint64(rng.IntN(3)) - 1) & m
	default:
		for i := len(prev) - 1; i >= 0; i-- {
			if prevW[i] == w {
				return prev[i]
			}
		}
		return rng.Uint64() & m
	}
}

func randomByte(rng *rand.Rand) byte {
	switch r := rng.IntN(100); {
	case r < 30:
		return '0' + byte(rng.IntN(10))
	case r < 40:
		return 0
	case r < 50:
		return 'a' + byte(rng.IntN(26))
	case r < 55:
		return 'A' + byte(rng.IntN(26))
	case r < 62:
		return "abcdefABCDEF"[rng.IntN(12)]
	case r < 68:
		return " \t\n-+x"[rng.IntN(6)]
	default:
		return byte(rng.Uint32())
	}
}
