package smt

import (
	"fmt"
	"strconv"
	"strings"
)

// Op is a theory operator of SMT-LIB 2.6 (or a solver-specific extension,
// see [OpInfo.Solvers]).
type Op uint16

// Solvers is a set of solvers, for operators outside the standard.
type Solvers uint8

// The solvers tandem knows operator support for.
const (
	Z3 Solvers = 1 << iota
	CVC5
	CVC4
	Boolector
	Bitwuzla
)

// String lists the solvers in the set.
func (s Solvers) String() string {
	var names []string
	for i, n := range []string{"z3", "cvc5", "cvc4", "boolector", "bitwuzla"} {
		if s&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// Theory names the SMT-LIB theory an operator belongs to.
type Theory uint8

// Theories.
const (
	TheoryCore Theory = iota
	TheoryInts
	TheoryReals
	TheoryRealsInts
	TheoryBV
	TheoryFP
	TheoryStrings
	TheoryArrays
	TheoryTranscendental
	TheorySequences
)

// Assoc is the attribute that lets an operator take more arguments than its
// rank in the standard.
type Assoc uint8

// Attributes of n-ary operators.
const (
	AssocNone Assoc = iota
	AssocLeft
	AssocRight
	AssocChainable
	AssocPairwise
)

// OpInfo describes an operator.
type OpInfo struct {
	Name string
	// Aliases are other names read as this operator (SMT-LIB 2.5 names,
	// long rounding-mode names); the operator is always printed as Name.
	Aliases []string
	// Indices is the number of numeral indices, as in (_ extract i j).
	Indices int
	Theory  Theory
	Assoc   Assoc
	// Solvers is empty for standard operators, otherwise the solvers that
	// accept the operator.
	Solvers Solvers
	// MinArgs and MaxArgs bound the number of arguments (MaxArgs < 0: no
	// upper bound). [Store.Apply] checks them before the sort rule runs, so
	// no sort rule ever sees an argument list of the wrong length.
	MinArgs, MaxArgs int
	check            checker
}

type checker func(idx []int, args []*Sort, lenient bool) (*Sort, string)

// rule is an operator's sort rule with the argument counts it accepts:
// the arity travels with the rule, so no table entry can lack one.
type rule struct {
	min, max int // max < 0: unbounded
	check    checker
}

// arity attaches argument counts to a hand-written sort rule.
func arity(min, max int, c checker) rule { return rule{min, max, c} }

// AcceptsArgs reports whether the operator takes n arguments.
func (info *OpInfo) AcceptsArgs(n int) bool {
	return n >= info.MinArgs && (info.MaxArgs < 0 || n <= info.MaxArgs)
}

// MaxWidth is the largest bit-vector width the builders produce (2^24):
// wide enough for any benchmark, small enough that widths cannot overflow.
const MaxWidth = 1 << 24

// The operators.
const (
	OpNone Op = iota
	// Core
	OpTrue
	OpFalse
	OpNot
	OpImplies
	OpAnd
	OpOr
	OpXor
	OpEq
	OpDistinct
	OpIte
	// Ints and Reals
	OpNeg // unary minus and n-ary subtraction share the name "-"; see OpSub
	OpSub
	OpAdd
	OpMul
	OpIntDiv
	OpMod
	OpAbs
	OpDiv // real division
	OpLe
	OpLt
	OpGe
	OpGt
	OpDivisible
	OpToReal
	OpToInt
	OpIsInt
	// Bit-vectors
	OpConcat
	OpExtract
	OpRepeat
	OpZeroExtend
	OpSignExtend
	OpRotateLeft
	OpRotateRight
	OpBVNot
	OpBVNeg
	OpBVAnd
	OpBVOr
	OpBVXor
	OpBVNand
	OpBVNor
	OpBVXnor
	OpBVComp
	OpBVAdd
	OpBVSub
	OpBVMul
	OpBVUdiv
	OpBVUrem
	OpBVSdiv
	OpBVSrem
	OpBVSmod
	OpBVShl
	OpBVLshr
	OpBVAshr
	OpBVUlt
	OpBVUle
	OpBVUgt
	OpBVUge
	OpBVSlt
	OpBVSle
	OpBVSgt
	OpBVSge
	OpBVNego
	OpBVUaddo
	OpBVSaddo
	OpBVUsubo
	OpBVSsubo
	OpBVUmulo
	OpBVSmulo
	OpBVSdivo
	OpBV2Nat
	OpNat2BV
	OpUBVToInt
	OpSBVToInt
	OpIntToBV
	// Floating point
	OpRNE
	OpRNA
	OpRTP
	OpRTN
	OpRTZ
	OpFP
	OpFPPosZero
	OpFPNegZero
	OpFPPosInf
	OpFPNegInf
	OpFPNaN
	OpFPAbs
	OpFPNeg
	OpFPAdd
	OpFPSub
	OpFPMul
	OpFPDiv
	OpFPFma
	OpFPSqrt
	OpFPRem
	OpFPRoundToIntegral
	OpFPMin
	OpFPMax
	OpFPLeq
	OpFPLt
	OpFPGeq
	OpFPGt
	OpFPEq
	OpFPIsNormal
	OpFPIsSubnormal
	OpFPIsZero
	OpFPIsInfinite
	OpFPIsNaN
	OpFPIsNegative
	OpFPIsPositive
	OpToFP
	OpToFPUnsigned
	OpFPToUBV
	OpFPToSBV
	OpFPToReal
	OpFPToIEEEBV
	// Strings and regular expressions
	OpStrConcat
	OpStrLen
	OpStrLt
	OpStrLe
	OpStrAt
	OpStrSubstr
	OpStrPrefixOf
	OpStrSuffixOf
	OpStrContains
	OpStrIndexOf
	OpStrReplace
	OpStrReplaceAll
	OpStrReplaceRe
	OpStrReplaceReAll
	OpStrIsDigit
	OpStrToCode
	OpStrFromCode
	OpStrToInt
	OpStrFromInt
	OpStrToRe
	OpStrInRe
	OpReNone
	OpReAll
	OpReAllChar
	OpReConcat
	OpReUnion
	OpReInter
	OpReStar
	OpRePlus
	OpReOpt
	OpReRange
	OpReComp
	OpReDiff
	OpRePower
	OpReLoop
	OpStrRev
	OpStrUpdate
	OpStrToLower
	OpStrToUpper
	OpStrIndexOfRe
	// Arrays
	OpSelect
	OpStore
	OpConstArray
	// Non-standard arithmetic
	OpIntPow2
	OpIAnd
	OpPow
	OpExp
	OpSin
	OpCos
	OpTan
	OpArcsin
	OpArccos
	OpArctan
	OpSqrt
	OpPi
	OpSec
	OpCsc
	OpCot
	OpArcsec
	OpArccsc
	OpArccot
	OpIntLog2
	OpIntIsPow2
	OpIntDivTotal
	OpIntModTotal
	OpPIAnd
	OpBVRedOr
	OpBVRedAnd
	OpBVIte
	OpBVSize
	OpBVUltBV
	OpBVSltBV
	OpRealDivTotal
	// OpAsArray is z3's (_ as-array f): the array whose value at i is (f i).
	// Build it with [Store.AsArray].
	OpAsArray
	// OpRootObj is z3's (root-obj p k): the k-th real root of the polynomial
	// p in the variable x, as z3 prints irrational algebraic numbers.
	OpRootObj
	// Sequences (cvc5 and z3).
	OpSeqEmpty
	OpSeqUnit
	OpSeqConcat
	OpSeqLen
	OpSeqNth
	OpSeqExtract
	OpSeqAt
	OpSeqContains
	OpSeqPrefixOf
	OpSeqSuffixOf
	OpSeqIndexOf
	OpSeqReplace
	OpSeqReplaceAll
	OpSeqRev
	OpSeqUpdate
	numOps
)

var opTable [numOps]OpInfo
var opByName = map[string]Op{}

// Info describes op.
func (op Op) Info() *OpInfo { return &opTable[op] }

// String is the operator's SMT-LIB name.
func (op Op) String() string {
	if op == OpNone || op >= numOps {
		return "op(" + strconv.Itoa(int(op)) + ")"
	}
	return opTable[op].Name
}

// LookupOp finds an operator by its SMT-LIB name or an alias.
func LookupOp(name string) (Op, bool) {
	op, ok := opByName[name]
	return op, ok
}

// NumOps is one more than the largest operator.
const NumOps = int(numOps)

func def(op Op, name string, th Theory, r rule, opts ...func(*OpInfo)) {
	info := OpInfo{Name: name, Theory: th, MinArgs: r.min, MaxArgs: r.max, check: r.check}
	for _, o := range opts {
		o(&info)
	}
	opTable[op] = info
	if _, dup := opByName[name]; !dup {
		opByName[name] = op
	}
	for _, a := range info.Aliases {
		opByName[a] = op
	}
}

func aliases(a ...string) func(*OpInfo) { return func(i *OpInfo) { i.Aliases = a } }
func indexed(n int) func(*OpInfo)       { return func(i *OpInfo) { i.Indices = n } }
func assoc(a Assoc) func(*OpInfo)       { return func(i *OpInfo) { i.Assoc = a } }
func only(s Solvers) func(*OpInfo)      { return func(i *OpInfo) { i.Solvers = s } }

// accepts reports whether an argument of sort a fits a parameter of sort p.
func accepts(p, a *Sort, lenient bool) bool {
	return p == a || (lenient && p == realSort && a == intSort)
}

func fixed(res *Sort, params ...*Sort) rule {
	return arity(len(params), len(params), func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) != len(params) {
			return nil, fmt.Sprintf("takes %d arguments, got %d", len(params), len(a))
		}
		for i, p := range params {
			if !accepts(p, a[i], lenient) {
				return nil, fmt.Sprintf("argument %d must be %s, got %s", i+1, p, a[i])
			}
		}
		return res, ""
	})
}

