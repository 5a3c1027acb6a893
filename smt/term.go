package smt

import (
	"math/big"
	"sync"
	"sync/atomic"
	"unsafe"
)

// TermKind is the shape of a [Term].
type TermKind uint8

// The shapes of terms.
const (
	// Literal is a numeral, decimal, bit-vector or string constant.
	Literal TermKind = iota
	// App is an application of a theory operator ([Term.Op]) or of a
	// function symbol ([Term.Func]); a declared constant is an App of a Func
	// with no arguments.
	App
	// Var is a variable bound by let, a quantifier or a function definition.
	Var
	// Let binds [Term.Binders] to the first arguments; the last argument is
	// the body.
	Let
	// Forall and Exists bind [Term.Binders] in their only argument.
	Forall
	Exists
	// Annotated is (! t attr*); its only argument is t.
	Annotated
	// MatchTerm is (match t ((p1 b1) … (pn bn))): argument 0 is the matched
	// term t, argument i is the body bi of case i-1, and [Term.Cases] are
	// the patterns, whose variables are bound in their case's body only.
	MatchTerm
)

// MatchCase is the pattern of one case of a [MatchTerm] term.
type MatchCase struct {
	// Constructor is the pattern's constructor, (C x1 … xk) or a nullary
	// C; nil for a variable pattern, which matches every value.
	Constructor *Func
	// Vars are the variables the pattern binds: one per field of
	// Constructor, or the one variable of a variable pattern (bound to the
	// whole matched value).
	Vars []*Term
}

// LiteralKind says which kind of constant a Literal term is.
type LiteralKind uint8

// Kinds of literals.
const (
	LitNumeral LiteralKind = iota
	LitDecimal
	LitBitVec
	LitString
)

// Attribute is one attribute of an annotated term or a command, such as
// :named n or :pattern (t…). Terms holds the terms of a :pattern; Value
// holds any other value as SMT-LIB text ("" when there is none).
type Attribute struct {
	Key   string
	Value string
	Terms []*Term
}

// Term is an immutable, hash-consed SMT-LIB term. Terms from one [Store]
// are equal exactly when their pointers are.
//
// A node takes 32 bytes, because a parsed script holds millions of them:
// what many terms have in common (sort, kind, operator, arity, and what
// kind of side record they carry) is kept once in a process-wide table of
// shapes, and the node keeps its shape's number, its own id and three
// pointer slots. By the shape's form, the slots hold up to three arguments
// (formInline); up to two arguments and a side record in p[2] (formAux);
// or, in p[0], a *spill with the arguments and the side record (formSpill).
// A literal below 2^64 (formAux, no arguments) keeps in p[0] the big.Int
// that [Term.BigInt] makes on its first call.
type Term struct {
	p   [3]unsafe.Pointer
	id  uint32
	sig uint32
}

// form says how a node uses its pointer slots.
type form uint8

const (
	formInline form = iota // p[0:n] are the arguments, n <= 3
	formAux                // p[0:n] are the arguments, n <= 2; p[2] is the side record
	formSpill              // p[0] is a *spill
)

// auxKind says what a term's side record is.
type auxKind uint8

const (
	auxNone    auxKind = iota
	auxFunc            // *Func: the function of an application (or of as-array)
	auxIdx             // *idxRec: the indices of an indexed operator, shared in the store
	auxName            // *nameRec: the name of a variable, shared in the store
	auxBinders         // *bindersRec: the variables of a let or quantifier, shared in the store
	auxAttrs           // *attrsRec: the attributes of an annotation
	auxU64             // *uint64: a numeral or bit-vector literal below 2^64 (p[0] caches its big.Int)
	auxBig             // *big.Int: a numeral or bit-vector literal of 2^64 or more
	auxRat             // *big.Rat: a decimal literal
	auxRunes           // *runesRec: a string literal
	auxMatch           // *matchRec: the patterns of a match, shared in the store
)

// spill holds the arguments and side record of a term that does not fit
// its node: more than three arguments, or three and a side record.
type spill struct {
	args []*Term
	aux  unsafe.Pointer
}

