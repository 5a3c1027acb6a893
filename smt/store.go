package smt

import (
	"encoding/binary"
	"math/big"
	"math/bits"
	"slices"
	"unsafe"
)

// Store builds and owns terms. Building the same term twice returns the same
// node. A Store is not safe for concurrent use; give each goroutine its own.
// Terms are immutable: any number of goroutines may read them at once.
type Store struct {
	// Options of the type checker.
	Options StoreOptions

	// Nodes live in chunks, in id order: the first headChunks*headChunk
	// in small chunks, so that a small store stays small, the others in
	// chunks of termChunk (chunks[0] is unused).
	head   [headChunks]*[headChunk]Term
	chunks []*[termChunk]Term
	n      int

	// The hash-consing table: open addressing over groups of 8 slots,
	// probed group after group. ctrl holds 0 for an empty slot, otherwise
	// 0x80 and 7 bits of the term's hash; slots holds the term's id.
	ctrl  []byte
	slots []uint32

	funcs  int
	shapes [shapeCacheSize]shapeSlot

	// Side records shared by the terms of this store, so that equal ones
	// are one pointer: indices, variable names, binder lists.
	idxs    map[string]*idxRec
	names   map[string]*nameRec
	binders map[string]*bindersRec
	matches map[string]*matchRec
	key     []byte

	lits     []uint64
	spills   []spill
	argArena []*Term
	sortBuf  []*Sort
}

// StoreOptions change what the builders accept.
type StoreOptions struct {
	// StrictArith rejects arithmetic over mixed Int and Real arguments,
	// as the SMT-LIB Reals_Ints theory does. By default, as z3 and cvc5
	// do, an Int argument is accepted where a Real is expected.
	StrictArith bool
}

// Chunk sizes avoid the 8-byte header Go puts in front of a small object
// with pointers, which would push a power-of-two size into the next size
// class (16 KiB to 18 KiB, 12 % lost): a chunk of nodes is a large object
// (64 KiB, no header) and slabs of side records with pointers hold one
// element less than a power of two bytes.
const (
	termChunkBits = 11 // 2048 nodes, 64 KiB a chunk
	termChunk     = 1 << termChunkBits
	termChunkMask = termChunk - 1
	headChunkBits = 8
	headChunk     = 1 << headChunkBits // 8 KiB
	headChunks    = termChunk / headChunk

	litSlab   = 4096 / 8 // no pointers, no header
	spillSlab = 4096/32 - 1
	argSlab   = 8192/8 - 1

	initialSlots   = 512 // a power of two, at least 8
	shapeCacheSize = 128
)

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{ctrl: make([]byte, initialSlots), slots: make([]uint32, initialSlots)}
}

// NumTerms is the number of distinct terms built so far; term ids are below it.
func (s *Store) NumTerms() int { return s.n }

// TermByID returns the term with the given id.
func (s *Store) TermByID(id int) *Term {
	if id < termChunk {
		return &s.head[id>>headChunkBits][id&(headChunk-1)]
	}
	return &s.chunks[id>>termChunkBits][id&termChunkMask]
}

// shapeSlot is an entry of a store's cache of shape numbers, which spares
// the lock of the process-wide table on nearly every build.
type shapeSlot struct {
	k  shape
	id uint32
	ok bool
}

func (s *Store) shapeID(k shape) uint32 {
	var sid uint32
	if k.sort != nil {
		sid = uint32(k.sort.id)
	}
	h := sid*0x9E3779B1 ^ uint32(k.op)*0x85EBCA77 ^ uint32(k.kind)<<24 ^ uint32(k.form)<<28 ^
		uint32(k.n)<<16 ^ uint32(k.aux)<<20 ^ uint32(k.lit)<<30
	h ^= h >> 15
	h *= 0x2C1B3C6D
	h ^= h >> 12
	e := &s.shapes[h&(shapeCacheSize-1)]
	if e.ok && e.k == k {
		return e.id
	}
	id := registerShape(k)
	*e = shapeSlot{k, id, true}
	return id
}

func mix(h, v uint64) uint64 {
	h ^= v
	h *= 0x9E3779B97F4A7C15
	return h ^ h>>32
}

func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func ptrBits[T any](p *T) uint64 { return uint64(uintptr(unsafe.Pointer(p))) }