func nary(min int, arg, res *Sort) rule {
	return arity(min, -1, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) < min {
			return nil, fmt.Sprintf("takes at least %d arguments, got %d", min, len(a))
		}
		for i := range a {
			if !accepts(arg, a[i], lenient) {
				return nil, fmt.Sprintf("argument %d must be %s, got %s", i+1, arg, a[i])
			}
		}
		return res, ""
	})
}

// numeric: n-ary arithmetic; the result is Int when every argument is Int.
func numeric(min, max int, cmp bool) rule {
	if max <= 0 {
		max = -1
	}
	return arity(min, max, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) < min || (max > 0 && len(a) > max) {
			return nil, arityMsg(min, max, len(a))
		}
		res := a[0]
		for i, s := range a {
			if !s.IsNumeric() {
				return nil, fmt.Sprintf("argument %d must be Int or Real, got %s", i+1, s)
			}
			if s != res {
				if !lenient {
					return nil, fmt.Sprintf("arguments mix %s and %s (use to_real)", res, s)
				}
				res = realSort
			}
		}
		if cmp {
			return boolSort, ""
		}
		return res, ""
	})
}

func arityMsg(min, max, got int) string {
	noun := "arguments"
	if max == 1 || (max < 0 && min == 1) {
		noun = "argument"
	}
	switch {
	case min == max:
		return fmt.Sprintf("takes %d %s, got %d", min, noun, got)
	case max <= 0:
		return fmt.Sprintf("takes at least %d %s, got %d", min, noun, got)
	}
	return fmt.Sprintf("takes %d to %d %s, got %d", min, max, noun, got)
}