type idxRec struct{ idx []int }
type nameRec struct{ name string }
type bindersRec struct{ vars []*Term }
type attrsRec struct{ attrs []Attribute }
type runesRec struct{ r []rune }

// matchRec holds the patterns of a match, and all their variables in one
// list for [Term.Binders].
type matchRec struct {
	cases []MatchCase
	vars  []*Term
}

// shape is what a node shares with other nodes: it is a key of the shape
// table, so it holds only comparable, process-wide values.
type shape struct {
	sort *Sort
	op   Op
	kind TermKind
	lit  LiteralKind
	form form
	n    uint8 // number of arguments (formInline, formAux)
	aux  auxKind
}

// The shape table: shapes are numbered in the order they are first used
// and never removed. Their number is bounded by the sorts in use times the
// operators, so the table stays small; a chunk is written once, before the
// number of any shape in it is handed out, and read without a lock.
const (
	shapeChunkBits = 16
	shapeChunkMask = 1<<shapeChunkBits - 1
)

var (
	shapeChunks [1 << (32 - shapeChunkBits)]*[1 << shapeChunkBits]shape
	shapeReg    struct {
		sync.Mutex
		ids map[shape]uint32
		n   uint64
	}
)

// registerShape returns the number of shape k, adding it to the table.
func registerShape(k shape) uint32 {
	shapeReg.Lock()
	defer shapeReg.Unlock()
	if id, ok := shapeReg.ids[k]; ok {
		return id
	}
	if shapeReg.n >= 1<<32 {
		panic("smt: more than 2^32 term shapes")
	}
	id := uint32(shapeReg.n)
	c := shapeChunks[id>>shapeChunkBits]
	if c == nil {
		c = new([1 << shapeChunkBits]shape)
		shapeChunks[id>>shapeChunkBits] = c
	}
	c[id&shapeChunkMask] = k
	if shapeReg.ids == nil {
		shapeReg.ids = make(map[shape]uint32)
	}
	shapeReg.ids[k] = id
	shapeReg.n++
	return id
}

func (t *Term) shape() *shape {
	return &shapeChunks[t.sig>>shapeChunkBits][t.sig&shapeChunkMask]
}

// auxOf is the side record of t, whose shape is sh.
func (t *Term) auxOf(sh *shape) unsafe.Pointer {
	switch sh.form {
	case formAux:
		return t.p[2]
	case formSpill:
		return (*spill)(t.p[0]).aux
	}
	return nil
}

func (t *Term) argsOf(sh *shape) []*Term {
	if sh.form == formSpill {
		return (*spill)(t.p[0]).args
	}
	if sh.n == 0 {
		return nil
	}
	return unsafe.Slice((**Term)(unsafe.Pointer(&t.p[0])), sh.n)
}

// Kind is the shape of the term.
func (t *Term) Kind() TermKind { return t.shape().kind }

// Sort is the term's sort.
func (t *Term) Sort() *Sort { return t.shape().sort }

// ID is a dense number of the term within its Store (0, 1, 2, …), for tables
// indexed by term. The largest id grows with everything the Store ever
// made, so index an [IDTable] by it, not a flat slice.
func (t *Term) ID() int { return int(t.id) }

// Op is the theory operator of an App (OpNone for a function application).
func (t *Term) Op() Op { return t.shape().op }

// Func is the function symbol of an App of a declared or defined function,
// closed box or datatype function; nil for theory operators.
func (t *Term) Func() *Func {
	if sh := t.shape(); sh.aux == auxFunc {
		return (*Func)(t.auxOf(sh))
	}
	return nil
}

// Args are the arguments. The slice must not be modified.
func (t *Term) Args() []*Term { return t.argsOf(t.shape()) }

// Arg is the i-th argument.
func (t *Term) Arg(i int) *Term { return t.Args()[i] }

// NumArgs is the number of arguments.
func (t *Term) NumArgs() int {
	sh := t.shape()
	if sh.form == formSpill {
		return len((*spill)(t.p[0]).args)
	}
	return int(sh.n)
}

