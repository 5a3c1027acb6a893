package diver

import (
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"sort"
	"strings"

	"tandem/smt"
)

// theories says which operator pools the generator may use: the symbols
// the seed's logic declares, and the sorts that occur in the seed. Solvers
// enforce the logic (cvc5 1.0.3 and z3 4.8.12 answer `(error …)` for Int in
// QF_LRA, `-` in QF_S, bvadd in QF_FP, int.pow2 or x·y in a linear logic),
// so a mutant may only use what the logic has.
type theories struct {
	// ints and reals: the Int and Real sorts and their symbols (Int
	// declarations, div, mod, to_real, to_int, is_int) exist. In a
	// Real-only logic numerals are Int terms in tandem's store but Real in
	// the solver's, so Int targets there get numerals only.
	ints, reals bool
	// arith: the arithmetic symbols (+ - * < <= …) exist; false in QF_S
	// (which has Int terms such as str.len but no arithmetic) and in the
	// pure BV/FP logics.
	arith bool
	// nonlinear: * of two non-constants, div, mod, abs, int.pow2.
	nonlinear bool
	// linear: an arithmetic logic that rejects non-linear terms, so a
	// factor of * beside a non-constant and a divisor must stay ground.
	linear bool
	strs   bool
	// bv: bit-vector operators exist (QF_FP has bit-vector literals inside
	// fp triples, but z3 rejects bvadd there).
	bv       bool
	bvWidths []int
	fpSorts  []*smt.Sort
}

func theoriesOf(logic string, sorts []*smt.Sort) theories {
	var th theories
	l := strings.TrimPrefix(strings.ToUpper(logic), "QF_")
	all := l == "" || l == "ALL"
	if all {
		th.nonlinear = true
		th.bv = true
	} else {
		th.strs = l == "S" || strings.HasPrefix(l, "SLIA") || strings.HasPrefix(l, "SNIA") ||
			strings.Contains(l, "UFSLIA") || strings.Contains(l, "ASLIA")
		th.ints = strings.HasSuffix(l, "IA") || strings.HasSuffix(l, "IDL") || strings.HasSuffix(l, "IRA")
		th.reals = strings.HasSuffix(l, "RA") || strings.HasSuffix(l, "RDL")
		th.nonlinear = strings.HasSuffix(l, "NIA") || strings.HasSuffix(l, "NRA") || strings.HasSuffix(l, "NIRA")
		th.arith = th.ints || th.reals
		th.linear = th.arith && !th.nonlinear
		th.bv = strings.Contains(l, "BV")
	}
	seenW := map[int]bool{}
	seenF := map[*smt.Sort]bool{}
	for _, s := range sorts {
		switch s.Kind {
		case smt.KindInt:
			if all {
				th.ints = true
			}
		case smt.KindReal:
			if all {
				th.reals = true
			}
		case smt.KindString:
			th.strs = true
		case smt.KindBitVec:
			if !seenW[s.Width] {
				seenW[s.Width] = true
				th.bvWidths = append(th.bvWidths, s.Width)
			}
		case smt.KindFloat:
			if !seenF[s] {
				seenF[s] = true
				th.fpSorts = append(th.fpSorts, s)
			}
		}
	}
	if all {
		th.arith = true
		if th.strs {
			th.ints = true
		}
	}
	if !th.bv {
		th.bvWidths = nil
	}
	sort.Ints(th.bvWidths)
	sort.Slice(th.fpSorts, func(i, j int) bool { return th.fpSorts[i].ID() < th.fpSorts[j].ID() })
	return th
}

// Generator builds random well-sorted terms (paper §IV-B, the artifact's
// operator pools): pick an operator, a variable or a constant, expand top
// down, and at depth MaxDepth fill every open operand with a seed variable,
// a seed constant or a value from M.
type Generator struct {
	st     *smt.Store
	opt    *Options
	th     theories
	leaves map[*smt.Sort][]*smt.Term // seed variables, seed constants, values of M
	vars   map[*smt.Sort][]*smt.Term
	spec   func(op smt.Op) bool
	chars  []rune
	// ground: only literals as leaves (a factor of * or a divisor in a
	// linear logic; see groundOnly).
	ground bool
	// funcs are the seed's functions of arity > 0 by result sort
	// (useFuncs, funcApp)
	funcs map[*smt.Sort][]*smt.Func
}

