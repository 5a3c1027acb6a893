// Package evaltest generates random terms for testing package eval against
// itself (interpreter against compiled program) and against external
// solvers (get-value), and reads the solvers' answers. It is test support,
// shared by eval's tests and the bench/evaldiff command.
package evaltest

import (
	"math/big"
	"math/rand/v2"

	"tandem/smt"
)

// Gen builds random well-sorted terms. Leaves are edge values (0, ±1,
// extremes, powers of two) or random literals, or (when Vars is set) the
// given variables. Every choice comes from R.
type Gen struct {
	St *smt.Store
	R  *rand.Rand
	// MaxDepth bounds the depth of generated terms (leaves have depth 0).
	MaxDepth int
	// BVWidths are the widths bit-vector subterms may take.
	BVWidths []int
	// Ints, Reals and Arrays enable those sorts in subterms.
	Ints, Reals, Arrays bool
	// Mixed allows Int arguments where Reals are expected (z3 accepts it).
	Mixed bool
	// Vars are leaves to use besides literals (for non-ground terms).
	Vars []*smt.Term
	// NoDivZero avoids literal zero divisors (the value then rarely
	// depends on the unspecified division by zero).
	NoDivZero bool
	// Divisible enables ((_ divisible n) x), which z3 4.8 does not parse.
	Divisible bool
}

func (g *Gen) n(k int) int { return g.R.IntN(k) }

// Sort picks a random sort among the enabled ones (Bool included).
func (g *Gen) Sort() *smt.Sort {
	for {
		switch g.n(4) {
		case 0:
			return smt.BoolSort()
		case 1:
			if g.Ints {
				return smt.IntSort()
			}
		case 2:
			if g.Reals {
				return smt.RealSort()
			}
		case 3:
			if len(g.BVWidths) > 0 {
				return smt.BitVecSort(g.BVWidths[g.n(len(g.BVWidths))])
			}
		}
	}
}

func (g *Gen) arraySort() *smt.Sort {
	switch g.n(3) {
	case 0:
		if g.Ints {
			return smt.ArraySort(smt.IntSort(), smt.IntSort())
		}
	case 1:
		if len(g.BVWidths) > 0 {
			return smt.ArraySort(smt.BitVecSort(2), smt.BitVecSort(8))
		}
	}
	return smt.ArraySort(smt.BoolSort(), smt.BoolSort())
}

// Term is a random term of sort s and depth at most depth.
func (g *Gen) Term(s *smt.Sort, depth int) *smt.Term {
	if depth <= 0 || g.n(8) == 0 {
		return g.leaf(s)
	}
	for try := 0; try < 20; try++ {
		var t *smt.Term
		switch s.Kind {
		case smt.KindBool:
			t = g.boolTerm(depth)
		case smt.KindInt:
			t = g.intTerm(depth)
		case smt.KindReal:
			t = g.realTerm(depth)
		case smt.KindBitVec:
			t = g.bvTerm(s.Width, depth)
		case smt.KindArray:
			t = g.arrayTerm(s, depth)
		}
		if t != nil {
			return t
		}
	}
	return g.leaf(s)
}

func (g *Gen) ap(op smt.Op, idx []int, args ...*smt.Term) *smt.Term {
	t, err := g.St.Apply(op, idx, args...)
	if err != nil {
		return nil
	}
	return t
}

func (g *Gen) leaf(s *smt.Sort) *smt.Term {
	if len(g.Vars) > 0 && g.n(3) > 0 {
		var fit []*smt.Term
		for _, v := range g.Vars {
			if v.Sort() == s {
				fit = append(fit, v)
			}
		}
		if len(fit) > 0 {
			return fit[g.n(len(fit))]
		}
	}
	switch s.Kind {
	case smt.KindBool:
		return g.St.Bool(g.n(2) == 0)
	case smt.KindInt:
		return g.St.Numeral(g.intEdge())
	case smt.KindReal:
		a := g.intEdge()
		b := g.intEdge()
		if b.Sign() == 0 || g.n(3) == 0 {
			b = big.NewInt(int64(1 + g.n(10)))
		}
		return g.St.Decimal(new(big.Rat).SetFrac(a, new(big.Int).Abs(b)))
	case smt.KindBitVec:
		t, _ := g.St.BV(g.bvEdge(s.Width), s.Width)
		return t
	case smt.KindArray:
		t, _ := g.St.ConstArray(s, g.leaf(s.Elem()))
		return t
	}
	return nil
}

