package strs

import (
	"encoding/binary"
	"slices"
	"sort"
)

// kind is the top constructor of a Regex in normal form.
type kind uint8

const (
	kNone   kind = iota // ∅
	kEps                // {ε}
	kClass              // the one-character strings of cs
	kConcat             // subs[0]·subs[1]; subs[0] is never a concatenation
	kUnion              // ⋃ subs: ≥ 2, sorted by id, at most one class
	kInter              // ⋂ subs: ≥ 2, sorted by id, at most one class
	kStar               // subs[0]*
	kLoop               // subs[0]^lo ∪ … ∪ subs[0]^hi, 0 <= lo <= hi, hi >= 1
	kComp               // UC* \ subs[0]
)

// Regex is a regular language over the SMT-LIB alphabet [0, MaxChar], as a
// node of the hash-consed graph its [Builder] owns: two Regexes from one
// Builder denote the same normal form exactly when they are the same
// pointer. Normal forms are built by smart constructors (associativity,
// commutativity and idempotence of union and intersection, units and zeros,
// (r*)* = r*, r*r* = r*, adjacent character classes merged), which is what
// keeps the set of derivatives of any Regex finite (Brzozowski 1964).
//
// Counting is symbolic: ((_ re.loop 0 1000000000) r) is one node, and each
// derivative step lowers its bounds by one.
type Regex struct {
	id       int
	kind     kind
	nullable bool
	cs       CharSet
	subs     []*Regex
	lo, hi   int

	// The lazily built automaton: the alphabet is cut into cells at
	// bounds (bounds[0] = 0, cell k = [bounds[k], bounds[k+1]) ) on which
	// the derivative is constant; next[k] is that derivative once known.
	bounds []rune
	next   []*Regex
	rev    *Regex
}

// Nullable reports whether the language contains the empty string.
func (r *Regex) Nullable() bool { return r.nullable }

// IsNone reports whether r is the normal form of the empty language. A
// Regex can denote ∅ without being re.none (say (re.inter a b)); use
// [Builder.IsEmpty] to decide emptiness.
func (r *Regex) IsNone() bool { return r.kind == kNone }

// Builder makes Regexes and memoizes their derivatives: it is the lazily
// built DFA of every language it has seen. A Builder is not safe for
// concurrent use. It only grows; drop it for a new one when [Builder.Len]
// gets too large for the caller's taste.
type Builder struct {
	intern  map[string]*Regex
	key     []byte
	none    *Regex
	eps     *Regex
	allchar *Regex
	all     *Regex
	terms   termCache
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	b := &Builder{intern: map[string]*Regex{}}
	b.none = b.make(&Regex{kind: kNone})
	b.eps = b.make(&Regex{kind: kEps, nullable: true})
	b.allchar = b.make(&Regex{kind: kClass, cs: AllChars})
	b.all = b.make(&Regex{kind: kStar, nullable: true, subs: []*Regex{b.allchar}})
	return b
}

// Len is the number of distinct Regexes the Builder has made.
func (b *Builder) Len() int { return len(b.intern) }

// make interns r.
func (b *Builder) make(r *Regex) *Regex {
	k := b.key[:0]
	k = append(k, byte(r.kind))
	switch r.kind {
	case kClass:
		for _, iv := range r.cs {
			k = binary.AppendUvarint(k, uint64(iv.Lo))
			k = binary.AppendUvarint(k, uint64(iv.Hi))
		}
	case kLoop:
		k = binary.AppendUvarint(k, uint64(r.lo))
		k = binary.AppendUvarint(k, uint64(r.hi))
	}
	for _, s := range r.subs {
		k = binary.AppendUvarint(k, uint64(s.id))
	}
	b.key = k
	if old, ok := b.intern[string(k)]; ok {
		return old
	}
	r.id = len(b.intern)
	b.intern[string(k)] = r
	return r
}

// None is re.none, the empty language.
func (b *Builder) None() *Regex { return b.none }

// Eps is (str.to_re ""), the language of the empty string.
func (b *Builder) Eps() *Regex { return b.eps }

// AllChar is re.allchar, every one-character string.
func (b *Builder) AllChar() *Regex { return b.allchar }

// All is re.all, every string.
func (b *Builder) All() *Regex { return b.all }

// Class is the language of the one-character strings of cs.
func (b *Builder) Class(cs CharSet) *Regex {
	if cs.IsEmpty() {
		return b.none
	}
	if cs.Equal(AllChars) {
		return b.allchar
	}
	return b.make(&Regex{kind: kClass, cs: cs})
}