// NewGenerator prepares a generator over the store st for a seed of the
// given logic. leaves are the seed's variables and constants and the values
// of M (as terms); accept says whether the solver under test accepts a
// solver-specific operator (nil: none is used).
func NewGenerator(st *smt.Store, opt *Options, logic string, vars, consts []*smt.Term, accept func(smt.Op) bool) *Generator {
	g := &Generator{st: st, opt: opt, leaves: map[*smt.Sort][]*smt.Term{}, vars: map[*smt.Sort][]*smt.Term{},
		spec: accept}
	var sorts []*smt.Sort
	seen := map[*smt.Term]bool{}
	for _, v := range vars {
		if !seen[v] {
			seen[v] = true
			g.vars[v.Sort()] = append(g.vars[v.Sort()], v)
			g.leaves[v.Sort()] = append(g.leaves[v.Sort()], v)
			sorts = append(sorts, v.Sort())
		}
	}
	chars := map[rune]bool{'a': true, 'b': true, '0': true, '1': true, '-': true}
	for _, c := range consts {
		if !seen[c] {
			seen[c] = true
			g.leaves[c.Sort()] = append(g.leaves[c.Sort()], c)
			sorts = append(sorts, c.Sort())
			if c.Kind() == smt.Literal && c.LiteralKind() == smt.LitString {
				for _, r := range c.Runes() {
					if len(chars) < 32 {
						chars[r] = true
					}
				}
			}
		}
	}
	for r := range chars {
		g.chars = append(g.chars, r)
	}
	sort.Slice(g.chars, func(i, j int) bool { return g.chars[i] < g.chars[j] })
	g.th = theoriesOf(logic, sorts)
	return g
}

func (g *Generator) specOK(op smt.Op) bool {
	return !g.opt.NoSpec && g.spec != nil && g.spec(op)
}

// Term returns a random term of sort s, or nil when the generator knows no
// term of that sort (an uninterpreted sort without seed terms).
func (g *Generator) Term(r *rand.Rand, s *smt.Sort) *smt.Term {
	return g.gen(r, s, 0)
}

// GroundTerm is a term without any variable of the seed. A numeric one is
// a numeral literal (n or a decimal, or with neg also (- n)): z3 4.8.12
// takes only those as a factor or divisor in a linear logic ("logic does
// not support nonlinear arithmetic" for (* (+ 1 2) x), (/ (- (- 15)) 42)
// or (/ x (ite true 1 2))), where cvc5 takes any ground term; with nonzero
// it is not 0 (a divisor: cvc5 calls (/ x 0.0) non-linear). A String is
// a string literal (cvc5 wants those in re.range).
func (g *Generator) GroundTerm(r *rand.Rand, s *smt.Sort, neg, nonzero bool) *smt.Term {
	g.ground = true
	defer func() { g.ground = false }()
	if s.IsNumeric() {
		R := g.opt.IntLiteralRange
		k := r.Int64N(R + 1)
		if nonzero && k == 0 {
			k = 1 + r.Int64N(R)
		}
		if neg && r.IntN(2) == 0 {
			k = -k
		}
		if s.Kind == smt.KindInt {
			return g.st.Int(k)
		}
		dens := []int64{1, 1, 2, 10}
		return g.st.Decimal(big.NewRat(k, dens[r.IntN(len(dens))]))
	}
	if s.Kind == smt.KindString {
		return g.literal(r, s)
	}
	return g.gen(r, s, 0)
}

// hasOps says whether the logic has operators building terms of sort s;
// without them a target of that sort gets a leaf (e.g. the bit-vector
// literals of an fp triple in QF_FP, numerals in QF_BV's indices).
func (g *Generator) hasOps(s *smt.Sort) bool {
	switch s.Kind {
	case smt.KindInt:
		return g.th.arith || g.th.strs
	case smt.KindReal:
		return g.th.reals
	case smt.KindString, smt.KindRegLan:
		return g.th.strs
	case smt.KindBitVec:
		return g.th.bv
	}
	return true
}

func (g *Generator) app(op smt.Op, idx []int, args ...*smt.Term) *smt.Term {
	return tryApply(g.st, op, idx, args...)
}