var intEdges = []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 10, 255, 256, -128, 1 << 31, -(1 << 31), 1<<63 - 1, -1 << 63}

func (g *Gen) intEdge() *big.Int {
	switch g.n(4) {
	case 0:
		return big.NewInt(int64(g.n(21) - 10))
	case 1:
		v := new(big.Int).Lsh(big.NewInt(1), uint(g.n(70)))
		if g.n(2) == 0 {
			v.Neg(v)
		}
		if g.n(2) == 0 {
			v.Add(v, big.NewInt(int64(g.n(3)-1)))
		}
		return v
	}
	return big.NewInt(intEdges[g.n(len(intEdges))])
}

func (g *Gen) bvEdge(w int) *big.Int {
	one := big.NewInt(1)
	full := new(big.Int).Lsh(one, uint(w))
	switch g.n(7) {
	case 0:
		return new(big.Int)
	case 1:
		return big.NewInt(1)
	case 2:
		return new(big.Int).Sub(full, one) // all ones, -1
	case 3:
		return new(big.Int).Lsh(one, uint(w-1)) // signed min
	case 4:
		return new(big.Int).Sub(new(big.Int).Lsh(one, uint(w-1)), one) // signed max
	case 5:
		return new(big.Int).Lsh(one, uint(g.n(w)))
	}
	v := new(big.Int)
	for k := 0; k < w/32+2; k++ {
		v.Lsh(v, 32).Or(v, big.NewInt(int64(g.R.Uint32())))
	}
	return v.Mod(v, full)
}

func (g *Gen) args(s *smt.Sort, depth, k int) []*smt.Term {
	out := make([]*smt.Term, k)
	for i := range out {
		out[i] = g.Term(s, depth-1)
	}
	return out
}

func (g *Gen) numSort() *smt.Sort {
	if g.Ints && (!g.Reals || g.n(2) == 0) {
		return smt.IntSort()
	}
	if g.Reals {
		return smt.RealSort()
	}
	return nil
}

func (g *Gen) boolTerm(d int) *smt.Term {
	B := smt.BoolSort()
	switch g.n(12) {
	case 0:
		return g.ap(smt.OpNot, nil, g.Term(B, d-1))
	case 1:
		return g.ap([]smt.Op{smt.OpAnd, smt.OpOr, smt.OpXor, smt.OpImplies}[g.n(4)], nil, g.args(B, d, 2+g.n(2))...)
	case 2, 3:
		s := g.Sort()
		if g.Arrays && g.n(4) == 0 {
			s = g.arraySort()
		}
		op := smt.OpEq
		if g.n(3) == 0 {
			op = smt.OpDistinct
		}
		return g.ap(op, nil, g.args(s, d, 2+g.n(2))...)
	case 4:
		return g.ap(smt.OpIte, nil, g.Term(B, d-1), g.Term(B, d-1), g.Term(B, d-1))
	case 5, 6:
		s := g.numSort()
		if s == nil {
			return nil
		}
		op := []smt.Op{smt.OpLe, smt.OpLt, smt.OpGe, smt.OpGt}[g.n(4)]
		args := g.args(s, d, 2+g.n(2)/1)
		if g.Mixed && g.Ints && g.Reals && g.n(3) == 0 {
			args[g.n(len(args))] = g.Term(smt.IntSort(), d-1)
			args[g.n(len(args))] = g.Term(smt.RealSort(), d-1)
		}
		return g.ap(op, nil, args...)
	case 7, 8:
		if len(g.BVWidths) == 0 {
			return nil
		}
		w := g.BVWidths[g.n(len(g.BVWidths))]
		op := []smt.Op{smt.OpBVUlt, smt.OpBVUle, smt.OpBVUgt, smt.OpBVUge, smt.OpBVSlt, smt.OpBVSle, smt.OpBVSgt, smt.OpBVSge}[g.n(8)]
		return g.ap(op, nil, g.args(smt.BitVecSort(w), d, 2)...)
	case 9:
		if !g.Reals {
			return nil
		}
		return g.ap(smt.OpIsInt, nil, g.Term(smt.RealSort(), d-1))
	case 10:
		if !g.Arrays {
			return nil
		}
		a := g.Term(smt.ArraySort(B, B), d-1)
		return g.ap(smt.OpSelect, nil, a, g.Term(B, d-1))
	case 11:
		if !g.Ints || !g.Divisible {
			return nil
		}
		return g.ap(smt.OpDivisible, []int{1 + g.n(6)}, g.Term(smt.IntSort(), d-1))
	}
	return nil
}