// Str is (str.to_re s), the language {s}.
func (b *Builder) Str(s []rune) *Regex {
	r := b.eps
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		if c < 0 || c > MaxChar {
			return b.none
		}
		r = b.Concat(b.Class(CharSet{{c, c}}), r)
	}
	return r
}

// Range is (re.range lo hi): the one-character strings from lo to hi
// when both are one-character strings, else the empty language.
func (b *Builder) Range(lo, hi []rune) *Regex {
	if len(lo) != 1 || len(hi) != 1 {
		return b.none
	}
	return b.Class(Range(lo[0], hi[0]))
}

// Concat is (re.++ r…); no argument gives {ε}.
func (b *Builder) Concat(rs ...*Regex) *Regex {
	out := b.eps
	for i := len(rs) - 1; i >= 0; i-- {
		out = b.concat2(rs[i], out)
	}
	return out
}

func (b *Builder) concat2(x, y *Regex) *Regex {
	switch {
	case x.kind == kNone || y.kind == kNone:
		return b.none
	case x.kind == kEps:
		return y
	case y.kind == kEps:
		return x
	case x.kind == kConcat:
		return b.concat2(x.subs[0], b.concat2(x.subs[1], y))
	case x.kind == kStar && (y == x || y.kind == kConcat && y.subs[0] == x):
		return y // r*r* = r*
	}
	return b.make(&Regex{kind: kConcat, nullable: x.nullable && y.nullable, subs: []*Regex{x, y}})
}

// Union is (re.union r…); no argument gives ∅.
func (b *Builder) Union(rs ...*Regex) *Regex {
	var items []*Regex
	var cs CharSet
	hasClass, hasEps, otherNullable := false, false, false
	var add func(r *Regex) bool
	add = func(r *Regex) bool {
		switch r.kind {
		case kNone:
		case kEps:
			hasEps = true
		case kClass:
			cs, hasClass = cs.Union(r.cs), true
		case kUnion:
			for _, s := range r.subs {
				if add(s) {
					return true
				}
			}
		default:
			if r == b.all {
				return true
			}
			otherNullable = otherNullable || r.nullable
			items = append(items, r)
		}
		return false
	}
	for _, r := range rs {
		if add(r) {
			return b.all
		}
	}
	if hasClass {
		items = append(items, b.Class(cs))
	}
	if hasEps && !otherNullable {
		items = append(items, b.eps)
	}
	return b.nary(kUnion, b.mergeLoops(items), b.none)
}

// mergeLoops rewrites h·r^[l1,h1] ∪ h·r^[l2,h2] (h possibly absent) to
// h·r^[min, max] when the two index intervals overlap or touch. Without
// it the derivatives of a counted non-deterministic body, such as
// ((_ re.loop 0 1000000000) (re.union (str.to_re "a") (str.to_re "aa"))),
// gain one union member per character and matching turns quadratic.
func (b *Builder) mergeLoops(items []*Regex) []*Regex {
	type key struct{ head, body *Regex }
	split := func(r *Regex) (key, *Regex, bool) {
		if r.kind == kLoop {
			return key{nil, r.subs[0]}, r, true
		}
		if r.kind == kConcat && r.subs[1].kind == kLoop {
			return key{r.subs[0], r.subs[1].subs[0]}, r.subs[1], true
		}
		return key{}, nil, false
	}
	n := 0
	for _, r := range items {
		if _, _, ok := split(r); ok {
			n++
		}
	}
	if n < 2 {
		return items
	}
	groups := map[key][][2]int{}
	var order []key
	out := items[:0:0]
	for _, r := range items {
		k, l, ok := split(r)
		if !ok {
			out = append(out, r)
			continue
		}
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], [2]int{l.lo, l.hi})
	}
	for _, k := range order {
		ivs := groups[k]
		slices.SortFunc(ivs, func(x, y [2]int) int { return x[0] - y[0] })
		cur := ivs[0]
		flush := func() {
			l := b.Loop(k.body, cur[0], cur[1])
			if k.head != nil {
				l = b.concat2(k.head, l)
			}
			out = append(out, l)
		}
		for _, iv := range ivs[1:] {
			if iv[0] <= cur[1]+1 {
				cur[1] = max(cur[1], iv[1])
				continue
			}
			flush()
			cur = iv
		}
		flush()
	}
	return out
}