// tryApply is the application of op to args in st, or nil when an
// argument is nil or the store refuses it (a sort the operator does not
// take): generators try terms and drop what does not fit.
func tryApply(st *smt.Store, op smt.Op, idx []int, args ...*smt.Term) *smt.Term {
	for _, a := range args {
		if a == nil {
			return nil
		}
	}
	t, err := st.Apply(op, idx, args...)
	if err != nil {
		return nil
	}
	return t
}

func (g *Generator) gen(r *rand.Rand, s *smt.Sort, depth int) *smt.Term {
	if depth >= g.opt.MaxDepth {
		return g.leaf(r, s, true)
	}
	// A leaf about a third of the time below the root.
	if depth > 0 && r.IntN(3) == 0 {
		if t := g.leaf(r, s, false); t != nil {
			return t
		}
	}
	if t := g.funcApp(r, s, depth); t != nil {
		return t
	}
	if !g.hasOps(s) {
		return g.leaf(r, s, false)
	}
	var t *smt.Term
	for try := 0; try < 4 && t == nil; try++ {
		switch s.Kind {
		case smt.KindBool:
			t = g.genBool(r, depth)
		case smt.KindInt:
			t = g.genInt(r, depth)
		case smt.KindReal:
			t = g.genReal(r, depth)
		case smt.KindString:
			t = g.genString(r, depth)
		case smt.KindRegLan:
			t = g.genRegLan(r, depth)
		case smt.KindBitVec:
			t = g.genBV(r, s, depth)
		case smt.KindFloat:
			t = g.genFP(r, s, depth)
		default:
			try = 4
		}
	}
	if t == nil {
		t = g.leaf(r, s, false)
	}
	return t
}

func (g *Generator) args(r *rand.Rand, s *smt.Sort, depth, lo, hi int) []*smt.Term {
	n := lo + r.IntN(hi-lo+1)
	out := make([]*smt.Term, n)
	for i := range out {
		out[i] = g.gen(r, s, depth+1)
		if out[i] == nil {
			return nil
		}
	}
	return out
}

// atomSorts are the sorts = and distinct compare.
func (g *Generator) atomSorts() []*smt.Sort {
	ss := []*smt.Sort{smt.BoolSort()}
	if g.th.ints || g.th.strs {
		ss = append(ss, smt.IntSort())
	}
	if g.th.reals {
		ss = append(ss, smt.RealSort())
	}
	if g.th.strs {
		ss = append(ss, smt.StringSort())
	}
	for _, w := range g.th.bvWidths {
		ss = append(ss, smt.BitVecSort(w))
	}
	ss = append(ss, g.th.fpSorts...)
	return ss
}

