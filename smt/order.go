package smt

import (
	"cmp"
	"math/big"
	"slices"
	"strings"
)

// CompareValues is a total order on values: -1, 0 or +1. It is 0 exactly
// when [ValueEqual] holds for values without model functions in them
// (arrays built with [NewArrayValue] and [ArrayValue.Store], which keep
// them canonical), so it is what array indices are sorted and found by:
// an index that is itself an array is found by its content, as = compares
// it, not by how it is printed. Int and Real values are ordered as
// numbers; values of different kinds by kind; arrays given by a model
// function (Func set) by the function's name, before every other array;
// undefined values last, by ID.
func CompareValues(a, b Value) int {
	if c := cmp.Compare(valueRank(a), valueRank(b)); c != 0 {
		return c
	}
	switch x := a.(type) {
	case BoolValue:
		y := b.(BoolValue)
		switch {
		case x == y:
			return 0
		case !bool(x):
			return -1
		}
		return 1
	case IntValue, RealValue:
		p, q := numRat(a), numRat(b)
		if ia, ok := a.(IntValue); ok {
			if ib, ok := b.(IntValue); ok {
				return ia.V.Cmp(ib.V)
			}
		}
		return p.Cmp(q)
	case BVValue:
		y := b.(BVValue)
		if c := cmp.Compare(x.W, y.W); c != 0 {
			return c
		}
		return x.V.Cmp(y.V)
	case FPValue:
		y := b.(FPValue)
		if c := cmp.Compare(x.EB, y.EB); c != 0 {
			return c
		}
		if c := cmp.Compare(x.SB, y.SB); c != 0 {
			return c
		}
		return x.Bits.Cmp(y.Bits)
	case RoundingModeValue:
		return cmp.Compare(x, b.(RoundingModeValue))
	case StringValue:
		return slices.Compare(x.Runes, b.(StringValue).Runes)
	case RegLanValue:
		y := b.(RegLanValue)
		return cmp.Compare(regLanID(x), regLanID(y))
	case UninterpretedValue:
		y := b.(UninterpretedValue)
		if c := strings.Compare(x.S.String(), y.S.String()); c != 0 {
			return c
		}
		return strings.Compare(x.Name, y.Name)
	case *DatatypeValue:
		y := b.(*DatatypeValue)
		if c := strings.Compare(x.S.String(), y.S.String()); c != 0 {
			return c
		}
		if c := cmp.Compare(consIndex(x.Cons), consIndex(y.Cons)); c != 0 {
			return c
		}
		if c := strings.Compare(x.Cons.Name, y.Cons.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(x.Args), len(y.Args)); c != 0 {
			return c
		}
		for i := range x.Args {
			if c := CompareValues(x.Args[i], y.Args[i]); c != 0 {
				return c
			}
		}
		return 0
	case *ArrayValue:
		y := b.(*ArrayValue)
		if (x.Func != nil) != (y.Func != nil) {
			if x.Func != nil {
				return -1
			}
			return 1
		}
		if x.Func != nil {
			return strings.Compare(x.Func.Name, y.Func.Name)
		}
		if c := CompareValues(x.Default, y.Default); c != 0 {
			return c
		}
		for i := 0; i < len(x.Entries) && i < len(y.Entries); i++ {
			if c := CompareValues(x.Entries[i].Index, y.Entries[i].Index); c != 0 {
				return c
			}
			if c := CompareValues(x.Entries[i].Elem, y.Entries[i].Elem); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(x.Entries), len(y.Entries))
	case Undefined:
		return cmp.Compare(x.ID, b.(Undefined).ID)
	}
	return 0
}

func valueRank(v Value) int {
	switch v.(type) {
	case BoolValue:
		return 0
	case IntValue, RealValue:
		return 1
	case BVValue:
		return 2
	case FPValue:
		return 3
	case RoundingModeValue:
		return 4
	case StringValue:
		return 5
	case RegLanValue:
		return 6
	case UninterpretedValue:
		return 7
	case *DatatypeValue:
		return 8
	case *ArrayValue:
		return 9
	case Undefined:
		return 11
	}
	return 10
}

func numRat(v Value) *big.Rat {
	switch x := v.(type) {
	case IntValue:
		return new(big.Rat).SetInt(x.V)
	case RealValue:
		return x.V
	}
	return new(big.Rat)
}