func (g *Gen) divisor(s *smt.Sort, d int) *smt.Term {
	t := g.Term(s, d-1)
	if g.NoDivZero && t.IsValue() {
		for i := 0; i < 5 && isZero(t); i++ {
			t = g.leaf(s)
		}
	}
	return t
}

func isZero(t *smt.Term) bool {
	if t.Kind() != smt.Literal {
		return false
	}
	if t.LiteralKind() == smt.LitDecimal {
		return t.Rat().Sign() == 0
	}
	return t.BigInt() != nil && t.BigInt().Sign() == 0
}

func (g *Gen) intTerm(d int) *smt.Term {
	I := smt.IntSort()
	switch g.n(11) {
	case 0:
		return g.ap(smt.OpNeg, nil, g.Term(I, d-1))
	case 1, 2:
		op := []smt.Op{smt.OpAdd, smt.OpSub, smt.OpMul}[g.n(3)]
		return g.ap(op, nil, g.args(I, d, 2+g.n(2))...)
	case 3, 4:
		op := []smt.Op{smt.OpIntDiv, smt.OpMod}[g.n(2)]
		return g.ap(op, nil, g.Term(I, d-1), g.divisor(I, d))
	case 5:
		return g.ap(smt.OpAbs, nil, g.Term(I, d-1))
	case 6:
		return g.ap(smt.OpIte, nil, g.Term(smt.BoolSort(), d-1), g.Term(I, d-1), g.Term(I, d-1))
	case 7:
		if !g.Reals {
			return nil
		}
		return g.ap(smt.OpToInt, nil, g.Term(smt.RealSort(), d-1))
	case 8:
		if !g.Arrays {
			return nil
		}
		return g.ap(smt.OpSelect, nil, g.Term(smt.ArraySort(I, I), d-1), g.Term(I, d-1))
	case 9:
		if len(g.BVWidths) == 0 {
			return nil
		}
		w := g.BVWidths[g.n(len(g.BVWidths))]
		return g.ap(smt.OpBV2Nat, nil, g.Term(smt.BitVecSort(w), d-1))
	}
	return g.leaf(I)
}

func (g *Gen) realTerm(d int) *smt.Term {
	R := smt.RealSort()
	arg := func() *smt.Term {
		if g.Mixed && g.Ints && g.n(4) == 0 {
			return g.Term(smt.IntSort(), d-1)
		}
		return g.Term(R, d-1)
	}
	switch g.n(8) {
	case 0:
		return g.ap(smt.OpNeg, nil, g.Term(R, d-1))
	case 1, 2:
		op := []smt.Op{smt.OpAdd, smt.OpSub, smt.OpMul}[g.n(3)]
		args := []*smt.Term{arg(), arg()}
		if g.n(3) == 0 {
			args = append(args, arg())
		}
		return g.ap(op, nil, args...)
	case 3:
		return g.ap(smt.OpDiv, nil, arg(), g.divisor(R, d))
	case 4:
		if !g.Ints {
			return nil
		}
		return g.ap(smt.OpToReal, nil, g.Term(smt.IntSort(), d-1))
	case 5:
		return g.ap(smt.OpIte, nil, g.Term(smt.BoolSort(), d-1), g.Term(R, d-1), g.Term(R, d-1))
	}
	return g.leaf(R)
}

func (g *Gen) pickWidth(max int) int {
	var ok []int
	for _, w := range g.BVWidths {
		if w <= max {
			ok = append(ok, w)
		}
	}
	if len(ok) == 0 {
		return 0
	}
	return ok[g.n(len(ok))]
}