func (g *Generator) genBool(r *rand.Rand, d int) *smt.Term {
	type prod func() *smt.Term
	ps := []prod{
		func() *smt.Term { return g.app(smt.OpNot, nil, g.gen(r, smt.BoolSort(), d+1)) },
		func() *smt.Term {
			ops := []smt.Op{smt.OpAnd, smt.OpOr, smt.OpImplies, smt.OpXor}
			return g.app(ops[r.IntN(len(ops))], nil, g.args(r, smt.BoolSort(), d, 2, 5)...)
		},
		func() *smt.Term {
			ss := g.atomSorts()
			s := ss[r.IntN(len(ss))]
			op := smt.OpEq
			if r.IntN(3) == 0 {
				op = smt.OpDistinct
			}
			return g.app(op, nil, g.args(r, s, d, 2, 2)...)
		},
	}
	if d > 0 {
		ps = append(ps, func() *smt.Term { return g.st.Bool(r.IntN(2) == 0) })
	}
	if g.th.arith && (g.th.ints || g.th.reals) {
		ps = append(ps, func() *smt.Term {
			s := g.numSort(r)
			ops := []smt.Op{smt.OpLt, smt.OpLe, smt.OpGe, smt.OpGt}
			return g.app(ops[r.IntN(4)], nil, g.args(r, s, d, 2, 2)...)
		})
	}
	if g.th.ints && g.th.reals {
		ps = append(ps, func() *smt.Term { return g.app(smt.OpIsInt, nil, g.gen(r, smt.RealSort(), d+1)) })
	}
	if g.th.strs {
		str := smt.StringSort()
		ps = append(ps, func() *smt.Term {
			switch r.IntN(7) {
			case 0:
				return g.app(smt.OpStrLt, nil, g.args(r, str, d, 2, 2)...)
			case 1:
				return g.app(smt.OpStrLe, nil, g.args(r, str, d, 2, 2)...)
			case 2:
				return g.app(smt.OpStrInRe, nil, g.gen(r, str, d+1), g.gen(r, smt.RegLanSort(), d+1))
			case 3:
				return g.app(smt.OpStrPrefixOf, nil, g.args(r, str, d, 2, 2)...)
			case 4:
				return g.app(smt.OpStrSuffixOf, nil, g.args(r, str, d, 2, 2)...)
			case 5:
				return g.app(smt.OpStrContains, nil, g.args(r, str, d, 2, 2)...)
			default:
				return g.app(smt.OpStrIsDigit, nil, g.gen(r, str, d+1))
			}
		})
	}
	if len(g.th.bvWidths) > 0 {
		ps = append(ps, func() *smt.Term {
			s := smt.BitVecSort(g.th.bvWidths[r.IntN(len(g.th.bvWidths))])
			ops := []smt.Op{smt.OpBVUlt, smt.OpBVUle, smt.OpBVUgt, smt.OpBVUge, smt.OpBVSlt, smt.OpBVSle, smt.OpBVSgt, smt.OpBVSge}
			return g.app(ops[r.IntN(len(ops))], nil, g.args(r, s, d, 2, 2)...)
		})
	}
	if len(g.th.fpSorts) > 0 {
		ps = append(ps, func() *smt.Term {
			s := g.th.fpSorts[r.IntN(len(g.th.fpSorts))]
			if r.IntN(2) == 0 {
				ops := []smt.Op{smt.OpFPLeq, smt.OpFPLt, smt.OpFPGeq, smt.OpFPGt, smt.OpFPEq}
				return g.app(ops[r.IntN(len(ops))], nil, g.args(r, s, d, 2, 2)...)
			}
			ops := []smt.Op{smt.OpFPIsNormal, smt.OpFPIsSubnormal, smt.OpFPIsZero, smt.OpFPIsInfinite, smt.OpFPIsNaN, smt.OpFPIsNegative, smt.OpFPIsPositive}
			return g.app(ops[r.IntN(len(ops))], nil, g.gen(r, s, d+1))
		})
	}
	return ps[r.IntN(len(ps))]()
}

func (g *Generator) numSort(r *rand.Rand) *smt.Sort {
	switch {
	case g.th.ints && g.th.reals:
		if r.IntN(2) == 0 {
			return smt.IntSort()
		}
		return smt.RealSort()
	case g.th.reals:
		return smt.RealSort()
	}
	return smt.IntSort()
}

func (g *Generator) genInt(r *rand.Rand, d int) *smt.Term {
	in := smt.IntSort()
	ops := []smt.Op{smt.OpIte}
	if g.th.arith {
		ops = append(ops, smt.OpAdd, smt.OpSub)
		if g.th.nonlinear {
			ops = append(ops, smt.OpMul, smt.OpAbs)
			if g.th.ints { // a Real-only logic has no div and mod
				ops = append(ops, smt.OpIntDiv, smt.OpMod)
			}
		}
	}
	if g.th.strs {
		ops = append(ops, smt.OpStrLen, smt.OpStrIndexOf, smt.OpStrToCode, smt.OpStrToInt)
		if g.specOK(smt.OpStrIndexOfRe) {
			ops = append(ops, smt.OpStrIndexOfRe)
		}
	}
	if g.th.ints && g.th.reals {
		ops = append(ops, smt.OpToInt)
	}
	if g.th.ints && g.th.nonlinear && g.specOK(smt.OpIntPow2) { // cvc5: "requires non-linear arithmetic"
		ops = append(ops, smt.OpIntPow2)
	}
	str := smt.StringSort()
	switch op := ops[r.IntN(len(ops))]; op {
	case smt.OpAdd, smt.OpSub:
		return g.app(op, nil, g.args(r, in, d, 2, 3)...)
	case smt.OpMul, smt.OpIntDiv, smt.OpMod:
		return g.app(op, nil, g.args(r, in, d, 2, 2)...)
	case smt.OpAbs, smt.OpIntPow2:
		return g.app(op, nil, g.gen(r, in, d+1))
	case smt.OpIte:
		return g.app(op, nil, g.gen(r, smt.BoolSort(), d+1), g.gen(r, in, d+1), g.gen(r, in, d+1))
	case smt.OpStrLen, smt.OpStrToCode, smt.OpStrToInt:
		return g.app(op, nil, g.gen(r, str, d+1))
	case smt.OpStrIndexOf:
		return g.app(op, nil, g.gen(r, str, d+1), g.gen(r, str, d+1), g.gen(r, in, d+1))
	case smt.OpStrIndexOfRe:
		return g.app(op, nil, g.gen(r, str, d+1), g.gen(r, smt.RegLanSort(), d+1), g.gen(r, in, d+1))
	case smt.OpToInt:
		return g.app(op, nil, g.gen(r, smt.RealSort(), d+1))
	}
	return nil
}