func realDiv(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) < 2 {
		return nil, arityMsg(2, 0, len(a))
	}
	for i, s := range a {
		if !accepts(realSort, s, lenient) {
			return nil, fmt.Sprintf("argument %d must be Real, got %s", i+1, s)
		}
	}
	return realSort, ""
}

func sameSort(min int) rule {
	return arity(min, -1, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) < min {
			return nil, arityMsg(min, 0, len(a))
		}
		mixed := false
		for i := 1; i < len(a); i++ {
			if a[i] != a[0] {
				if lenient && a[i].IsNumeric() && a[0].IsNumeric() {
					mixed = true
					continue
				}
				return nil, fmt.Sprintf("arguments must have one sort, got %s and %s", a[0], a[i])
			}
		}
		_ = mixed
		return boolSort, ""
	})
}

func iteCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 3 {
		return nil, arityMsg(3, 3, len(a))
	}
	if a[0] != boolSort {
		return nil, "condition must be Bool, got " + a[0].String()
	}
	if a[1] != a[2] {
		if lenient && a[1].IsNumeric() && a[2].IsNumeric() {
			return realSort, ""
		}
		return nil, fmt.Sprintf("branches must have one sort, got %s and %s", a[1], a[2])
	}
	return a[1], ""
}

func isBV(s *Sort) bool { return s.Kind == KindBitVec }

// bvSame: n arguments (0 = at least 2) of one bit-vector sort.
func bvSame(n int, res func(*Sort) *Sort) rule {
	min, max := n, n
	if n == 0 {
		min, max = 2, -1
	}
	return arity(min, max, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if (n > 0 && len(a) != n) || (n == 0 && len(a) < 2) {
			if n > 0 {
				return nil, arityMsg(n, n, len(a))
			}
			return nil, arityMsg(2, 0, len(a))
		}
		for i, s := range a {
			if !isBV(s) {
				return nil, fmt.Sprintf("argument %d must be a bit-vector, got %s", i+1, s)
			}
			if s != a[0] {
				return nil, fmt.Sprintf("arguments must have one width, got %s and %s", a[0], s)
			}
		}
		return res(a[0]), ""
	})
}

func same(s *Sort) *Sort     { return s }
func toBool(*Sort) *Sort     { return boolSort }
func toBV1(*Sort) *Sort      { return BitVecSort(1) }
func isFP(s *Sort) bool      { return s.Kind == KindFloat }
func positive(i int) bool    { return i > 0 }
func nonNegative(i int) bool { return i >= 0 }

func concatCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) < 2 {
		return nil, arityMsg(2, 0, len(a))
	}
	w := 0
	for i, s := range a {
		if !isBV(s) {
			return nil, fmt.Sprintf("argument %d must be a bit-vector, got %s", i+1, s)
		}
		w += s.Width
		if w > MaxWidth {
			return nil, fmt.Sprintf("result width is above the largest supported width %d", MaxWidth)
		}
	}
	return BitVecSort(w), ""
}

func bvIndexed(ok func(int) bool, res func(w, i int) int) rule {
	return arity(1, 1, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) != 1 {
			return nil, arityMsg(1, 1, len(a))
		}
		if !isBV(a[0]) {
			return nil, "argument must be a bit-vector, got " + a[0].String()
		}
		if !ok(idx[0]) {
			return nil, fmt.Sprintf("index %d is out of range", idx[0])
		}
		w := res(a[0].Width, idx[0])
		if w > MaxWidth || w < 0 {
			return nil, fmt.Sprintf("result width %d is above the largest supported width %d", w, MaxWidth)
		}
		return BitVecSort(w), ""
	})
}

func extractCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 1 {
		return nil, arityMsg(1, 1, len(a))
	}
	if !isBV(a[0]) {
		return nil, "argument must be a bit-vector, got " + a[0].String()
	}
	i, j := idx[0], idx[1]
	if j < 0 || i < j || i >= a[0].Width {
		return nil, fmt.Sprintf("needs %d > i >= j >= 0, got i=%d j=%d", a[0].Width, i, j)
	}
	return BitVecSort(i - j + 1), ""
}

func bv2int(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 1 || !isBV(a[0]) {
		return nil, "takes one bit-vector"
	}
	return intSort, ""
}

func int2bv(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 1 || a[0] != intSort {
		return nil, "takes one Int"
	}
	if idx[0] <= 0 {
		return nil, "width must be positive"
	}
	return BitVecSort(idx[0]), ""
}

// fpOp: rm? then n floats of one sort.
func fpOp(rm bool, n int, res func(*Sort) *Sort) rule {
	min, max := n, n
	if rm {
		min, max = n+1, n+1
	}
	if n == 0 {
		min, max = 2, -1
	}
	return arity(min, max, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		want := n
		if rm {
			want++
		}
		if len(a) != want && !(n == 0 && len(a) >= 2) {
			return nil, arityMsg(want, want, len(a))
		}
		fs := a
		if rm {
			if a[0] != rmSort {
				return nil, "argument 1 must be RoundingMode, got " + a[0].String()
			}
			fs = a[1:]
		}
		for i, s := range fs {
			if !isFP(s) {
				return nil, fmt.Sprintf("argument %d must be a floating-point, got %s", len(a)-len(fs)+i+1, s)
			}
			if s != fs[0] {
				return nil, fmt.Sprintf("arguments must have one floating-point sort, got %s and %s", fs[0], s)
			}
		}
		return res(fs[0]), ""
	})
}

func fpTriple(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 3 {
		return nil, arityMsg(3, 3, len(a))
	}
	for i, s := range a {
		if !isBV(s) {
			return nil, fmt.Sprintf("argument %d must be a bit-vector, got %s", i+1, s)
		}
	}
	if a[0].Width != 1 {
		return nil, "the sign must be (_ BitVec 1)"
	}
	if a[1].Width < 2 || a[2].Width < 1 {
		return nil, "exponent must be at least 2 bits and significand at least 1"
	}
	return FloatSort(a[1].Width, a[2].Width+1), ""
}

