package cbox_test

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"

	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// A Set with a Go box and a define-fun box, serving the compiled evaluator.
func Example() {
	sc, err := smtlib.Parse("ex.smt2", []byte(`
(declare-cb popcount ((_ BitVec 8)) (_ BitVec 8))
(define-fun twice ((x (_ BitVec 8))) (_ BitVec 8) (bvshl x #x01))
(declare-const x (_ BitVec 8))
(assert (= (popcount x) (twice #x02)))`))
	if err != nil {
		fmt.Println(err)
		return
	}
	var popcount, twice, x *smt.Func
	for _, c := range sc.Commands {
		for _, f := range c.Funcs {
			switch f.Name {
			case "popcount":
				popcount = f
			case "twice":
				twice = f
			case "x":
				x = f
			}
		}
	}
	set := cbox.NewSet(cbox.Options{})
	defer set.Close()
	set.Add(cbox.GoBits(popcount, func(a []uint64) (uint64, error) {
		return uint64(bits.OnesCount64(a[0])), nil
	}))
	tw, err := cbox.Define(twice)
	if err != nil {
		fmt.Println(err)
		return
	}
	set.Add(tw)

	v, _ := set.CallValues(twice, []smt.Value{smt.BVValue{W: 8, V: big.NewInt(5)}})
	fmt.Println("twice 5 =", v)

	// The compiled program calls the set for popcount: find an x with four
	// bits set.
	prog, err := eval.Compile(sc.Assertions()...)
	if err != nil {
		fmt.Println(err)
		return
	}
	m := prog.NewMachine(set)
	in := make([]uint64, len(prog.Inputs()))
	for v := uint64(0); v < 256; v++ {
		in[prog.InputIndex(x)] = v
		if err := m.Run(in); err == nil && m.Holds() {
			fmt.Printf("x = %#x\n", v)
			break
		}
	}
	st := set.Stats()
	fmt.Println(st.Calls, "calls,", st.Hits, "cache hits")
	// Output:
	// twice 5 = #x0a
	// x = 0xf
	// 17 calls, 0 cache hits
}

// Open with an exec box: a program that reads "NAME ARG..." lines and
// answers one value per line.
func ExampleOpen() {
	st := smt.NewStore()
	bv32 := smt.BitVecSort(32)
	f := st.NewFunc("mul", smt.FuncClosedBox, []*smt.Sort{bv32, bv32}, bv32)
	ctx := context.Background()
	b, err := cbox.Open(ctx, `exec:sh -c 'while read f a b; do echo $(( (a * b) & 0xffffffff )); done'`, f, cbox.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	x, err := b.(cbox.Bits).CallBits(ctx, []uint64{6, 7})
	fmt.Println(x, err)
	// Output: 42 <nil>
}