// hashParts hashes a term from its parts. Arguments, functions and shared
// side records are hashed by address (nodes never move), literal values
// and attributes by content.
func hashParts(sig uint32, args []*Term, ak auxKind, aux unsafe.Pointer, u64 uint64) uint64 {
	h := mix(0x6A09E667F3BCC908, uint64(sig))
	for _, a := range args {
		h = mix(h, ptrBits(a))
	}
	switch ak {
	case auxNone:
	case auxU64:
		h = mix(h, u64)
	case auxBig:
		for _, w := range (*big.Int)(aux).Bits() {
			h = mix(h, uint64(w))
		}
	case auxRat:
		r := (*big.Rat)(aux)
		for _, w := range r.Num().Bits() {
			h = mix(h, uint64(w))
		}
		h = mix(h, uint64(r.Num().Sign()+7))
		for _, w := range r.Denom().Bits() {
			h = mix(h, uint64(w))
		}
	case auxRunes:
		for _, c := range (*runesRec)(aux).r {
			h = mix(h, uint64(c))
		}
	case auxAttrs:
		for _, a := range (*attrsRec)(aux).attrs {
			h = mix(h, hashString(a.Key))
			h = mix(h, hashString(a.Value))
			h = mix(h, uint64(len(a.Terms)))
			if a.Terms == nil {
				h = mix(h, 1)
			}
			for _, t := range a.Terms {
				h = mix(h, ptrBits(t))
			}
		}
	default:
		h = mix(h, uint64(uintptr(aux)))
	}
	// finalizer of MurmurHash3: every bit of the input reaches the low
	// bits (the group) and the high bits (the tag)
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	return h ^ h>>33
}

func hashNode(t *Term) uint64 {
	sh := t.shape()
	aux := t.auxOf(sh)
	var u64 uint64
	if sh.aux == auxU64 {
		u64 = *(*uint64)(aux)
	}
	return hashParts(t.sig, t.argsOf(sh), sh.aux, aux, u64)
}

// sameParts reports whether node t, of shape k (already known to be its
// shape), has these arguments and side record.
func sameParts(t *Term, k *shape, args []*Term, aux unsafe.Pointer, u64 uint64) bool {
	var taux unsafe.Pointer
	if k.form == formSpill {
		sp := (*spill)(t.p[0])
		if !slices.Equal(sp.args, args) {
			return false
		}
		taux = sp.aux
	} else {
		for i, a := range args {
			if t.p[i] != unsafe.Pointer(a) {
				return false
			}
		}
		if k.form == formAux {
			taux = t.p[2]
		}
	}
	switch k.aux {
	case auxNone:
		return true
	case auxU64:
		return *(*uint64)(taux) == u64
	case auxBig:
		return (*big.Int)(taux).Cmp((*big.Int)(aux)) == 0
	case auxRat:
		return (*big.Rat)(taux).Cmp((*big.Rat)(aux)) == 0
	case auxRunes:
		return slices.Equal((*runesRec)(taux).r, (*runesRec)(aux).r)
	case auxAttrs:
		return sameAttrs((*attrsRec)(taux).attrs, (*attrsRec)(aux).attrs)
	}
	return taux == aux // functions and shared records
}

func sameAttrs(a, b []Attribute) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Key != y.Key || x.Value != y.Value || (x.Terms == nil) != (y.Terms == nil) || !slices.Equal(x.Terms, y.Terms) {
			return false
		}
	}
	return true
}

const (
	ctrlHigh = 0x8080808080808080
	ctrlLow  = 0x7F7F7F7F7F7F7F7F
	ctrlOnes = 0x0101010101010101
)

// matchTag has the high bit set in each byte of the group w equal to tag.
func matchTag(w uint64, tag byte) uint64 {
	x := w ^ ctrlOnes*uint64(tag)
	return ^((x&ctrlLow + ctrlLow) | x | ctrlLow)
}

// node returns the term with shape k (form and arity are filled in here),
// these arguments and this side record, making it if it is new. For a
// literal below 2^64 (auxU64) the value is u64 and aux is nil. Records that
// are shared in the store (auxIdx, auxName, auxBinders) must come from
// the store's intern functions; other records are kept only when the term
// is new.
func (s *Store) node(k shape, args []*Term, aux unsafe.Pointer, u64 uint64) *Term {
	n := len(args)
	switch {
	case k.aux == auxNone && n <= 3:
		k.form, k.n = formInline, uint8(n)
	case n <= 2:
		k.form, k.n = formAux, uint8(n)
	default:
		k.form = formSpill
	}
	sig := s.shapeID(k)
	h := hashParts(sig, args, k.aux, aux, u64)
	tag := byte(h>>57) | 0x80
	mask := len(s.ctrl)>>3 - 1
	for g := int(h) & mask; ; g = (g + 1) & mask {
		w := binary.LittleEndian.Uint64(s.ctrl[g<<3:])
		for m := matchTag(w, tag); m != 0; m &= m - 1 {
			t := s.TermByID(int(s.slots[g<<3+bits.TrailingZeros64(m)>>3]))
			if t.sig == sig && sameParts(t, &k, args, aux, u64) {
				return t
			}
		}
		if e := ^w & ctrlHigh; e != 0 {
			return s.insert(g<<3+bits.TrailingZeros64(e)>>3, tag, sig, &k, args, aux, u64)
		}
	}
}