func fpSpecial(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 0 {
		return nil, arityMsg(0, 0, len(a))
	}
	if idx[0] < 2 || idx[1] < 2 {
		return nil, "needs eb >= 2 and sb >= 2"
	}
	return FloatSort(idx[0], idx[1]), ""
}

func toFPCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if idx[0] < 2 || idx[1] < 2 {
		return nil, "needs eb >= 2 and sb >= 2"
	}
	res := FloatSort(idx[0], idx[1])
	switch len(a) {
	case 1:
		if isBV(a[0]) && a[0].Width == idx[0]+idx[1] {
			return res, ""
		}
		return nil, fmt.Sprintf("a single argument must be (_ BitVec %d), got %s", idx[0]+idx[1], a[0])
	case 2:
		if a[0] != rmSort {
			return nil, "argument 1 must be RoundingMode, got " + a[0].String()
		}
		if isFP(a[1]) || isBV(a[1]) || a[1] == realSort || (lenient && a[1] == intSort) {
			return res, ""
		}
		return nil, "argument 2 must be a floating-point, Real or bit-vector, got " + a[1].String()
	case 3:
		// z3: (_ to_fp eb sb) RM Real Int means r * 2^e.
		if lenient && a[0] == rmSort && a[1].IsNumeric() && a[2] == intSort {
			return res, ""
		}
	}
	return nil, arityMsg(1, 2, len(a))
}

func toFPUnsigned(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 2 || a[0] != rmSort || !isBV(a[1]) {
		return nil, "takes a RoundingMode and a bit-vector"
	}
	if idx[0] < 2 || idx[1] < 2 {
		return nil, "needs eb >= 2 and sb >= 2"
	}
	return FloatSort(idx[0], idx[1]), ""
}

func fpToBV(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 2 || a[0] != rmSort || !isFP(a[1]) {
		return nil, "takes a RoundingMode and a floating-point"
	}
	if idx[0] <= 0 {
		return nil, "width must be positive"
	}
	return BitVecSort(idx[0]), ""
}

func fpUnary(res func(*Sort) *Sort) rule {
	return arity(1, 1, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) != 1 || !isFP(a[0]) {
			return nil, "takes one floating-point"
		}
		return res(a[0]), ""
	})
}

func reLoop(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 1 || a[0] != reglanSrt {
		return nil, "takes one RegLan"
	}
	for _, i := range idx {
		if i < 0 {
			return nil, "indices must be non-negative"
		}
	}
	return reglanSrt, ""
}

func selectCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 2 {
		return nil, arityMsg(2, 2, len(a))
	}
	if a[0].Kind != KindArray {
		return nil, "argument 1 must be an array, got " + a[0].String()
	}
	if !accepts(a[0].Index(), a[1], lenient) {
		return nil, fmt.Sprintf("index must be %s, got %s", a[0].Index(), a[1])
	}
	return a[0].Elem(), ""
}

func storeCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	if len(a) != 3 {
		return nil, arityMsg(3, 3, len(a))
	}
	if a[0].Kind != KindArray {
		return nil, "argument 1 must be an array, got " + a[0].String()
	}
	if !accepts(a[0].Index(), a[1], lenient) {
		return nil, fmt.Sprintf("index must be %s, got %s", a[0].Index(), a[1])
	}
	if !accepts(a[0].Elem(), a[2], lenient) {
		return nil, fmt.Sprintf("element must be %s, got %s", a[0].Elem(), a[2])
	}
	return a[0], ""
}

// seqOp checks a sequence operator: argument shapes are 's' (a sequence,
// all of one sort), 'e' (its element), 'i' (Int); the result is 's', 'e',
// 'i' or 'b' (Bool).
func seqOp(args string, res byte) rule {
	min, max := len(args), len(args)
	if args == "ss+" {
		min, max = 2, -1
	}
	return arity(min, max, func(idx []int, a []*Sort, lenient bool) (*Sort, string) {
		if len(a) != len(args) && !(args == "ss+" && len(a) >= 2) {
			return nil, arityMsg(len(args), len(args), len(a))
		}
		var seq *Sort
		for i, s := range a {
			if s.Kind == KindSeq {
				seq = s
				break
			}
			_ = i
		}
		if seq == nil {
			return nil, "needs a sequence argument"
		}
		for i, s := range a {
			k := byte('s')
			if i < len(args) {
				k = args[i]
			}
			switch k {
			case 's', '+':
				if s != seq {
					return nil, fmt.Sprintf("argument %d must be %s, got %s", i+1, seq, s)
				}
			case 'e':
				if s != seq.Params[0] {
					return nil, fmt.Sprintf("argument %d must be %s, got %s", i+1, seq.Params[0], s)
				}
			case 'i':
				if s != intSort {
					return nil, fmt.Sprintf("argument %d must be Int, got %s", i+1, s)
				}
			}
		}
		switch res {
		case 'e':
			return seq.Params[0], ""
		case 'i':
			return intSort, ""
		case 'b':
			return boolSort, ""
		}
		return seq, ""
	})
}

func noCheck(idx []int, a []*Sort, lenient bool) (*Sort, string) {
	return nil, "is built with a dedicated builder"
}