func regLanID(v RegLanValue) int {
	if v.Term == nil {
		return -1
	}
	return v.Term.ID()
}

func consIndex(f *Func) int {
	if f.Datatype != nil {
		for i, c := range f.Datatype.Constructors {
			if c == f {
				return i
			}
		}
	}
	return -1
}

// maxEnumerate bounds the index sorts whose values normalize enumerates.
const maxEnumerate = 1 << 16

// normalize makes the default of an array over a finite index sort the
// element that most indices hold (the smallest such in [CompareValues]
// order on a tie), so that an array has one representation: over Bool,
// ((as const) 0) stored 1 at true and ((as const) 1) stored 0 at false are
// the same function. Index sorts whose values it cannot list (large or
// not enumerable) are left as they are.
func (a *ArrayValue) normalize() *ArrayValue {
	if a.Func != nil || len(a.Entries) == 0 {
		return a
	}
	switch ix := a.S.Index(); ix.Kind {
	case KindInt, KindReal, KindString, KindUninterpreted, KindFloat:
		return a // infinite, or too many values to list
	case KindBitVec:
		if ix.Width > 20 || 1<<ix.Width > 2*len(a.Entries) {
			return a
		}
	}
	n := Cardinality(a.S.Index())
	if n == nil || !n.IsInt64() || n.Int64() > 2*int64(len(a.Entries)) || n.Int64() > maxEnumerate {
		return a // the default holds more than half of the indices
	}
	all := enumerate(a.S.Index(), int(n.Int64()))
	if len(all) != int(n.Int64()) {
		return a
	}
	// count each element's indices; the default's are the unstored ones
	type tally struct {
		v Value
		n int
	}
	var counts []tally
	add := func(v Value, k int) {
		for i := range counts {
			if CompareValues(counts[i].v, v) == 0 {
				counts[i].n += k
				return
			}
		}
		counts = append(counts, tally{v, k})
	}
	add(a.Default, len(all)-len(a.Entries))
	for _, e := range a.Entries {
		add(e.Elem, 1)
	}
	best := counts[0]
	for _, c := range counts[1:] {
		if c.n > best.n || (c.n == best.n && CompareValues(c.v, best.v) < 0) {
			best = c
		}
	}
	if CompareValues(best.v, a.Default) == 0 {
		return a
	}
	out := &ArrayValue{S: a.S, Default: best.v}
	for _, i := range all {
		e, _ := a.Select(i)
		if CompareValues(e, best.v) != 0 {
			out.Entries = append(out.Entries, ArrayEntry{i, e})
		}
	}
	slices.SortFunc(out.Entries, func(x, y ArrayEntry) int { return CompareValues(x.Index, y.Index) })
	return out
}

// enumerate lists the values of a finite sort it knows how to list (Bool,
// bit-vectors, rounding modes, and arrays over those), up to
// limit of them; nil when it cannot.
func enumerate(s *Sort, limit int) []Value {
	switch s.Kind {
	case KindBool:
		return []Value{BoolValue(false), BoolValue(true)}
	case KindBitVec:
		if s.Width > 20 || 1<<s.Width > limit {
			return nil
		}
		out := make([]Value, 1<<s.Width)
		for i := range out {
			out[i] = BVValue{W: s.Width, V: big.NewInt(int64(i))}
		}
		return out
	case KindRoundingMode:
		return []Value{RoundingModeValue(OpRNE), RoundingModeValue(OpRNA), RoundingModeValue(OpRTP), RoundingModeValue(OpRTN), RoundingModeValue(OpRTZ)}
	case KindArray:
		idx, els := enumerate(s.Index(), limit), enumerate(s.Elem(), limit)
		if len(idx) == 0 || len(els) == 0 {
			return nil
		}
		total := 1
		for range idx {
			if total *= len(els); total > limit {
				return nil
			}
		}
		out := make([]Value, 0, total)
		choice := make([]int, len(idx))
		for {
			a := NewArrayValue(s, els[0])
			for i, c := range choice {
				a, _ = a.Store(idx[i], els[c])
			}
			out = append(out, a)
			k := 0
			for ; k < len(choice); k++ {
				if choice[k]++; choice[k] < len(els) {
					break
				}
				choice[k] = 0
			}
			if k == len(choice) {
				return out
			}
		}
	}
	return nil
}