// Indices are the numeral indices of an indexed operator, such as i and j of
// ((_ extract i j) x). The slice must not be modified.
func (t *Term) Indices() []int {
	if sh := t.shape(); sh.aux == auxIdx {
		return (*idxRec)(t.auxOf(sh)).idx
	}
	return nil
}

// LiteralKind says what a Literal holds.
func (t *Term) LiteralKind() LiteralKind { return t.shape().lit }

// BigInt is the value of a numeral or bit-vector literal (unsigned). It must
// not be modified.
func (t *Term) BigInt() *big.Int {
	switch sh := t.shape(); sh.aux {
	case auxU64:
		// The value is a uint64 in a slab; its big.Int is made on the
		// first call and kept in the literal's free slot p[0]. Readers may
		// race to make it: all of them get the one stored first.
		if b := atomic.LoadPointer(&t.p[0]); b != nil {
			return (*big.Int)(b)
		}
		b := unsafe.Pointer(new(big.Int).SetUint64(*(*uint64)(t.p[2])))
		if !atomic.CompareAndSwapPointer(&t.p[0], nil, b) {
			b = atomic.LoadPointer(&t.p[0])
		}
		return (*big.Int)(b)
	case auxBig:
		return (*big.Int)(t.auxOf(sh))
	}
	return nil
}

// uint64 is the value of a numeral or bit-vector literal below 2^64.
func (t *Term) uint64() (uint64, bool) {
	if sh := t.shape(); sh.aux == auxU64 {
		return *(*uint64)(t.p[2]), true
	}
	return 0, false
}

// Rat is the value of a decimal literal. It must not be modified.
func (t *Term) Rat() *big.Rat {
	if sh := t.shape(); sh.aux == auxRat {
		return (*big.Rat)(t.auxOf(sh))
	}
	return nil
}

// Runes is the value of a string literal as code points. It must not be
// modified.
func (t *Term) Runes() []rune {
	if sh := t.shape(); sh.aux == auxRunes {
		return (*runesRec)(t.auxOf(sh)).r
	}
	return nil
}

// Name is the name of a bound variable, or of the function of an App.
func (t *Term) Name() string {
	switch sh := t.shape(); sh.aux {
	case auxFunc:
		return (*Func)(t.auxOf(sh)).Name
	case auxName:
		return (*nameRec)(t.auxOf(sh)).name
	}
	return ""
}

// Binders are the variables bound by a Let, Forall or Exists, and those of
// all the patterns of a Match (each is bound in its own case only; see
// [Term.Cases]). The slice must not be modified.
func (t *Term) Binders() []*Term {
	switch sh := t.shape(); sh.aux {
	case auxBinders:
		return (*bindersRec)(t.auxOf(sh)).vars
	case auxMatch:
		return (*matchRec)(t.auxOf(sh)).vars
	}
	return nil
}

// Cases are the patterns of a Match term, one per body (argument i+1 is
// the body of case i). The slice must not be modified.
func (t *Term) Cases() []MatchCase {
	if sh := t.shape(); sh.aux == auxMatch {
		return (*matchRec)(t.auxOf(sh)).cases
	}
	return nil
}

// Attributes are the attributes of an Annotated term. The slice must not be
// modified.
func (t *Term) Attributes() []Attribute {
	if sh := t.shape(); sh.aux == auxAttrs {
		return (*attrsRec)(t.auxOf(sh)).attrs
	}
	return nil
}

// IsConst reports whether t is a declared constant (an application of a
// function symbol with no arguments, not a datatype constructor).
func (t *Term) IsConst() bool {
	sh := t.shape()
	return sh.kind == App && sh.aux == auxFunc && t.NumArgs() == 0 &&
		(*Func)(t.auxOf(sh)).Kind != FuncConstructor
}

// IsValue reports whether t is a literal or true/false.
func (t *Term) IsValue() bool {
	sh := t.shape()
	return sh.kind == Literal || (sh.kind == App && (sh.op == OpTrue || sh.op == OpFalse))
}
