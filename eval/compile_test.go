package eval_test

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/smt"
)

// agree compiles t, runs it on random inputs, and compares with the
// interpreter. It reports false when t does not compile.
func agree(t *testing.T, st *smt.Store, x *smt.Term, r *rand.Rand, runs int) bool {
	t.Helper()
	p, err := eval.Compile(x)
	if err != nil {
		if !errors.Is(err, eval.ErrNotCompilable) {
			t.Fatalf("compile %s: %v", x, err)
		}
		return false
	}
	m := p.NewMachine(nil)
	in := make([]uint64, len(p.Inputs()))
	model := eval.NewModel()
	ev := eval.New(model)
	for k := 0; k < runs; k++ {
		for i, f := range p.Inputs() {
			w := 1
			if f.Result.Kind == smt.KindBitVec {
				w = f.Result.Width
			}
			v := r.Uint64()
			switch r.IntN(4) {
			case 0:
				v = 0
			case 1:
				v = ^uint64(0)
			case 2:
				v = 1 << (w - 1)
			}
			if w < 64 {
				v &= 1<<w - 1
			}
			in[i] = v
			if f.Result.Kind == smt.KindBool {
				model.SetConst(f, smt.BoolValue(v == 1))
			} else {
				model.SetConst(f, smt.BVValue{W: w, V: new(big.Int).SetUint64(v)})
			}
		}
		ev.Reset()
		want, err := ev.Eval(x)
		if err != nil {
			t.Fatalf("interpret %s: %v", x, err)
		}
		if err := m.Run(in); err != nil {
			t.Fatal(err)
		}
		var got uint64
		if len(p.Roots()) == 1 {
			got = m.Value(0)
		} else {
			got = b2u(m.Holds())
		}
		var w uint64
		switch v := want.(type) {
		case smt.BoolValue:
			w = b2u(bool(v))
			if (m.TotalDistance() == 0) != bool(v) {
				t.Fatalf("%s: distance %d but value %v (inputs %v)", x, m.TotalDistance(), v, in)
			}
			if d := m.Depth(); (d == len(p.Roots())) != bool(v) {
				t.Fatalf("%s: depth %d of %d but value %v", x, d, len(p.Roots()), v)
			}
		case smt.BVValue:
			w = v.V.Uint64()
		default:
			t.Fatalf("%s: interpreter gave %v", x, want)
		}
		if got != w {
			t.Fatalf("%s on inputs %v: compiled %#x, interpreted %#x", x, in, got, w)
		}
	}
	return true
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func bvVars(st *smt.Store, widths []int) []*smt.Term {
	var vs []*smt.Term
	for i, w := range widths {
		vs = append(vs, st.Const(st.NewFunc("v"+string(rune('a'+i)), smt.FuncDeclared, nil, smt.BitVecSort(w))))
	}
	vs = append(vs, st.Const(st.NewFunc("p", smt.FuncDeclared, nil, smt.BoolSort())))
	return vs
}

func TestCompiledAgreesWithInterpreter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	st := smt.NewStore()
	widths := []int{1, 3, 8, 16, 31, 32, 33, 63, 64}
	g := &evaltest.Gen{St: st, R: r, MaxDepth: 5, BVWidths: widths, Vars: bvVars(st, widths)}
	n := 3000
	if testing.Short() {
		n = 300
	}
	compiled := 0
	for i := 0; i < n; i++ {
		s := g.Sort()
		if agree(t, st, g.Term(s, 1+r.IntN(5)), r, 20) {
			compiled++
		}
	}
	t.Logf("%d of %d random terms compiled and agreed on 20 inputs each", compiled, n)
	if compiled < n/2 {
		t.Errorf("only %d of %d terms compiled", compiled, n)
	}
}

type doubler struct{}

func (doubler) Call(f *smt.Func, args []uint64) (uint64, error) { return args[0] * 2, nil }