// nary finishes a union or intersection: sorted, without duplicates.
func (b *Builder) nary(k kind, items []*Regex, unit *Regex) *Regex {
	slices.SortFunc(items, func(x, y *Regex) int { return x.id - y.id })
	items = slices.Compact(items)
	switch len(items) {
	case 0:
		return unit
	case 1:
		return items[0]
	}
	n := k == kInter
	for _, s := range items {
		if k == kInter {
			n = n && s.nullable
		} else {
			n = n || s.nullable
		}
	}
	return b.make(&Regex{kind: k, nullable: n, subs: items})
}

// Inter is (re.inter r…); no argument gives re.all.
func (b *Builder) Inter(rs ...*Regex) *Regex {
	var items []*Regex
	var cs CharSet
	hasClass, hasEps, allNullable := false, false, true
	var add func(r *Regex) bool
	add = func(r *Regex) bool {
		switch r.kind {
		case kNone:
			return true
		case kEps:
			hasEps = true
		case kClass:
			if hasClass {
				cs = cs.Inter(r.cs)
			} else {
				cs, hasClass = r.cs, true
			}
		case kInter:
			for _, s := range r.subs {
				if add(s) {
					return true
				}
			}
		default:
			if r != b.all {
				allNullable = allNullable && r.nullable
				items = append(items, r)
			}
		}
		return false
	}
	for _, r := range rs {
		if add(r) {
			return b.none
		}
	}
	if hasEps {
		// {ε} ∩ L is {ε} or ∅; a class has no ε.
		if hasClass || !allNullable {
			return b.none
		}
		return b.eps
	}
	if hasClass {
		if cs.IsEmpty() {
			return b.none
		}
		items = append(items, b.Class(cs))
	}
	return b.nary(kInter, items, b.all)
}

// Star is (re.* r).
func (b *Builder) Star(r *Regex) *Regex {
	switch r.kind {
	case kNone, kEps:
		return b.eps
	case kStar:
		return r
	case kUnion:
		if r.nullable {
			// (ε ∪ x)* = x*
			var items []*Regex
			for _, s := range r.subs {
				if s.kind != kEps {
					items = append(items, s)
				}
			}
			if len(items) < len(r.subs) {
				return b.Star(b.Union(items...))
			}
		}
	case kConcat:
		if t := r.subs[1]; t.kind == kStar && t.subs[0] == r.subs[0] {
			return t // (x x*)* = x*
		}
	case kLoop:
		if r.lo <= 1 {
			return b.Star(r.subs[0])
		}
	}
	return b.make(&Regex{kind: kStar, nullable: true, subs: []*Regex{r}})
}

// Plus is (re.+ r) = (re.++ r (re.* r)).
func (b *Builder) Plus(r *Regex) *Regex { return b.Concat(r, b.Star(r)) }

// Opt is (re.opt r) = (re.union r (str.to_re "")).
func (b *Builder) Opt(r *Regex) *Regex { return b.Union(r, b.eps) }

// Comp is (re.comp r), the complement UC* \ r.
func (b *Builder) Comp(r *Regex) *Regex {
	switch {
	case r.kind == kComp:
		return r.subs[0]
	case r.kind == kNone:
		return b.all
	case r == b.all:
		return b.none
	}
	return b.make(&Regex{kind: kComp, nullable: !r.nullable, subs: []*Regex{r}})
}

// Diff is (re.diff x y…) = x \ y \ ….
func (b *Builder) Diff(x *Regex, ys ...*Regex) *Regex {
	for _, y := range ys {
		x = b.Inter(x, b.Comp(y))
	}
	return x
}

// Loop is ((_ re.loop lo hi) r): r^lo ∪ … ∪ r^hi, and ∅ when lo > hi or
// lo < 0. The bounds stay symbolic, so huge ones cost nothing.
func (b *Builder) Loop(r *Regex, lo, hi int) *Regex {
	switch {
	case lo < 0 || lo > hi:
		return b.none
	case hi == 0:
		return b.eps
	case r.kind == kNone:
		if lo == 0 {
			return b.eps
		}
		return b.none
	case r.kind == kEps:
		return b.eps
	case lo == 1 && hi == 1:
		return r
	case r.kind == kStar:
		return r // (r*)^k = r* for k >= 1, and ε ∈ r*
	case r.nullable && lo > 0:
		// r^k ⊆ r^(k+1) when ε ∈ r, so the lower bound adds nothing; a
		// zero one keeps the derivatives from piling up one union member
		// per step.
		return b.Loop(r, 0, hi)
	}
	return b.make(&Regex{kind: kLoop, nullable: lo == 0 || r.nullable, subs: []*Regex{r}, lo: lo, hi: hi})
}

