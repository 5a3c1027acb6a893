package smt

import (
	"math/big"
	"slices"
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
)

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
type Term struct {
	sort *Sort
	args []*Term
	fun  *Func
	x    *extra
	id   uint32
	op   Op
	kind TermKind
}

type extra struct {
	idx     []int
	lit     LiteralKind
	num     *big.Int // numeral, bit-vector value
	rat     *big.Rat // decimal
	str     []rune
	name    string
	binders []*Term
	attrs   []Attribute
}

var noExtra = &extra{}

// Kind is the shape of the term.
func (t *Term) Kind() TermKind { return t.kind }

// Sort is the term's sort.
func (t *Term) Sort() *Sort { return t.sort }

// ID is a dense number of the term within its Store (0, 1, 2, …), for slices
// indexed by term.
func (t *Term) ID() int { return int(t.id) }

// Op is the theory operator of an App (OpNone for a function application).
func (t *Term) Op() Op { return t.op }

// Func is the function symbol of an App of a declared or defined function,
// closed box or datatype function; nil for theory operators.
func (t *Term) Func() *Func { return t.fun }

// Args are the arguments. The slice must not be modified.
func (t *Term) Args() []*Term { return t.args }

// Arg is the i-th argument.
func (t *Term) Arg(i int) *Term { return t.args[i] }

// NumArgs is the number of arguments.
func (t *Term) NumArgs() int { return len(t.args) }

// Indices are the numeral indices of an indexed operator, such as i and j of
// ((_ extract i j) x).
func (t *Term) Indices() []int { return t.ext().idx }

// LiteralKind says what a Literal holds.
func (t *Term) LiteralKind() LiteralKind { return t.ext().lit }

// BigInt is the value of a numeral or bit-vector literal (unsigned). It must
// not be modified.
func (t *Term) BigInt() *big.Int { return t.ext().num }

// Rat is the value of a decimal literal. It must not be modified.
func (t *Term) Rat() *big.Rat { return t.ext().rat }

// Runes is the value of a string literal as code points. It must not be
// modified.
func (t *Term) Runes() []rune { return t.ext().str }

// Name is the name of a bound variable, or of the function of an App.
func (t *Term) Name() string {
	if t.fun != nil {
		return t.fun.Name
	}
	return t.ext().name
}

// Binders are the variables bound by a Let, Forall or Exists.
func (t *Term) Binders() []*Term { return t.ext().binders }

// Attributes are the attributes of an Annotated term.
func (t *Term) Attributes() []Attribute { return t.ext().attrs }

// IsConst reports whether t is a declared constant (an application of a
// function symbol with no arguments, not a datatype constructor).
func (t *Term) IsConst() bool {
	return t.kind == App && t.fun != nil && len(t.args) == 0 && t.fun.Kind != FuncConstructor
}

// IsValue reports whether t is a literal or true/false.
func (t *Term) IsValue() bool {
	return t.kind == Literal || (t.kind == App && (t.op == OpTrue || t.op == OpFalse))
}

func (t *Term) ext() *extra {
	if t.x == nil {
		return noExtra
	}
	return t.x
}

// Store builds and owns terms. Building the same term twice returns the same
// node. A Store is not safe for concurrent use; give each goroutine its own.
type Store struct {
	table []slot // open addressing, linear probing; len is a power of two
	count int
	terms []*Term
	funcs int
	// Options of the type checker.
	Options StoreOptions

	argArena []*Term
	sortBuf  []*Sort
	slab     []Term
}

// StoreOptions change what the builders accept.
type StoreOptions struct {
	// StrictArith rejects arithmetic over mixed Int and Real arguments,
	// as the SMT-LIB Reals_Ints theory does. By default, as z3 and cvc5
	// do, an Int argument is accepted where a Real is expected.
	StrictArith bool
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{table: make([]slot, 1024)}
}

// NumTerms is the number of distinct terms built so far; term ids are below it.
func (s *Store) NumTerms() int { return len(s.terms) }

// TermByID returns the term with the given id.
func (s *Store) TermByID(id int) *Term { return s.terms[id] }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func mix(h, v uint64) uint64 {
	h ^= v
	h *= fnvPrime
	h ^= h >> 29
	return h
}

