package main

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

var generated = filepath.Join(testutil.RepoRoot(), "bench", "cb", "generated")

// TestGeneratedUpToDate: the committed files are what the generator writes
// with seed 1, and generating twice gives the same instances.
func TestGeneratedUpToDate(t *testing.T) {
	a, b := Generate(1), Generate(1)
	if len(a) != len(b) {
		t.Fatalf("two runs give %d and %d instances", len(a), len(b))
	}
	for i := range a {
		if a[i].Script("closed") != b[i].Script("closed") {
			t.Fatalf("%s: two runs differ", a[i].Name)
		}
	}
	for _, in := range a {
		for _, form := range []string{"closed", "transparent"} {
			p := filepath.Join(generated, form, in.Name+".smt2")
			got, err := smtlib.ReadFile(p, "formula", 0)
			if err != nil {
				t.Fatalf("%v: run go run ./bench/cb/cbgen", err)
			}
			if string(got) != in.Script(form) {
				t.Errorf("%s is not what cbgen -seed 1 writes: run go run ./bench/cb/cbgen", p)
			}
		}
	}
	for _, fam := range families() {
		p := filepath.Join(generated, "boxes", fam.Name+".c")
		got, err := smtlib.ReadFile(p, "C source", 0)
		if err != nil || string(got) != CFile(fam) {
			t.Errorf("%s is not what cbgen writes (%v): run go run ./bench/cb/cbgen", p, err)
		}
	}
}

// TestWitnesses: every instance the generator built as sat holds, with its
// witness, in the transparent version under tandem's evaluator; and every
// instance parses as tandem solve reads it.
func TestWitnesses(t *testing.T) {
	for _, in := range Generate(1) {
		if _, err := smtlib.Parse(in.Name+".smt2", []byte(in.Script("closed"))); err != nil {
			t.Errorf("%s: closed version: %v", in.Name, err)
		}
		sc, err := smtlib.Parse(in.Name+".smt2", []byte(in.Script("transparent")))
		if err != nil {
			t.Errorf("%s: transparent version: %v", in.Name, err)
			continue
		}
		if in.Intent != "sat" {
			continue
		}
		var m strings.Builder
		m.WriteString("(model\n")
		for i, c := range in.Consts {
			fmt.Fprintf(&m, "(define-fun %s () %s %s)\n", c, sortOf(in.Widths[i]), bv(in.Witness[i], in.Widths[i]))
		}
		m.WriteString(")")
		if why := holds(sc, m.String()); why != "" {
			t.Errorf("%s: the witness %v does not satisfy the transparent version: %s", in.Name, in.Witness, why)
		}
	}
}

func holds(sc *smtlib.Script, model string) string {
	sm, err := smtlib.ParseModel([]byte(model), sc)
	if err != nil {
		return err.Error()
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return err.Error()
	}
	ev := eval.New(m)
	ex := smt.NewExpander(sc.Store)
	for i, a := range sc.Assertions() {
		e, err := ex.Expand(a)
		if err != nil {
			return err.Error()
		}
		v, err := ev.Eval(e)
		if err != nil {
			return fmt.Sprintf("assertion %d: %v", i+1, err)
		}
		if v != smt.BoolValue(true) {
			return fmt.Sprintf("assertion %d is %v", i+1, v)
		}
	}
	return ""
}

// TestBoxesAgree closes the class of wrong labels from a box whose C code
// and define-fun differ: every box's three forms (the C function compiled
// to wasm as tandem solve runs it, the define-fun under tandem's evaluator,
// and the generator's Go function) agree on edge values, the box's own
// samples and random bits.
func TestBoxesAgree(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	testutil.RequireBinary(t, "wasm-ld")
	ctx := context.Background()
	n := 300
	if testing.Short() {
		n = 40
	}
	for _, fam := range families() {
		// The committed file (TestGeneratedUpToDate checks it is CFile's
		// text): a fixed path, so the compiled modules are cached.
		cfile := filepath.Join(generated, "boxes", fam.Name+".c")
		if src, err := smtlib.ReadFile(cfile, "C source", 0); err != nil || string(src) != CFile(fam) {
			t.Errorf("%s is not what cbgen writes: run go run ./bench/cb/cbgen", cfile)
			continue
		}
		seen := map[string]bool{}
		for _, tg := range fam.Targets {
			for _, box := range tg.Boxes {
				if seen[box.Name] {
					continue
				}
				seen[box.Name] = true
				checkBox(t, ctx, cfile, box, n)
			}
		}
	}
}

func checkBox(t *testing.T, ctx context.Context, cfile string, box *Box, n int) {
	t.Helper()
	sc, err := smtlib.Parse(box.Name+".smt2", []byte(box.DefineFun()+"\n"))
	if err != nil {
		t.Errorf("%s: the define-fun does not parse: %v", box.Name, err)
		return
	}
	var f *smt.Func
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdDefineFun {
			f = c.Funcs[0]
		}
	}
	def, err := cbox.Define(f)
	if err != nil {
		t.Errorf("%s: cbox.Define: %v", box.Name, err)
		return
	}
	csc, err := smtlib.Parse(box.Name+"_c.smt2", []byte(box.DeclareCB()+"\n"))
	if err != nil {
		t.Fatalf("%s: %v", box.Name, err)
	}
	cb, err := cbox.OpenC(ctx, cfile, box.Name, csc.Commands[0].Funcs[0], cbox.Options{CallTimeout: 5 * time.Second})
	if err != nil {
		t.Errorf("%s: compiling the C box: %v", box.Name, err)
		return
	}
	defer cb.Close()
	r := rand.New(rand.NewPCG(7, uint64(len(box.Name))))
	var tuples [][]uint64
	edges := []uint64{0, 1, 2, 0x30, 0x39, 0x2d, 0x7f, 0x80, 0xff, 0x3030303030303030, 0x8000000000000000, ^uint64(0)}
	for _, e := range edges {
		a := make([]uint64, len(box.Params))
		for i, w := range box.Params {
			a[i] = e & mask(w)
		}
		tuples = append(tuples, a)
	}
	for k := 0; k < n; k++ {
		if k%2 == 0 {
			tuples = append(tuples, box.Draw(r))
			continue
		}
		a := make([]uint64, len(box.Params))
		for i, w := range box.Params {
			a[i] = r.Uint64() & mask(w)
		}
		tuples = append(tuples, a)
	}
	bad := 0
	for _, a := range tuples {
		want := box.Eval(a) & mask(box.Result)
		vals := make([]smt.Value, len(a))
		for i, w := range box.Params {
			vals[i] = bitsValue(w, a[i])
		}
		gotDef, err := def.Call(ctx, vals)
		if err != nil {
			t.Errorf("%s%v: define-fun: %v", box.Name, a, err)
			return
		}
		gotC, err := cb.(cbox.Bits).CallBits(ctx, a)
		if err != nil {
			t.Errorf("%s%v: C: %v", box.Name, a, err)
			return
		}
		if d := valueUint(gotDef); d != want || gotC != want {
			t.Errorf("%s(%#x): Go %#x, define-fun %#x, C %#x", box.Name, a, want, d, gotC)
			if bad++; bad > 3 {
				return
			}
		}
	}
}

func bitsValue(w int, x uint64) smt.Value {
	return smt.BVValue{W: w, V: new(big.Int).SetUint64(x)}
}

func valueUint(v smt.Value) uint64 {
	if b, ok := v.(smt.BVValue); ok {
		return b.V.Uint64()
	}
	return ^uint64(0)
}
