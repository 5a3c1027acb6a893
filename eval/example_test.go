package eval_test

import (
	"fmt"
	"math/big"

	"tandem/eval"
	"tandem/smt"
)

// Evaluate a term exactly, see an undefined value with its culprit, and
// run the same kind of constraint compiled, with the depth and distance a
// fuzzing solver climbs.
func Example() {
	st := smt.NewStore()
	x := st.Const(st.NewFunc("x", smt.FuncDeclared, nil, smt.IntSort()))
	m := eval.NewModel()
	m.SetConst(x.Func(), smt.IntValue{V: big.NewInt(-7)})
	ev := eval.New(m)

	v, _ := ev.Eval(st.MustApply(smt.OpIntDiv, nil, x, st.Int(2)))
	fmt.Println("(div x 2) =", v) // Euclidean: -7 = 2*(-4) + 1

	u, _ := ev.Eval(st.MustApply(smt.OpMod, nil, x, st.Int(0)))
	fmt.Println("(mod x 0) =", u)

	// Compiled: two conjuncts over a 16-bit input.
	y := st.Const(st.NewFunc("y", smt.FuncDeclared, nil, smt.BitVecSort(16)))
	c1 := st.MustApply(smt.OpBVUgt, nil, y, st.BVUint64(100, 16))
	c2 := st.MustApply(smt.OpEq, nil, st.MustApply(smt.OpBVAnd, nil, y, st.BVUint64(0xff, 16)), st.BVUint64(0x42, 16))
	p, _ := eval.Compile(st.MustApply(smt.OpAnd, nil, c1, c2))
	mach := p.NewMachine(nil)
	for _, in := range []uint64{7, 0x140, 0x142} {
		mach.Run([]uint64{in})
		fmt.Printf("y=%#x depth=%d distances=%d,%d\n", in, mach.Depth(), mach.Distance(0), mach.Distance(1))
	}
	// Output:
	// (div x 2) = (- 4)
	// (mod x 0) = undefined (integer mod by zero) at (mod x 0)
	// y=0x7 depth=0 distances=94,59
	// y=0x140 depth=1 distances=0,2
	// y=0x142 depth=2 distances=0,0
}