func (g *Gen) bvTerm(w, d int) *smt.Term {
	S := smt.BitVecSort(w)
	switch g.n(16) {
	case 0:
		return g.ap([]smt.Op{smt.OpBVNot, smt.OpBVNeg}[g.n(2)], nil, g.Term(S, d-1))
	case 1, 2:
		ops := []smt.Op{smt.OpBVAnd, smt.OpBVOr, smt.OpBVXor, smt.OpBVAdd, smt.OpBVSub, smt.OpBVMul}
		op := ops[g.n(len(ops))]
		k := 2
		if g.n(4) == 0 && op != smt.OpBVSub && op != smt.OpBVXor {
			k = 3 // n-ary bvsub and bvxor are z3 4.8 arity errors
		}
		return g.ap(op, nil, g.args(S, d, k)...)
	case 3:
		ops := []smt.Op{smt.OpBVNand, smt.OpBVNor, smt.OpBVXnor}
		return g.ap(ops[g.n(len(ops))], nil, g.args(S, d, 2)...)
	case 4, 5:
		ops := []smt.Op{smt.OpBVUdiv, smt.OpBVUrem, smt.OpBVSdiv, smt.OpBVSrem, smt.OpBVSmod}
		return g.ap(ops[g.n(len(ops))], nil, g.args(S, d, 2)...)
	case 6:
		ops := []smt.Op{smt.OpBVShl, smt.OpBVLshr, smt.OpBVAshr}
		amt := g.Term(S, d-1)
		if g.n(2) == 0 {
			amt = g.leafSmall(w)
		}
		return g.ap(ops[g.n(len(ops))], nil, g.Term(S, d-1), amt)
	case 7:
		return g.ap(smt.OpIte, nil, g.Term(smt.BoolSort(), d-1), g.Term(S, d-1), g.Term(S, d-1))
	case 8:
		// concat of two narrower pieces
		if w < 2 {
			return nil
		}
		a := 1 + g.n(w-1)
		return g.ap(smt.OpConcat, nil, g.Term(smt.BitVecSort(a), d-1), g.Term(smt.BitVecSort(w-a), d-1))
	case 9:
		src := g.pickWidth(200)
		if src < w {
			src = w + g.n(8)
		}
		j := g.n(src - w + 1)
		return g.ap(smt.OpExtract, []int{j + w - 1, j}, g.Term(smt.BitVecSort(src), d-1))
	case 10:
		src := 1 + g.n(w)
		op := []smt.Op{smt.OpZeroExtend, smt.OpSignExtend}[g.n(2)]
		return g.ap(op, []int{w - src}, g.Term(smt.BitVecSort(src), d-1))
	case 11:
		op := []smt.Op{smt.OpRotateLeft, smt.OpRotateRight}[g.n(2)]
		return g.ap(op, []int{g.n(2*w + 2)}, g.Term(S, d-1))
	case 12:
		// repeat: a divisor of w
		var ds []int
		for k := 1; k <= w; k++ {
			if w%k == 0 && k <= 64 {
				ds = append(ds, k)
			}
		}
		k := ds[g.n(len(ds))]
		return g.ap(smt.OpRepeat, []int{w / k}, g.Term(smt.BitVecSort(k), d-1))
	case 13:
		if w != 1 {
			return nil
		}
		s := smt.BitVecSort(g.BVWidths[g.n(len(g.BVWidths))])
		return g.ap(smt.OpBVComp, nil, g.Term(s, d-1), g.Term(s, d-1))
	case 14:
		if !g.Arrays || w != 8 {
			return nil
		}
		return g.ap(smt.OpSelect, nil, g.Term(smt.ArraySort(smt.BitVecSort(2), S), d-1), g.Term(smt.BitVecSort(2), d-1))
	}
	return g.leaf(S)
}

func (g *Gen) leafSmall(w int) *smt.Term {
	return g.St.BVUint64(uint64(g.n(w+2)), w)
}

func (g *Gen) arrayTerm(s *smt.Sort, d int) *smt.Term {
	switch g.n(3) {
	case 0:
		t, _ := g.St.ConstArray(s, g.Term(s.Elem(), d-1))
		return t
	case 1:
		return g.ap(smt.OpIte, nil, g.Term(smt.BoolSort(), d-1), g.Term(s, d-1), g.Term(s, d-1))
	}
	return g.ap(smt.OpStore, nil, g.Term(s, d-1), g.Term(s.Index(), d-1), g.Term(s.Elem(), d-1))
}