func (s *Store) hashOf(t *Term) uint64 {
	h := uint64(fnvOffset)
	h = mix(h, uint64(t.kind)<<16|uint64(t.op))
	h = mix(h, uint64(t.sort.id))
	if t.fun != nil {
		h = mix(h, uint64(t.fun.id)+1<<40)
	}
	for _, a := range t.args {
		h = mix(h, uint64(a.id))
	}
	if x := t.x; x != nil {
		for _, i := range x.idx {
			h = mix(h, uint64(i))
		}
		h = mix(h, uint64(x.lit))
		if x.num != nil {
			for _, w := range x.num.Bits() {
				h = mix(h, uint64(w))
			}
			h = mix(h, uint64(x.num.Sign()+7))
		}
		if x.rat != nil {
			h = mix(h, hashString(x.rat.String()))
		}
		for _, r := range x.str {
			h = mix(h, uint64(r))
		}
		h = mix(h, hashString(x.name))
		for _, b := range x.binders {
			h = mix(h, uint64(b.id))
		}
		for _, a := range x.attrs {
			h = mix(h, hashString(a.Key))
			h = mix(h, hashString(a.Value))
			for _, at := range a.Terms {
				h = mix(h, uint64(at.id))
			}
		}
	}
	return h
}

func hashString(s string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func sameTerm(a, b *Term) bool {
	if a.kind != b.kind || a.op != b.op || a.sort != b.sort || a.fun != b.fun || len(a.args) != len(b.args) {
		return false
	}
	for i := range a.args {
		if a.args[i] != b.args[i] {
			return false
		}
	}
	return sameExtra(a.ext(), b.ext())
}

func sameExtra(a, b *extra) bool {
	if a == b {
		return true
	}
	if !slices.Equal(a.idx, b.idx) || a.lit != b.lit || a.name != b.name ||
		!slices.Equal(a.str, b.str) || !slices.Equal(a.binders, b.binders) || len(a.attrs) != len(b.attrs) {
		return false
	}
	if (a.num == nil) != (b.num == nil) || (a.num != nil && a.num.Cmp(b.num) != 0) {
		return false
	}
	if (a.rat == nil) != (b.rat == nil) || (a.rat != nil && a.rat.Cmp(b.rat) != 0) {
		return false
	}
	for i := range a.attrs {
		x, y := a.attrs[i], b.attrs[i]
		if x.Key != y.Key || x.Value != y.Value || !slices.Equal(x.Terms, y.Terms) {
			return false
		}
	}
	return true
}

// slot is one entry of the hash-consing table: the hash is kept beside the
// pointer so that a probe touches the node only when the hashes match.
type slot struct {
	hash uint64
	t    *Term
}

// intern returns the canonical node equal to t, inserting t (with its args
// copied into the store's arena) when it is new.
func (s *Store) intern(t *Term) *Term {
	h := s.hashOf(t)
	mask := uint64(len(s.table) - 1)
	i := h & mask
	for {
		e := &s.table[i]
		if e.t == nil {
			break
		}
		if e.hash == h && sameTerm(e.t, t) {
			return e.t
		}
		i = (i + 1) & mask
	}
	n := s.newTerm()
	*n = *t
	if len(t.args) > 0 {
		n.args = s.allocArgs(t.args)
	}
	n.id = uint32(len(s.terms))
	s.terms = append(s.terms, n)
	s.table[i] = slot{h, n}
	s.count++
	if 4*s.count > 3*len(s.table) { // load factor at most 3/4
		s.grow()
	}
	return n
}

// newTerm takes a node from the current slab: one allocation per 256
// nodes instead of one each, which the garbage collector feels.
func (s *Store) newTerm() *Term {
	if len(s.slab) == 0 {
		s.slab = make([]Term, 256)
	}
	n := &s.slab[0]
	s.slab = s.slab[1:]
	return n
}

func (s *Store) allocArgs(args []*Term) []*Term {
	if len(args) > 64 {
		return slices.Clone(args)
	}
	if cap(s.argArena)-len(s.argArena) < len(args) {
		s.argArena = make([]*Term, 0, 4096)
	}
	start := len(s.argArena)
	s.argArena = append(s.argArena, args...)
	return s.argArena[start:len(s.argArena):len(s.argArena)]
}

func (s *Store) grow() {
	nt := make([]slot, 2*len(s.table))
	mask := uint64(len(nt) - 1)
	for _, e := range s.table {
		if e.t == nil {
			continue
		}
		i := e.hash & mask
		for nt[i].t != nil {
			i = (i + 1) & mask
		}
		nt[i] = e
	}
	s.table = nt
}