func (g *Generator) genReal(r *rand.Rand, d int) *smt.Term {
	re := smt.RealSort()
	ops := []smt.Op{smt.OpAdd, smt.OpSub, smt.OpIte}
	if g.th.nonlinear {
		// The artifact's pool has abs here too, but abs is an Ints symbol
		// that tandem's evaluator does not take on Real (every such
		// candidate was rejected as unsupported), so it is left out.
		ops = append(ops, smt.OpMul, smt.OpDiv)
	}
	if g.th.ints && g.th.reals {
		ops = append(ops, smt.OpToReal)
	}
	switch op := ops[r.IntN(len(ops))]; op {
	case smt.OpAdd, smt.OpSub:
		return g.app(op, nil, g.args(r, re, d, 2, 3)...)
	case smt.OpMul, smt.OpDiv:
		return g.app(op, nil, g.args(r, re, d, 2, 2)...)
	case smt.OpIte:
		return g.app(op, nil, g.gen(r, smt.BoolSort(), d+1), g.gen(r, re, d+1), g.gen(r, re, d+1))
	case smt.OpToReal:
		return g.app(op, nil, g.gen(r, smt.IntSort(), d+1))
	}
	return nil
}

func (g *Generator) genString(r *rand.Rand, d int) *smt.Term {
	str, in := smt.StringSort(), smt.IntSort()
	ops := []smt.Op{smt.OpStrConcat, smt.OpStrAt, smt.OpStrSubstr, smt.OpStrReplace, smt.OpStrFromCode, smt.OpStrFromInt, smt.OpIte}
	for _, op := range []smt.Op{smt.OpStrUpdate, smt.OpStrRev, smt.OpStrToLower, smt.OpStrToUpper, smt.OpStrReplaceAll, smt.OpStrReplaceRe, smt.OpStrReplaceReAll} {
		if g.specOK(op) {
			ops = append(ops, op)
		}
	}
	switch op := ops[r.IntN(len(ops))]; op {
	case smt.OpStrConcat:
		return g.app(op, nil, g.args(r, str, d, 2, 3)...)
	case smt.OpStrAt:
		return g.app(op, nil, g.gen(r, str, d+1), g.gen(r, in, d+1))
	case smt.OpStrSubstr:
		return g.app(op, nil, g.gen(r, str, d+1), g.gen(r, in, d+1), g.gen(r, in, d+1))
	case smt.OpStrReplace, smt.OpStrReplaceAll:
		return g.app(op, nil, g.args(r, str, d, 3, 3)...)
	case smt.OpStrReplaceRe, smt.OpStrReplaceReAll:
		return g.app(op, nil, g.gen(r, str, d+1), g.gen(r, smt.RegLanSort(), d+1), g.gen(r, str, d+1))
	case smt.OpStrFromCode, smt.OpStrFromInt:
		return g.app(op, nil, g.gen(r, in, d+1))
	case smt.OpIte:
		return g.app(op, nil, g.gen(r, smt.BoolSort(), d+1), g.gen(r, str, d+1), g.gen(r, str, d+1))
	case smt.OpStrUpdate:
		return g.app(op, nil, g.gen(r, str, d+1), g.gen(r, in, d+1), g.gen(r, str, d+1))
	case smt.OpStrRev, smt.OpStrToLower, smt.OpStrToUpper:
		return g.app(op, nil, g.gen(r, str, d+1))
	}
	return nil
}