func (s *Store) insert(slot int, tag byte, sig uint32, k *shape, args []*Term, aux unsafe.Pointer, u64 uint64) *Term {
	if k.aux == auxU64 {
		aux = unsafe.Pointer(s.newLit(u64))
	}
	t := s.newNode()
	t.sig = sig
	switch k.form {
	case formSpill:
		sp := s.newSpill()
		sp.args = s.allocArgs(args)
		sp.aux = aux
		t.p[0] = unsafe.Pointer(sp)
	case formAux:
		t.p[2] = aux
		fallthrough
	default:
		for i, a := range args {
			t.p[i] = unsafe.Pointer(a)
		}
	}
	s.ctrl[slot] = tag
	s.slots[slot] = t.id
	if 8*s.n > 7*len(s.ctrl) { // load factor at most 7/8
		s.grow()
	}
	return t
}

func (s *Store) grow() {
	ctrl := make([]byte, 2*len(s.ctrl))
	slots := make([]uint32, 2*len(s.ctrl))
	mask := len(ctrl)>>3 - 1
	for id := 0; id < s.n; id++ {
		h := hashNode(s.TermByID(id))
		for g := int(h) & mask; ; g = (g + 1) & mask {
			w := binary.LittleEndian.Uint64(ctrl[g<<3:])
			if e := ^w & ctrlHigh; e != 0 {
				i := g<<3 + bits.TrailingZeros64(e)>>3
				ctrl[i] = byte(h>>57) | 0x80
				slots[i] = uint32(id)
				break
			}
		}
	}
	s.ctrl, s.slots = ctrl, slots
}

// newNode takes the next node of the current chunk, numbered in order.
func (s *Store) newNode() *Term {
	switch {
	case s.n < termChunk:
		if s.n&(headChunk-1) == 0 {
			s.head[s.n>>headChunkBits] = new([headChunk]Term)
		}
	case s.n&termChunkMask == 0:
		if len(s.chunks) == 0 {
			s.chunks = append(s.chunks, nil)
		}
		s.chunks = append(s.chunks, new([termChunk]Term))
	}
	t := s.TermByID(s.n)
	t.id = uint32(s.n)
	s.n++
	return t
}

func (s *Store) newLit(v uint64) *uint64 {
	if len(s.lits) == 0 {
		s.lits = make([]uint64, litSlab)
	}
	l := &s.lits[0]
	s.lits = s.lits[1:]
	*l = v
	return l
}

func (s *Store) newSpill() *spill {
	if len(s.spills) == 0 {
		s.spills = make([]spill, spillSlab)
	}
	sp := &s.spills[0]
	s.spills = s.spills[1:]
	return sp
}

func (s *Store) allocArgs(args []*Term) []*Term {
	if len(args) > 64 {
		return slices.Clone(args)
	}
	if cap(s.argArena)-len(s.argArena) < len(args) {
		s.argArena = make([]*Term, 0, argSlab)
	}
	start := len(s.argArena)
	s.argArena = append(s.argArena, args...)
	return s.argArena[start:len(s.argArena):len(s.argArena)]
}

// internIdx returns the store's one record of these indices.
func (s *Store) internIdx(idx []int) *idxRec {
	key := s.key[:0]
	for _, i := range idx {
		key = binary.AppendVarint(key, int64(i))
	}
	s.key = key
	if r := s.idxs[string(key)]; r != nil {
		return r
	}
	if s.idxs == nil {
		s.idxs = map[string]*idxRec{}
	}
	r := &idxRec{slices.Clone(idx)}
	s.idxs[string(key)] = r
	return r
}

// internName returns the store's one record of a variable name.
func (s *Store) internName(name string) *nameRec {
	if r := s.names[name]; r != nil {
		return r
	}
	if s.names == nil {
		s.names = map[string]*nameRec{}
	}
	r := &nameRec{name}
	s.names[name] = r
	return r
}

// internBinders returns the store's one record of a list of variables.
func (s *Store) internBinders(vars []*Term) *bindersRec {
	key := s.key[:0]
	for _, v := range vars {
		key = binary.LittleEndian.AppendUint64(key, ptrBits(v))
	}
	s.key = key
	if r := s.binders[string(key)]; r != nil {
		return r
	}
	if s.binders == nil {
		s.binders = map[string]*bindersRec{}
	}
	r := &bindersRec{slices.Clone(vars)}
	s.binders[string(key)] = r
	return r
}

// internMatch returns the store's one record of a list of patterns.
func (s *Store) internMatch(cases []MatchCase) *matchRec {
	key := s.key[:0]
	for _, c := range cases {
		key = binary.LittleEndian.AppendUint64(key, ptrBits(c.Constructor))
		key = binary.AppendUvarint(key, uint64(len(c.Vars)))
		for _, v := range c.Vars {
			key = binary.LittleEndian.AppendUint64(key, ptrBits(v))
		}
	}
	s.key = key
	if r := s.matches[string(key)]; r != nil {
		return r
	}
	if s.matches == nil {
		s.matches = map[string]*matchRec{}
	}
	r := &matchRec{cases: make([]MatchCase, len(cases))}
	for i, c := range cases {
		r.cases[i] = MatchCase{Constructor: c.Constructor, Vars: slices.Clone(c.Vars)}
		r.vars = append(r.vars, c.Vars...)
	}
	s.matches[string(key)] = r
	return r
}