func TestDepthDistanceAndCalls(t *testing.T) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.BitVecSort(8)))
	f := st.NewFunc("f", smt.FuncClosedBox, []*smt.Sort{smt.BitVecSort(8)}, smt.BitVecSort(8))
	fx, _ := st.ApplyFunc(f, []*smt.Term{x})
	c1 := st.MustApply(smt.OpBVUlt, nil, x, st.BVUint64(10, 8))
	c2 := st.MustApply(smt.OpEq, nil, fx, st.BVUint64(12, 8))
	c3 := st.MustApply(smt.OpNot, nil, st.MustApply(smt.OpBVSge, nil, x, st.BVUint64(0, 8)))
	p, err := eval.Compile(st.MustApply(smt.OpAnd, nil, c1, c2), c3)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Roots()) != 3 {
		t.Fatalf("roots %d, want 3 (and flattened)", len(p.Roots()))
	}
	m := p.NewMachine(doubler{})
	for _, c := range []struct {
		x          uint64
		depth      int
		d0, d1, d2 uint64
	}{
		{6, 2, 0, 0, 1},     // x<10 ok, 2x=12 ok, x<0 signed fails: 6 - (-1)... distance of slt(6,0)=6-0+1 in biased order
		{20, 0, 11, 28, 21}, // 20-10+1, |40-12|, 20-0+1
		{0x80, 0, 0x77, 12, 0},
	} {
		if err := m.Run([]uint64{c.x}); err != nil {
			t.Fatal(err)
		}
		if c.x == 6 {
			c.d2 = 7
		}
		if d := m.Depth(); d != c.depth {
			t.Errorf("x=%d: depth %d, want %d", c.x, d, c.depth)
		}
		for i, want := range []uint64{c.d0, c.d1, c.d2} {
			if got := m.Distance(i); got != want {
				t.Errorf("x=%d: distance of root %d = %d, want %d", c.x, i, got, want)
			}
		}
	}
}

func TestCompileRejectsWide(t *testing.T) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.BitVecSort(65)))
	_, err := eval.Compile(st.MustApply(smt.OpEq, nil, x, x))
	if !errors.Is(err, eval.ErrNotCompilable) {
		t.Fatalf("65-bit: err = %v", err)
	}
	c := eval.NewChecker([]*smt.Term{st.MustApply(smt.OpEq, nil, x, x)}, nil)
	if c.Compiled() {
		t.Fatal("checker compiled a 65-bit term")
	}
	m := eval.NewModel()
	m.SetConst(x.Func(), smt.NewBVValue(big.NewInt(3), 65))
	ok, u, err := c.Holds(m)
	if err != nil || !ok || u != nil {
		t.Fatalf("Holds = %v %v %v", ok, u, err)
	}
}

func BenchmarkCompiledSmall(b *testing.B) {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.BitVecSort(32)))
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.BitVecSort(32)))
	t1 := st.MustApply(smt.OpBVUlt, nil, st.MustApply(smt.OpBVAdd, nil, x, y), st.BVUint64(1000, 32))
	t2 := st.MustApply(smt.OpEq, nil, st.MustApply(smt.OpBVMul, nil, x, st.BVUint64(3, 32)), y)
	p, _ := eval.Compile(t1, t2)
	m := p.NewMachine(nil)
	in := []uint64{5, 15}
	b.ReportAllocs()
	for b.Loop() {
		m.Run(in)
		_ = m.Depth()
	}
}

// subtractor computes g(a, b) = a - b on 8 bits.
type subtractor struct{}

func (subtractor) Call(f *smt.Func, args []uint64) (uint64, error) {
	if len(args) != 2 {
		return 0, fmt.Errorf("%s: %d arguments", f.Name, len(args))
	}
	return (args[0] - args[1]) & 0xff, nil
}

// Nested calls, g(g(x, 1), y): each call gets exactly its own arguments
// (the outer one once got the inner one's too).
func TestNestedCalls(t *testing.T) {
	st := smt.NewStore()
	bv8 := smt.BitVecSort(8)
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, bv8))
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, bv8))
	g := st.NewFunc("g", smt.FuncClosedBox, []*smt.Sort{bv8, bv8}, bv8)
	inner, _ := st.ApplyFunc(g, []*smt.Term{x, st.BVUint64(1, 8)})
	outer, _ := st.ApplyFunc(g, []*smt.Term{inner, y})
	p, err := eval.Compile(st.MustApply(smt.OpEq, nil, outer, st.BVUint64(5, 8)))
	if err != nil {
		t.Fatal(err)
	}
	m := p.NewMachine(subtractor{})
	in := make([]uint64, 2)
	in[p.InputIndex(x.Func())], in[p.InputIndex(y.Func())] = 10, 4
	if err := m.Run(in); err != nil {
		t.Fatal(err)
	}
	if !m.Holds() {
		t.Fatalf("(10-1)-4 = 5 does not hold")
	}
}