const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

func (g *Generator) genRegLan(r *rand.Rand, d int) *smt.Term {
	rl := smt.RegLanSort()
	n := 13
	if g.specOK(smt.OpIte) {
		n = 14 // ite over RegLan (z3)
	}
	switch r.IntN(n) {
	case 0:
		return g.app(smt.OpStrToRe, nil, g.gen(r, smt.StringSort(), d+1))
	case 1:
		return g.app(smt.OpReNone, nil)
	case 2:
		return g.app(smt.OpReAll, nil)
	case 3:
		return g.app(smt.OpReAllChar, nil)
	case 4:
		return g.app(smt.OpReConcat, nil, g.args(r, rl, d, 2, 3)...)
	case 5:
		return g.app(smt.OpReUnion, nil, g.args(r, rl, d, 2, 3)...)
	case 6:
		return g.app(smt.OpReInter, nil, g.args(r, rl, d, 2, 3)...)
	case 7:
		return g.app(smt.OpReStar, nil, g.gen(r, rl, d+1))
	case 8:
		return g.app(smt.OpReComp, nil, g.gen(r, rl, d+1))
	case 9:
		return g.app(smt.OpReDiff, nil, g.args(r, rl, d, 2, 2)...)
	case 10:
		return g.app(smt.OpRePlus, nil, g.gen(r, rl, d+1))
	case 11:
		return g.app(smt.OpReOpt, nil, g.gen(r, rl, d+1))
	case 12:
		a, b := alnum[r.IntN(len(alnum))], alnum[r.IntN(len(alnum))]
		if a > b {
			a, b = b, a
		}
		sa, _ := g.st.String([]rune{rune(a)})
		sb, _ := g.st.String([]rune{rune(b)})
		return g.app(smt.OpReRange, nil, sa, sb)
	default:
		return g.app(smt.OpIte, nil, g.gen(r, smt.BoolSort(), d+1), g.gen(r, rl, d+1), g.gen(r, rl, d+1))
	}
}

func (g *Generator) genBV(r *rand.Rand, s *smt.Sort, d int) *smt.Term {
	ops := []smt.Op{smt.OpBVAdd, smt.OpBVSub, smt.OpBVMul, smt.OpBVAnd, smt.OpBVOr, smt.OpBVXor, smt.OpBVNot, smt.OpBVNeg,
		smt.OpBVShl, smt.OpBVLshr, smt.OpBVAshr, smt.OpBVUdiv, smt.OpBVUrem, smt.OpBVSdiv, smt.OpBVSrem, smt.OpBVSmod, smt.OpIte}
	switch op := ops[r.IntN(len(ops))]; op {
	case smt.OpBVNot, smt.OpBVNeg:
		return g.app(op, nil, g.gen(r, s, d+1))
	case smt.OpIte:
		return g.app(op, nil, g.gen(r, smt.BoolSort(), d+1), g.gen(r, s, d+1), g.gen(r, s, d+1))
	default:
		return g.app(op, nil, g.args(r, s, d, 2, 2)...)
	}
}

func (g *Generator) rm(r *rand.Rand) *smt.Term {
	ops := []smt.Op{smt.OpRNE, smt.OpRNA, smt.OpRTP, smt.OpRTN, smt.OpRTZ}
	return g.app(ops[r.IntN(len(ops))], nil)
}