func init() {
	B, I, R, S, L, RM := boolSort, intSort, realSort, strSort, reglanSrt, rmSort
	// Core
	def(OpTrue, "true", TheoryCore, fixed(B))
	def(OpFalse, "false", TheoryCore, fixed(B))
	def(OpNot, "not", TheoryCore, fixed(B, B))
	def(OpImplies, "=>", TheoryCore, nary(2, B, B), assoc(AssocRight))
	def(OpAnd, "and", TheoryCore, nary(1, B, B), assoc(AssocLeft))
	def(OpOr, "or", TheoryCore, nary(1, B, B), assoc(AssocLeft))
	def(OpXor, "xor", TheoryCore, nary(2, B, B), assoc(AssocLeft))
	def(OpEq, "=", TheoryCore, sameSort(2), assoc(AssocChainable))
	def(OpDistinct, "distinct", TheoryCore, sameSort(2), assoc(AssocPairwise))
	def(OpIte, "ite", TheoryCore, arity(3, 3, iteCheck))
	// Arithmetic
	def(OpNeg, "-", TheoryInts, numeric(1, 1, false))
	def(OpSub, "-", TheoryInts, numeric(2, 0, false), assoc(AssocLeft))
	def(OpAdd, "+", TheoryInts, numeric(2, 0, false), assoc(AssocLeft))
	def(OpMul, "*", TheoryInts, numeric(2, 0, false), assoc(AssocLeft))
	def(OpIntDiv, "div", TheoryInts, nary(2, I, I), assoc(AssocLeft))
	def(OpMod, "mod", TheoryInts, fixed(I, I, I))
	def(OpAbs, "abs", TheoryInts, arity(1, 1, func(idx []int, a []*Sort, l bool) (*Sort, string) {
		if l && len(a) == 1 && a[0] == R {
			return R, "" // cvc5 and z3 accept abs on Real
		}
		return fixed(I, I).check(idx, a, l)
	}))
	def(OpDiv, "/", TheoryReals, arity(2, -1, realDiv), assoc(AssocLeft))
	def(OpLe, "<=", TheoryInts, numeric(2, 0, true), assoc(AssocChainable))
	def(OpLt, "<", TheoryInts, numeric(2, 0, true), assoc(AssocChainable))
	def(OpGe, ">=", TheoryInts, numeric(2, 0, true), assoc(AssocChainable))
	def(OpGt, ">", TheoryInts, numeric(2, 0, true), assoc(AssocChainable))
	def(OpDivisible, "divisible", TheoryInts, arity(1, 1, func(idx []int, a []*Sort, l bool) (*Sort, string) {
		if idx[0] <= 0 {
			return nil, "divisor must be positive"
		}
		return fixed(B, I).check(idx, a, l)
	}), indexed(1))
	def(OpToReal, "to_real", TheoryRealsInts, arity(1, 1, func(idx []int, a []*Sort, l bool) (*Sort, string) {
		if l && len(a) == 1 && a[0] == R {
			return R, "" // accepted by z3 and cvc5: the identity
		}
		return fixed(R, I).check(idx, a, l)
	}))
	def(OpToInt, "to_int", TheoryRealsInts, fixed(I, R))
	def(OpIsInt, "is_int", TheoryRealsInts, fixed(B, R))
	// Bit-vectors
	def(OpConcat, "concat", TheoryBV, arity(2, -1, concatCheck))
	def(OpExtract, "extract", TheoryBV, arity(1, 1, extractCheck), indexed(2))
	def(OpRepeat, "repeat", TheoryBV, bvIndexed(positive, func(w, i int) int { return w * i }), indexed(1))
	def(OpZeroExtend, "zero_extend", TheoryBV, bvIndexed(nonNegative, func(w, i int) int { return w + i }), indexed(1))
	def(OpSignExtend, "sign_extend", TheoryBV, bvIndexed(nonNegative, func(w, i int) int { return w + i }), indexed(1))
	def(OpRotateLeft, "rotate_left", TheoryBV, bvIndexed(nonNegative, func(w, i int) int { return w }), indexed(1))
	def(OpRotateRight, "rotate_right", TheoryBV, bvIndexed(nonNegative, func(w, i int) int { return w }), indexed(1))
	def(OpBVNot, "bvnot", TheoryBV, bvSame(1, same))
	def(OpBVNeg, "bvneg", TheoryBV, bvSame(1, same))
	def(OpBVAnd, "bvand", TheoryBV, bvSame(0, same), assoc(AssocLeft))
	def(OpBVOr, "bvor", TheoryBV, bvSame(0, same), assoc(AssocLeft))
	def(OpBVXor, "bvxor", TheoryBV, bvSame(0, same), assoc(AssocLeft))
	def(OpBVNand, "bvnand", TheoryBV, bvSame(2, same))
	def(OpBVNor, "bvnor", TheoryBV, bvSame(2, same))
	def(OpBVXnor, "bvxnor", TheoryBV, bvSame(2, same))
	def(OpBVComp, "bvcomp", TheoryBV, bvSame(2, toBV1))
	def(OpBVAdd, "bvadd", TheoryBV, bvSame(0, same), assoc(AssocLeft))
	def(OpBVSub, "bvsub", TheoryBV, bvSame(0, same), assoc(AssocLeft))
	def(OpBVMul, "bvmul", TheoryBV, bvSame(0, same), assoc(AssocLeft))
	// z3's models print bvudiv_i, bvurem_i, … (its "interpreted" division
	// operators, the total functions of SMT-LIB 2.6) without defining
	// them: read them as the standard operators.
	for _, o := range []struct {
		op   Op
		name string
		z3   string
	}{{OpBVUdiv, "bvudiv", "bvudiv_i"}, {OpBVUrem, "bvurem", "bvurem_i"}, {OpBVSdiv, "bvsdiv", "bvsdiv_i"},
		{OpBVSrem, "bvsrem", "bvsrem_i"}, {OpBVSmod, "bvsmod", "bvsmod_i"}, {OpBVShl, "bvshl", ""},
		{OpBVLshr, "bvlshr", ""}, {OpBVAshr, "bvashr", ""}} {
		if o.z3 != "" {
			def(o.op, o.name, TheoryBV, bvSame(2, same), aliases(o.z3))
		} else {
			def(o.op, o.name, TheoryBV, bvSame(2, same))
		}
	}
	for _, o := range []struct {
		op   Op
		name string
	}{{OpBVUlt, "bvult"}, {OpBVUle, "bvule"}, {OpBVUgt, "bvugt"}, {OpBVUge, "bvuge"},
		{OpBVSlt, "bvslt"}, {OpBVSle, "bvsle"}, {OpBVSgt, "bvsgt"}, {OpBVSge, "bvsge"}} {
		def(o.op, o.name, TheoryBV, bvSame(2, toBool))
	}
	// Overflow predicates (SMT-LIB 2.7; z3 4.8 lacks them).
	def(OpBVNego, "bvnego", TheoryBV, bvSame(1, toBool), only(CVC5|Bitwuzla))
	for _, o := range []struct {
		op   Op
		name string
	}{{OpBVUaddo, "bvuaddo"}, {OpBVSaddo, "bvsaddo"}, {OpBVUsubo, "bvusubo"}, {OpBVSsubo, "bvssubo"},
		{OpBVUmulo, "bvumulo"}, {OpBVSmulo, "bvsmulo"}, {OpBVSdivo, "bvsdivo"}} {
		def(o.op, o.name, TheoryBV, bvSame(2, toBool), only(CVC5|Bitwuzla|Boolector))
	}
	def(OpBV2Nat, "bv2nat", TheoryBV, arity(1, 1, bv2int), aliases("bv2int"), only(Z3|CVC5|CVC4))
	def(OpNat2BV, "int2bv", TheoryBV, arity(1, 1, int2bv), indexed(1), aliases("nat2bv"), only(Z3|CVC5|CVC4))
	def(OpUBVToInt, "ubv_to_int", TheoryBV, arity(1, 1, bv2int), only(CVC5))
	def(OpSBVToInt, "sbv_to_int", TheoryBV, arity(1, 1, bv2int), only(CVC5))
	def(OpIntToBV, "int_to_bv", TheoryBV, arity(1, 1, int2bv), indexed(1), only(CVC5))
	// Floating point
	def(OpRNE, "RNE", TheoryFP, fixed(RM), aliases("roundNearestTiesToEven"))
	def(OpRNA, "RNA", TheoryFP, fixed(RM), aliases("roundNearestTiesToAway"))
	def(OpRTP, "RTP", TheoryFP, fixed(RM), aliases("roundTowardPositive"))
	def(OpRTN, "RTN", TheoryFP, fixed(RM), aliases("roundTowardNegative"))
	def(OpRTZ, "RTZ", TheoryFP, fixed(RM), aliases("roundTowardZero"))
	def(OpFP, "fp", TheoryFP, arity(3, 3, fpTriple))
	def(OpFPPosZero, "+zero", TheoryFP, arity(0, 0, fpSpecial), indexed(2))
	def(OpFPNegZero, "-zero", TheoryFP, arity(0, 0, fpSpecial), indexed(2))
	def(OpFPPosInf, "+oo", TheoryFP, arity(0, 0, fpSpecial), indexed(2))
	def(OpFPNegInf, "-oo", TheoryFP, arity(0, 0, fpSpecial), indexed(2))
	def(OpFPNaN, "NaN", TheoryFP, arity(0, 0, fpSpecial), indexed(2))
	def(OpFPAbs, "fp.abs", TheoryFP, fpOp(false, 1, same))
	def(OpFPNeg, "fp.neg", TheoryFP, fpOp(false, 1, same))
	def(OpFPAdd, "fp.add", TheoryFP, fpOp(true, 2, same))
	def(OpFPSub, "fp.sub", TheoryFP, fpOp(true, 2, same))
	def(OpFPMul, "fp.mul", TheoryFP, fpOp(true, 2, same))
	def(OpFPDiv, "fp.div", TheoryFP, fpOp(true, 2, same))
	def(OpFPFma, "fp.fma", TheoryFP, fpOp(true, 3, same))
	def(OpFPSqrt, "fp.sqrt", TheoryFP, fpOp(true, 1, same))
	def(OpFPRem, "fp.rem", TheoryFP, fpOp(false, 2, same))
	def(OpFPRoundToIntegral, "fp.roundToIntegral", TheoryFP, fpOp(true, 1, same))
	def(OpFPMin, "fp.min", TheoryFP, fpOp(false, 2, same))
	def(OpFPMax, "fp.max", TheoryFP, fpOp(false, 2, same))
	def(OpFPLeq, "fp.leq", TheoryFP, fpOp(false, 0, toBool), assoc(AssocChainable))
	def(OpFPLt, "fp.lt", TheoryFP, fpOp(false, 0, toBool), assoc(AssocChainable))
	def(OpFPGeq, "fp.geq", TheoryFP, fpOp(false, 0, toBool), assoc(AssocChainable))
	def(OpFPGt, "fp.gt", TheoryFP, fpOp(false, 0, toBool), assoc(AssocChainable))
	def(OpFPEq, "fp.eq", TheoryFP, fpOp(false, 0, toBool), assoc(AssocChainable))
	def(OpFPIsNormal, "fp.isNormal", TheoryFP, fpUnary(toBool))
	def(OpFPIsSubnormal, "fp.isSubnormal", TheoryFP, fpUnary(toBool))
	def(OpFPIsZero, "fp.isZero", TheoryFP, fpUnary(toBool))
	def(OpFPIsInfinite, "fp.isInfinite", TheoryFP, fpUnary(toBool))
	def(OpFPIsNaN, "fp.isNaN", TheoryFP, fpUnary(toBool))
	def(OpFPIsNegative, "fp.isNegative", TheoryFP, fpUnary(toBool))
	def(OpFPIsPositive, "fp.isPositive", TheoryFP, fpUnary(toBool))
	def(OpToFP, "to_fp", TheoryFP, arity(1, 3, toFPCheck), indexed(2))
	def(OpToFPUnsigned, "to_fp_unsigned", TheoryFP, arity(2, 2, toFPUnsigned), indexed(2))
	def(OpFPToUBV, "fp.to_ubv", TheoryFP, arity(2, 2, fpToBV), indexed(1))
	def(OpFPToSBV, "fp.to_sbv", TheoryFP, arity(2, 2, fpToBV), indexed(1))
	def(OpFPToReal, "fp.to_real", TheoryFP, fpUnary(func(*Sort) *Sort { return realSort }))
	def(OpFPToIEEEBV, "fp.to_ieee_bv", TheoryFP, fpUnary(func(s *Sort) *Sort { return BitVecSort(s.EB + s.SB) }), only(Z3))
	// Strings
	def(OpStrConcat, "str.++", TheoryStrings, nary(2, S, S), assoc(AssocLeft))
	def(OpStrLen, "str.len", TheoryStrings, fixed(I, S))
	def(OpStrLt, "str.<", TheoryStrings, nary(2, S, B), assoc(AssocChainable), aliases("str.lt"))
	def(OpStrLe, "str.<=", TheoryStrings, nary(2, S, B), assoc(AssocChainable), aliases("str.le"))
	def(OpStrAt, "str.at", TheoryStrings, fixed(S, S, I))
	def(OpStrSubstr, "str.substr", TheoryStrings, fixed(S, S, I, I))
	def(OpStrPrefixOf, "str.prefixof", TheoryStrings, fixed(B, S, S))
	def(OpStrSuffixOf, "str.suffixof", TheoryStrings, fixed(B, S, S))
	def(OpStrContains, "str.contains", TheoryStrings, fixed(B, S, S))
	def(OpStrIndexOf, "str.indexof", TheoryStrings, fixed(I, S, S, I))
	def(OpStrReplace, "str.replace", TheoryStrings, fixed(S, S, S, S))
	def(OpStrReplaceAll, "str.replace_all", TheoryStrings, fixed(S, S, S, S), aliases("str.replaceall"))
	def(OpStrReplaceRe, "str.replace_re", TheoryStrings, fixed(S, S, L, S))
	def(OpStrReplaceReAll, "str.replace_re_all", TheoryStrings, fixed(S, S, L, S))
	def(OpStrIsDigit, "str.is_digit", TheoryStrings, fixed(B, S))
	def(OpStrToCode, "str.to_code", TheoryStrings, fixed(I, S))
	def(OpStrFromCode, "str.from_code", TheoryStrings, fixed(S, I))
	def(OpStrToInt, "str.to_int", TheoryStrings, fixed(I, S), aliases("str.to.int"))
	def(OpStrFromInt, "str.from_int", TheoryStrings, fixed(S, I), aliases("int.to.str", "str.from-int"))
	def(OpStrToRe, "str.to_re", TheoryStrings, fixed(L, S), aliases("str.to.re"))
	def(OpStrInRe, "str.in_re", TheoryStrings, fixed(B, S, L), aliases("str.in.re"))
	def(OpReNone, "re.none", TheoryStrings, fixed(L), aliases("re.nostr"))
	def(OpReAll, "re.all", TheoryStrings, fixed(L))
	def(OpReAllChar, "re.allchar", TheoryStrings, fixed(L))
	def(OpReConcat, "re.++", TheoryStrings, nary(2, L, L), assoc(AssocLeft))
	def(OpReUnion, "re.union", TheoryStrings, nary(2, L, L), assoc(AssocLeft))
	def(OpReInter, "re.inter", TheoryStrings, nary(2, L, L), assoc(AssocLeft))
	def(OpReStar, "re.*", TheoryStrings, fixed(L, L))
	def(OpRePlus, "re.+", TheoryStrings, fixed(L, L))
	def(OpReOpt, "re.opt", TheoryStrings, fixed(L, L))
	def(OpReRange, "re.range", TheoryStrings, fixed(L, S, S))
	def(OpReComp, "re.comp", TheoryStrings, fixed(L, L))
	def(OpReDiff, "re.diff", TheoryStrings, nary(2, L, L), assoc(AssocLeft))
	def(OpRePower, "re.^", TheoryStrings, arity(1, 1, reLoop), indexed(1))
	def(OpReLoop, "re.loop", TheoryStrings, arity(1, 1, reLoop), indexed(2))
	def(OpStrRev, "str.rev", TheoryStrings, fixed(S, S), only(CVC5))
	def(OpStrUpdate, "str.update", TheoryStrings, fixed(S, S, I, S), only(CVC5))
	def(OpStrToLower, "str.to_lower", TheoryStrings, fixed(S, S), only(CVC5|CVC4), aliases("str.tolower"))
	def(OpStrToUpper, "str.to_upper", TheoryStrings, fixed(S, S), only(CVC5|CVC4), aliases("str.toupper"))
	def(OpStrIndexOfRe, "str.indexof_re", TheoryStrings, fixed(I, S, L, I), only(CVC5))
	// Arrays
	def(OpSelect, "select", TheoryArrays, arity(2, 2, selectCheck))
	def(OpStore, "store", TheoryArrays, arity(3, 3, storeCheck))
	def(OpConstArray, "const", TheoryArrays, arity(0, -1, noCheck))
	// Non-standard arithmetic
	def(OpIntPow2, "int.pow2", TheoryInts, fixed(I, I), only(CVC5))
	def(OpIAnd, "iand", TheoryInts, fixed(I, I, I), indexed(1), only(CVC5))
	def(OpPow, "^", TheoryReals, numeric(2, 2, false), only(Z3|CVC5))
	for _, o := range []struct {
		op   Op
		name string
	}{{OpExp, "exp"}, {OpSin, "sin"}, {OpCos, "cos"}, {OpTan, "tan"}, {OpArcsin, "arcsin"},
		{OpArccos, "arccos"}, {OpArctan, "arctan"}, {OpSqrt, "sqrt"}} {
		def(o.op, o.name, TheoryTranscendental, fixed(R, R), only(CVC5|CVC4))
	}
	def(OpPi, "real.pi", TheoryTranscendental, fixed(R), only(CVC5|CVC4))
	for _, o := range []struct {
		op   Op
		name string
	}{{OpSec, "sec"}, {OpCsc, "csc"}, {OpCot, "cot"}, {OpArcsec, "arcsec"}, {OpArccsc, "arccsc"}, {OpArccot, "arccot"}} {
		def(o.op, o.name, TheoryTranscendental, fixed(R, R), only(CVC5|CVC4))
	}
	def(OpIntLog2, "int.log2", TheoryInts, fixed(I, I), only(CVC5))
	def(OpIntIsPow2, "int.ispow2", TheoryInts, fixed(B, I), only(CVC5))
	def(OpIntDivTotal, "div_total", TheoryInts, fixed(I, I, I), only(CVC5))
	def(OpIntModTotal, "mod_total", TheoryInts, fixed(I, I, I), only(CVC5))
	def(OpRealDivTotal, "/_total", TheoryReals, fixed(R, R, R), only(CVC5))
	sq := only(CVC5 | Z3)
	def(OpSeqEmpty, "seq.empty", TheorySequences, arity(0, -1, noCheck), sq)
	def(OpSeqUnit, "seq.unit", TheorySequences, arity(1, 1, func(idx []int, a []*Sort, l bool) (*Sort, string) {
		if len(a) != 1 {
			return nil, arityMsg(1, 1, len(a))
		}
		return SeqSort(a[0]), ""
	}), sq)
	def(OpSeqConcat, "seq.++", TheorySequences, seqOp("ss+", 's'), sq, assoc(AssocLeft))
	def(OpSeqLen, "seq.len", TheorySequences, seqOp("s", 'i'), sq)
	def(OpSeqNth, "seq.nth", TheorySequences, seqOp("si", 'e'), sq)
	def(OpSeqExtract, "seq.extract", TheorySequences, seqOp("sii", 's'), sq)
	def(OpSeqAt, "seq.at", TheorySequences, seqOp("si", 's'), sq)
	def(OpSeqContains, "seq.contains", TheorySequences, seqOp("ss", 'b'), sq)
	def(OpSeqPrefixOf, "seq.prefixof", TheorySequences, seqOp("ss", 'b'), sq)
	def(OpSeqSuffixOf, "seq.suffixof", TheorySequences, seqOp("ss", 'b'), sq)
	def(OpSeqIndexOf, "seq.indexof", TheorySequences, seqOp("ssi", 'i'), sq)
	def(OpSeqReplace, "seq.replace", TheorySequences, seqOp("sss", 's'), sq)
	def(OpSeqReplaceAll, "seq.replace_all", TheorySequences, seqOp("sss", 's'), sq)
	def(OpSeqRev, "seq.rev", TheorySequences, seqOp("s", 's'), sq)
	def(OpSeqUpdate, "seq.update", TheorySequences, seqOp("sis", 's'), sq)
	def(OpAsArray, "as-array", TheoryArrays, arity(0, -1, noCheck), only(Z3))
	def(OpRootObj, "root-obj", TheoryReals, arity(1, 1, func(idx []int, a []*Sort, l bool) (*Sort, string) {
		if len(a) != 1 || !a[0].IsNumeric() || idx[0] < 1 {
			return nil, "takes a polynomial in x and a root index k >= 1"
		}
		return R, ""
	}), indexed(1), only(Z3))
	def(OpPIAnd, "piand", TheoryInts, fixed(I, I, I, I), only(CVC5))
	def(OpBVRedOr, "bvredor", TheoryBV, bvSame(1, toBV1), only(CVC5|CVC4|Boolector))
	def(OpBVRedAnd, "bvredand", TheoryBV, bvSame(1, toBV1), only(CVC5|CVC4|Boolector))
	def(OpBVIte, "bvite", TheoryBV, arity(3, 3, func(idx []int, a []*Sort, l bool) (*Sort, string) {
		if len(a) != 3 || a[0] != BitVecSort(1) || !isBV(a[1]) || a[1] != a[2] {
			return nil, "takes a (_ BitVec 1) condition and two bit-vectors of one width"
		}
		return a[1], ""
	}), only(CVC5|CVC4))
	def(OpBVSize, "bvsize", TheoryBV, arity(1, 1, bv2int), only(CVC5))
	def(OpBVUltBV, "bvultbv", TheoryBV, bvSame(2, toBV1), only(CVC5|CVC4))
	def(OpBVSltBV, "bvsltbv", TheoryBV, bvSame(2, toBV1), only(CVC5|CVC4))
	opByName["-"] = OpSub // resolved to OpNeg by arity in [Store.Apply]
}

// SortError is the error of a builder given arguments of the wrong sorts or
// number.
type SortError struct {
	Op      string
	Indices []int
	Args    []*Sort
	Msg     string
}

// namesArgs reports whether Msg already names every argument sort, so
// that the message need not list them again.
func (e *SortError) namesArgs() bool {
	for _, s := range e.Args {
		if !strings.Contains(e.Msg, s.String()) {
			return false
		}
	}
	return true
}

func (e *SortError) Error() string {
	var b strings.Builder
	b.WriteString(e.Op)
	if len(e.Indices) > 0 {
		b.WriteString(" ")
		for i, x := range e.Indices {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(x))
		}
	}
	b.WriteString(" ")
	b.WriteString(e.Msg)
	if len(e.Args) > 0 && !e.namesArgs() {
		b.WriteString(" (argument sorts:")
		for _, s := range e.Args {
			b.WriteByte(' ')
			b.WriteString(s.String())
		}
		b.WriteString(")")
	}
	return b.String()
}