// Power is ((_ re.^ n) r) = ((_ re.loop n n) r).
func (b *Builder) Power(r *Regex, n int) *Regex { return b.Loop(r, n, n) }

// cells computes r's partition of the alphabet.
func (b *Builder) cells(r *Regex) []rune {
	if r.bounds != nil {
		return r.bounds
	}
	var bs []rune
	switch r.kind {
	case kNone, kEps:
		bs = []rune{0}
	case kClass:
		bs = []rune{0}
		for _, iv := range r.cs {
			bs = append(bs, iv.Lo)
			if iv.Hi < MaxChar {
				bs = append(bs, iv.Hi+1)
			}
		}
	case kConcat:
		bs = append([]rune{}, b.cells(r.subs[0])...)
		if r.subs[0].nullable {
			bs = append(bs, b.cells(r.subs[1])...)
		}
	default:
		for _, s := range r.subs {
			bs = append(bs, b.cells(s)...)
		}
	}
	slices.Sort(bs)
	bs = slices.Compact(bs)
	r.bounds = bs
	r.next = make([]*Regex, len(bs))
	return bs
}

// Deriv is the Brzozowski derivative of r by the character c: the words w
// such that c·w is in r. It is memoized per cell of r's alphabet
// partition. A character outside [0, MaxChar] is in no SMT-LIB string, and
// its derivative is ∅.
func (b *Builder) Deriv(r *Regex, c rune) *Regex {
	if c < 0 || c > MaxChar {
		return b.none
	}
	bs := b.cells(r)
	k := sort.Search(len(bs), func(i int) bool { return bs[i] > c }) - 1
	if d := r.next[k]; d != nil {
		return d
	}
	var d *Regex
	switch r.kind {
	case kNone, kEps:
		d = b.none
	case kClass:
		d = b.none
		if r.cs.Contains(c) {
			d = b.eps
		}
	case kConcat:
		d = b.concat2(b.Deriv(r.subs[0], c), r.subs[1])
		if r.subs[0].nullable {
			d = b.Union(d, b.Deriv(r.subs[1], c))
		}
	case kUnion:
		ds := make([]*Regex, len(r.subs))
		for i, s := range r.subs {
			ds[i] = b.Deriv(s, c)
		}
		d = b.Union(ds...)
	case kInter:
		ds := make([]*Regex, len(r.subs))
		for i, s := range r.subs {
			ds[i] = b.Deriv(s, c)
		}
		d = b.Inter(ds...)
	case kStar:
		d = b.concat2(b.Deriv(r.subs[0], c), r)
	case kLoop:
		d = b.concat2(b.Deriv(r.subs[0], c), b.Loop(r.subs[0], max(r.lo-1, 0), r.hi-1))
	case kComp:
		d = b.Comp(b.Deriv(r.subs[0], c))
	}
	r.next[k] = d
	return d
}

// Match reports whether s is in r: (str.in_re s r). It takes one memoized
// derivative step per character, so its time is linear in |s| once the
// states it visits have been built.
func (b *Builder) Match(r *Regex, s []rune) bool {
	for _, c := range s {
		if r == b.all {
			return true
		}
		r = b.Deriv(r, c)
		if r.kind == kNone {
			return false
		}
	}
	return r.nullable
}

// Reverse is the language of the reversed words of r.
func (b *Builder) Reverse(r *Regex) *Regex {
	if r.rev != nil {
		return r.rev
	}
	var v *Regex
	switch r.kind {
	case kNone, kEps, kClass:
		v = r
	case kConcat:
		// The chain a1·(a2·(…·ak)) reverses in one pass to
		// rev(ak)·…·rev(a1), built from the right.
		var chain []*Regex
		x := r
		for ; x.kind == kConcat; x = x.subs[1] {
			chain = append(chain, x.subs[0])
		}
		chain = append(chain, x)
		v = b.eps
		for _, a := range chain {
			v = b.concat2(b.Reverse(a), v)
		}
	case kUnion, kInter:
		vs := make([]*Regex, len(r.subs))
		for i, s := range r.subs {
			vs[i] = b.Reverse(s)
		}
		if r.kind == kUnion {
			v = b.Union(vs...)
		} else {
			v = b.Inter(vs...)
		}
	case kStar:
		v = b.Star(b.Reverse(r.subs[0]))
	case kLoop:
		v = b.Loop(b.Reverse(r.subs[0]), r.lo, r.hi)
	case kComp:
		v = b.Comp(b.Reverse(r.subs[0]))
	}
	r.rev = v
	return v
}