func (g *Generator) genFP(r *rand.Rand, s *smt.Sort, d int) *smt.Term {
	switch r.IntN(9) {
	case 0:
		return g.app(smt.OpFPAbs, nil, g.gen(r, s, d+1))
	case 1:
		return g.app(smt.OpFPNeg, nil, g.gen(r, s, d+1))
	case 2:
		ops := []smt.Op{smt.OpFPAdd, smt.OpFPSub, smt.OpFPMul, smt.OpFPDiv}
		return g.app(ops[r.IntN(4)], nil, g.rm(r), g.gen(r, s, d+1), g.gen(r, s, d+1))
	case 3:
		return g.app(smt.OpFPSqrt, nil, g.rm(r), g.gen(r, s, d+1))
	case 4:
		return g.app(smt.OpFPRoundToIntegral, nil, g.rm(r), g.gen(r, s, d+1))
	case 5:
		ops := []smt.Op{smt.OpFPMin, smt.OpFPMax, smt.OpFPRem}
		return g.app(ops[r.IntN(3)], nil, g.args(r, s, d, 2, 2)...)
	case 6:
		return g.app(smt.OpFPFma, nil, g.rm(r), g.gen(r, s, d+1), g.gen(r, s, d+1), g.gen(r, s, d+1))
	case 7:
		return g.app(smt.OpIte, nil, g.gen(r, smt.BoolSort(), d+1), g.gen(r, s, d+1), g.gen(r, s, d+1))
	default:
		return g.leaf(r, s, false)
	}
}

// leaf is a seed variable, a seed constant or value of M, or a random
// literal; numeric leaves are negated with probability NegateLeafProb.
func (g *Generator) leaf(r *rand.Rand, s *smt.Sort, fromSeedOnly bool) *smt.Term {
	var t *smt.Term
	known := g.leaves[s]
	if g.ground {
		known = nil
	}
	if len(known) > 0 && (fromSeedOnly || r.IntN(3) != 0) {
		// Prefer variables: they are what a mutation should connect.
		if vs := g.vars[s]; len(vs) > 0 && r.IntN(2) == 0 {
			t = vs[r.IntN(len(vs))]
		} else {
			t = known[r.IntN(len(known))]
		}
	} else {
		t = g.literal(r, s)
		if t == nil && len(known) > 0 {
			t = known[r.IntN(len(known))]
		}
	}
	if t != nil && s.IsNumeric() && g.th.arith && r.Float64() < g.opt.NegateLeafProb {
		if n := g.app(smt.OpNeg, nil, t); n != nil {
			t = n
		}
	}
	return t
}

func (g *Generator) literal(r *rand.Rand, s *smt.Sort) *smt.Term {
	R := g.opt.IntLiteralRange
	switch s.Kind {
	case smt.KindBool:
		return g.st.Bool(r.IntN(2) == 0)
	case smt.KindInt:
		if !g.th.arith { // QF_S: no (- n)
			return g.st.Int(r.Int64N(R + 1))
		}
		return g.st.Int(r.Int64N(2*R+1) - R)
	case smt.KindReal:
		dens := []int64{1, 1, 2, 10}
		if !g.th.arith {
			return g.st.Decimal(big.NewRat(r.Int64N(R+1), dens[r.IntN(len(dens))]))
		}
		return g.st.Decimal(big.NewRat(r.Int64N(2*R+1)-R, dens[r.IntN(len(dens))]))
	case smt.KindString:
		n := r.IntN(4)
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = g.chars[r.IntN(len(g.chars))]
		}
		t, _ := g.st.String(rs)
		return t
	case smt.KindRegLan:
		return g.app(smt.OpStrToRe, nil, g.literal(r, smt.StringSort()))
	case smt.KindBitVec:
		var v *big.Int
		switch r.IntN(4) {
		case 0:
			v = big.NewInt(int64(r.IntN(3)))
		case 1:
			v = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(s.Width)), big.NewInt(1))
		default:
			v = randBig(r, new(big.Int).Lsh(big.NewInt(1), uint(s.Width)))
		}
		t, _ := g.st.BV(v, s.Width)
		return t
	case smt.KindFloat:
		bits := randBig(r, new(big.Int).Lsh(big.NewInt(1), uint(s.EB+s.SB)))
		t, err := g.st.ValueTerm(smt.NewFPValue(s.EB, s.SB, bits))
		if err != nil {
			return nil
		}
		return t
	case smt.KindRoundingMode:
		return g.rm(r)
	}
	return nil
}

// randSource adapts *rand.Rand (v2) to the math/rand Source big.Int.Rand
// wants, so every random choice stays on the iteration's generator.
type randSource struct{ r *rand.Rand }

func (s randSource) Int63() int64 { return s.r.Int64() }
func (s randSource) Seed(int64)   {}

// randBig is uniform in [0, n) from r.
func randBig(r *rand.Rand, n *big.Int) *big.Int {
	return new(big.Int).Rand(mrand.New(randSource{r}), n)
}
