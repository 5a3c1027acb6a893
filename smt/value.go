package smt

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// Value is the value of a term of some sort: the result of evaluation and
// the content of a model. The concrete types are [BoolValue], [IntValue],
// [RealValue], [BVValue], [*ArrayValue], [UninterpretedValue],
// [*DatatypeValue], [FPValue], [RoundingModeValue], [StringValue],
// [RegLanValue] and [Undefined]. Values are immutable: the big numbers they
// hold must not be modified.
//
// Convert a ground value term (a literal, (- 5), (/ 1 3), a constant array,
// a store chain, …) to a Value with [ValueOf], and back with
// [Store.ValueTerm]. Compare values with [ValueEqual].
type Value interface {
	// Sort is the sort of the value.
	Sort() *Sort
	// String prints the value as an SMT-LIB term.
	String() string
	isValue()
}

// BoolValue is a Bool.
type BoolValue bool

// IntValue is an Int; V is never nil.
type IntValue struct{ V *big.Int }

// RealValue is a Real; V is never nil.
type RealValue struct{ V *big.Rat }

// BVValue is a bit-vector of width W (> 0); V is its unsigned value, in
// [0, 2^W).
type BVValue struct {
	W int
	V *big.Int
}

// ArrayEntry is one stored index of an [ArrayValue].
type ArrayEntry struct {
	Index, Elem Value
}

// ArrayValue is an array: a default element with finitely many exceptions,
// or (when Func is set) the function Func of the model seen as an array,
// as z3 prints (_ as-array f). Build arrays with [NewArrayValue] and
// [ArrayValue.Store], which keep them canonical: entries sorted by index
// in [CompareValues] order, no entry equal to the default, one entry per
// index, and over a small finite index sort the default is the element
// most indices hold; so equal arrays have one representation, used both
// to compare them and to look them up as indices.
type ArrayValue struct {
	S       *Sort
	Default Value
	Entries []ArrayEntry
	// Func is set for an array given by a function of the model; Default
	// and Entries are then unused.
	Func *Func
}

// UninterpretedValue is an element of an uninterpreted sort, named as the
// solver named it in its model (z3: U!val!0, cvc5: @uc_U_0).
type UninterpretedValue struct {
	S    *Sort
	Name string
}

// DatatypeValue is a constructor applied to values.
type DatatypeValue struct {
	S    *Sort
	Cons *Func
	Args []Value
}

// FPValue is a floating-point number of sort (_ FloatingPoint EB SB) as its
// IEEE-754 bit pattern (sign, EB exponent bits, SB-1 significand bits). Use
// [NewFPValue]: every NaN is stored as one canonical NaN, since SMT-LIB has
// a single NaN per sort.
type FPValue struct {
	EB, SB int
	Bits   *big.Int
}

// RoundingModeValue is one of OpRNE, OpRNA, OpRTP, OpRTN, OpRTZ.
type RoundingModeValue Op

// StringValue is an SMT-LIB string, as code points.
type StringValue struct{ Runes []rune }

// RegLanValue is a regular language, kept as the ground term that denotes
// it (its semantics belongs to the strings theory).
type RegLanValue struct{ Term *Term }

// Undefined is the value of a term that the standard and the model leave
// open: integer div or mod by zero, real division by zero, an operation on
// an undefined value, a symbol the model does not interpret. Term is the
// culprit (the innermost subterm whose value is open) and Reason says why.
//
// The standard leaves such a value open but fixed: (div 1 0) is some
// integer, the same one wherever (div 1 0) occurs. An evaluator that
// tracks this gives the value an ID: two Undefined values with the same
// nonzero ID (from the same evaluation) are the same unknown element, so
// (= (div 1 x) (div 1 x)) is true at x = 0. ID 0 is an unknown about which
// nothing is known.
type Undefined struct {
	S      *Sort
	Term   *Term
	Reason string
	ID     uint64
}

func (BoolValue) isValue()          {}
func (IntValue) isValue()           {}
func (RealValue) isValue()          {}
func (BVValue) isValue()            {}
func (*ArrayValue) isValue()        {}
func (UninterpretedValue) isValue() {}
func (*DatatypeValue) isValue()     {}
func (FPValue) isValue()            {}
func (RoundingModeValue) isValue()  {}
func (StringValue) isValue()        {}
func (RegLanValue) isValue()        {}
func (Undefined) isValue()          {}

// Sort is Bool.
func (BoolValue) Sort() *Sort { return boolSort }

// Sort is Int.
func (IntValue) Sort() *Sort { return intSort }

// Sort is Real.
func (RealValue) Sort() *Sort { return realSort }

// Sort is (_ BitVec W).
func (v BVValue) Sort() *Sort { return BitVecSort(v.W) }

// Sort is the array sort.
func (a *ArrayValue) Sort() *Sort { return a.S }

// Sort is the uninterpreted sort.
func (v UninterpretedValue) Sort() *Sort { return v.S }

// Sort is the datatype sort.
func (v *DatatypeValue) Sort() *Sort { return v.S }

// Sort is (_ FloatingPoint EB SB).
func (v FPValue) Sort() *Sort { return FloatSort(v.EB, v.SB) }

// Sort is RoundingMode.
func (RoundingModeValue) Sort() *Sort { return rmSort }

// Sort is String.
func (StringValue) Sort() *Sort { return strSort }

// Sort is RegLan.
func (RegLanValue) Sort() *Sort { return reglanSrt }

// Sort is the sort of the undefined term.
func (u Undefined) Sort() *Sort { return u.S }

// String prints true or false.
func (b BoolValue) String() string {
	if b {
		return "true"
	}
	return "false"
}

// String prints n or (- n).
func (v IntValue) String() string {
	if v.V.Sign() < 0 {
		return "(- " + new(big.Int).Neg(v.V).String() + ")"
	}
	return v.V.String()
}

// String prints a decimal, (- d), (/ p q) or (- (/ p q)).
func (v RealValue) String() string {
	r := v.V
	neg := r.Sign() < 0
	if neg {
		r = new(big.Rat).Neg(r)
	}
	var s string
	if r.IsInt() {
		s = r.Num().String() + ".0"
	} else {
		s = "(/ " + r.Num().String() + ".0 " + r.Denom().String() + ".0)"
	}
	if neg {
		return "(- " + s + ")"
	}
	return s
}

// String prints #b… or #x….
func (v BVValue) String() string { return BVString(v.V, v.W) }

// String prints a store chain over a constant array, or (_ as-array f).
func (a *ArrayValue) String() string {
	if a.Func != nil {
		return "(_ as-array " + QuoteSymbol(a.Func.Name) + ")"
	}
	s := "((as const " + a.S.String() + ") " + a.Default.String() + ")"
	for _, e := range a.Entries {
		s = "(store " + s + " " + e.Index.String() + " " + e.Elem.String() + ")"
	}
	return s
}

// String prints the element's name.
func (v UninterpretedValue) String() string { return QuoteSymbol(v.Name) }

// String prints the constructor application.
func (v *DatatypeValue) String() string {
	head := QuoteSymbol(v.Cons.Name)
	if v.Cons.Result.HasParams() {
		head = "(as " + head + " " + v.S.String() + ")"
	}
	if len(v.Args) == 0 {
		return head
	}
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(head)
	for _, a := range v.Args {
		b.WriteByte(' ')
		b.WriteString(a.String())
	}
	b.WriteString(")")
	return b.String()
}

// String prints (fp sign exponent significand).
func (v FPValue) String() string {
	sig := new(big.Int).And(v.Bits, lowMask(v.SB-1))
	exp := new(big.Int).Rsh(v.Bits, uint(v.SB-1))
	exp.And(exp, lowMask(v.EB))
	sign := v.Bits.Bit(v.EB + v.SB - 1)
	return "(fp " + BVString(big.NewInt(int64(sign)), 1) + " " + BVString(exp, v.EB) + " " + BVString(sig, v.SB-1) + ")"
}

// String prints the rounding mode's name.
func (v RoundingModeValue) String() string { return Op(v).String() }

// String prints a string literal.
func (v StringValue) String() string { return QuoteString(v.Runes) }

// String prints the term of the language.
func (v RegLanValue) String() string {
	if v.Term == nil {
		return "re.none"
	}
	return v.Term.String()
}

// String says that the value is undefined and why.
func (u Undefined) String() string {
	s := "undefined"
	if u.Reason != "" {
		s += " (" + u.Reason + ")"
	}
	if u.Term != nil {
		s += " at " + u.Term.String()
	}
	return s
}

func lowMask(w int) *big.Int {
	if w <= 0 {
		return new(big.Int)
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return m.Sub(m, big.NewInt(1))
}

// NewBVValue is the bit-vector of width w holding v modulo 2^w.
func NewBVValue(v *big.Int, w int) BVValue {
	n := new(big.Int).Set(v)
	if n.Sign() < 0 || n.BitLen() > w {
		n.And(n, lowMask(w)) // two's complement: And works on negative big.Ints
	}
	return BVValue{W: w, V: n}
}

// NewFPValue is the floating-point value with the given bit pattern
// (taken modulo 2^(eb+sb)); every NaN becomes the canonical quiet NaN.
func NewFPValue(eb, sb int, bits *big.Int) FPValue {
	b := new(big.Int).And(bits, lowMask(eb+sb))
	exp := new(big.Int).Rsh(b, uint(sb-1))
	exp.And(exp, lowMask(eb))
	sig := new(big.Int).And(b, lowMask(sb-1))
	if exp.Cmp(lowMask(eb)) == 0 && sig.Sign() != 0 {
		// canonical NaN: sign 0, exponent all ones, top significand bit set
		b = new(big.Int).Lsh(lowMask(eb), uint(sb-1))
		b.SetBit(b, sb-2, 1)
	}
	return FPValue{EB: eb, SB: sb, Bits: b}
}

// NewArrayValue is the constant array of sort s mapping every index to def.
func NewArrayValue(s *Sort, def Value) *ArrayValue {
	return &ArrayValue{S: s, Default: def}
}

// Select is the element at index i. It reports false for an array given by
// a model function (Func set), which only an evaluator can apply.
func (a *ArrayValue) Select(i Value) (Value, bool) {
	if a.Func != nil {
		return nil, false
	}
	if j, ok := a.find(i); ok {
		return a.Entries[j].Elem, true
	}
	return a.Default, true
}

func (a *ArrayValue) find(i Value) (int, bool) {
	return slices.BinarySearchFunc(a.Entries, i, func(e ArrayEntry, k Value) int {
		return CompareValues(e.Index, k)
	})
}

// Store is the array equal to a except at index i, where it holds e. It
// returns a new array; a is unchanged. Storing into a Func array is an
// error.
func (a *ArrayValue) Store(i, e Value) (*ArrayValue, error) {
	if a.Func != nil {
		return nil, fmt.Errorf("cannot store into (_ as-array %s) without its interpretation", a.Func.Name)
	}
	j, found := a.find(i)
	n := &ArrayValue{S: a.S, Default: a.Default}
	isDef := ValueEqual(e, a.Default)
	switch {
	case found && isDef:
		n.Entries = slices.Delete(slices.Clone(a.Entries), j, j+1)
	case found:
		n.Entries = slices.Clone(a.Entries)
		n.Entries[j] = ArrayEntry{i, e}
	case isDef:
		n.Entries = a.Entries
	default:
		n.Entries = slices.Insert(slices.Clone(a.Entries), j, ArrayEntry{i, e})
	}
	return n.normalize(), nil
}

// Cardinality is the number of values of sort s, or nil when it is infinite
// or not known (Int, Real, String, uninterpreted sorts, recursive
// datatypes). Finite index sorts matter for array extensionality: an array
// that stores every index of a finite sort no longer depends on its
// default.
func Cardinality(s *Sort) *big.Int {
	return cardinality(s, 0)
}

func cardinality(s *Sort, depth int) *big.Int {
	if depth > 8 {
		return nil
	}
	switch s.Kind {
	case KindBool:
		return big.NewInt(2)
	case KindBitVec:
		return new(big.Int).Lsh(big.NewInt(1), uint(s.Width))
	case KindRoundingMode:
		return big.NewInt(5)
	case KindFloat:
		// all bit patterns, minus the NaNs, plus one NaN
		total := new(big.Int).Lsh(big.NewInt(1), uint(s.EB+s.SB))
		nans := new(big.Int).Lsh(big.NewInt(1), uint(s.SB-1))
		nans.Sub(nans, big.NewInt(1))
		nans.Lsh(nans, 1)
		return total.Sub(total, nans).Add(total, big.NewInt(1))
	case KindArray:
		ci, ce := cardinality(s.Index(), depth+1), cardinality(s.Elem(), depth+1)
		if ci == nil || ce == nil || ci.BitLen() > 20 || ce.BitLen()*int(ci.Int64()) > 1<<16 {
			return nil
		}
		return new(big.Int).Exp(ce, ci, nil)
	case KindDatatype:
		if s.Datatype == nil || s.HasParams() {
			return nil
		}
		bind := map[string]*Sort{}
		for i, p := range s.Datatype.Params {
			if i < len(s.Params) {
				bind[p] = s.Params[i]
			}
		}
		total := new(big.Int)
		for _, c := range s.Datatype.Constructors {
			prod := big.NewInt(1)
			for _, p := range c.Params {
				ps := p.Subst(bind)
				if ps.Kind == KindDatatype && ps.Datatype == s.Datatype {
					return nil // recursive: infinite
				}
				n := cardinality(ps, depth+1)
				if n == nil {
					return nil
				}
				prod.Mul(prod, n)
			}
			total.Add(total, prod)
		}
		return total
	}
	return nil
}

// ValueEqual reports whether two values are the same element of their sort
// (SMT-LIB =, not fp.eq: NaN equals NaN and +0 differs from -0). Arrays are
// compared extensionally. Undefined values are equal to nothing, and
// arrays given by a model function (Func set) are equal only to the same
// function; resolve them first (as package eval does) to compare contents.
func ValueEqual(a, b Value) bool {
	switch x := a.(type) {
	case BoolValue:
		y, ok := b.(BoolValue)
		return ok && x == y
	case IntValue:
		switch y := b.(type) {
		case IntValue:
			return x.V.Cmp(y.V) == 0
		case RealValue:
			return y.V.IsInt() && y.V.Num().Cmp(x.V) == 0
		}
		return false
	case RealValue:
		switch y := b.(type) {
		case RealValue:
			return x.V.Cmp(y.V) == 0
		case IntValue:
			return x.V.IsInt() && x.V.Num().Cmp(y.V) == 0
		}
		return false
	case BVValue:
		y, ok := b.(BVValue)
		return ok && x.W == y.W && x.V.Cmp(y.V) == 0
	case *ArrayValue:
		y, ok := b.(*ArrayValue)
		if !ok {
			return false
		}
		if x.Func != nil || y.Func != nil {
			return x.Func == y.Func
		}
		return arrayEqual(x, y)
	case UninterpretedValue:
		y, ok := b.(UninterpretedValue)
		return ok && x.S == y.S && x.Name == y.Name
	case *DatatypeValue:
		y, ok := b.(*DatatypeValue)
		if !ok || x.Cons != y.Cons || len(x.Args) != len(y.Args) {
			return false
		}
		for i := range x.Args {
			if !ValueEqual(x.Args[i], y.Args[i]) {
				return false
			}
		}
		return true
	case FPValue:
		y, ok := b.(FPValue)
		return ok && x.EB == y.EB && x.SB == y.SB && x.Bits.Cmp(y.Bits) == 0
	case RoundingModeValue:
		y, ok := b.(RoundingModeValue)
		return ok && x == y
	case StringValue:
		y, ok := b.(StringValue)
		return ok && slices.Equal(x.Runes, y.Runes)
	case RegLanValue:
		y, ok := b.(RegLanValue)
		return ok && x.Term == y.Term
	}
	return false
}

// arrayEqual compares canonical arrays extensionally.
func arrayEqual(x, y *ArrayValue) bool {
	keys := mergeIndices(x, y)
	for _, k := range keys {
		a, _ := x.Select(k)
		b, _ := y.Select(k)
		if !ValueEqual(a, b) {
			return false
		}
	}
	if ValueEqual(x.Default, y.Default) {
		return true
	}
	// The defaults differ: the arrays are still equal when the stored
	// indices cover the whole (finite) index sort.
	n := Cardinality(x.S.Index())
	return n != nil && n.IsInt64() && int64(len(keys)) == n.Int64()
}

// mergeIndices is the union of the stored indices of x and y, in order.
func mergeIndices(x, y *ArrayValue) []Value {
	out := make([]Value, 0, len(x.Entries)+len(y.Entries))
	i, j := 0, 0
	for i < len(x.Entries) || j < len(y.Entries) {
		switch {
		case j >= len(y.Entries):
			out = append(out, x.Entries[i].Index)
			i++
		case i >= len(x.Entries):
			out = append(out, y.Entries[j].Index)
			j++
		default:
			c := CompareValues(x.Entries[i].Index, y.Entries[j].Index)
			if c <= 0 {
				out = append(out, x.Entries[i].Index)
				i++
				if c == 0 {
					j++
				}
			} else {
				out = append(out, y.Entries[j].Index)
				j++
			}
		}
	}
	return out
}

// ValueOf converts a ground value term to a Value: a literal, true/false,
// (- n), (/ p q) (operands Int or decimal literals, possibly negated),
// (- (/ p q)), a constant array, a store chain over one, a datatype
// constructor applied to values, an element of an uninterpreted sort (a
// constant of that sort, named as the model names it), (fp s e m), the
// floating-point specials, rounding modes, and z3's (_ as-array f) (an
// ArrayValue with Func set). Annotations are ignored. It
// returns an error for any other term.
func ValueOf(t *Term) (Value, error) {
	v, err := valueOf(t, 0)
	if err != nil {
		return nil, fmt.Errorf("%s is not a value: %w", short(t), err)
	}
	return v, nil
}

var errNotValue = fmt.Errorf("not a ground value term")

func short(t *Term) string {
	s := t.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

func valueOf(t *Term, depth int) (Value, error) {
	if depth > 100000 {
		return nil, fmt.Errorf("term too deep")
	}
	switch t.Kind() {
	case Literal:
		switch t.LiteralKind() {
		case LitNumeral:
			if t.Sort() == realSort {
				return RealValue{new(big.Rat).SetInt(t.BigInt())}, nil
			}
			return IntValue{t.BigInt()}, nil
		case LitDecimal:
			return RealValue{t.Rat()}, nil
		case LitBitVec:
			return BVValue{W: t.Sort().Width, V: t.BigInt()}, nil
		case LitString:
			return StringValue{t.Runes()}, nil
		}
		return nil, errNotValue
	case Annotated:
		return valueOf(t.Arg(0), depth+1)
	case App:
	default:
		return nil, errNotValue
	}
	if t.Op() == OpAsArray && t.Func() != nil {
		return &ArrayValue{S: t.Sort(), Func: t.Func()}, nil
	}
	if f := t.Func(); f != nil {
		switch {
		case f.Kind == FuncConstructor:
			args := make([]Value, t.NumArgs())
			for i, a := range t.Args() {
				v, err := valueOf(a, depth+1)
				if err != nil {
					return nil, err
				}
				args[i] = v
			}
			return &DatatypeValue{S: t.Sort(), Cons: f, Args: args}, nil
		case t.NumArgs() == 0 && t.Sort().Kind == KindUninterpreted:
			return UninterpretedValue{S: t.Sort(), Name: f.Name}, nil
		}
		return nil, errNotValue
	}
	switch t.Op() {
	case OpTrue:
		return BoolValue(true), nil
	case OpFalse:
		return BoolValue(false), nil
	case OpNeg:
		v, err := valueOf(t.Arg(0), depth+1)
		if err != nil {
			return nil, err
		}
		switch x := v.(type) {
		case IntValue:
			if t.Arg(0).Kind() != Literal {
				return nil, errNotValue
			}
			if t.Sort() == realSort {
				return RealValue{new(big.Rat).SetInt(new(big.Int).Neg(x.V))}, nil
			}
			return IntValue{new(big.Int).Neg(x.V)}, nil
		case RealValue:
			return RealValue{new(big.Rat).Neg(x.V)}, nil
		}
		return nil, errNotValue
	case OpDiv:
		if t.NumArgs() != 2 {
			return nil, errNotValue
		}
		var q [2]*big.Rat
		for i, a := range t.Args() {
			// operands: literal or (- literal)
			lit := a
			if a.Kind() == App && a.Op() == OpNeg {
				lit = a.Arg(0)
			}
			if lit.Kind() != Literal {
				return nil, errNotValue
			}
			v, err := valueOf(a, depth+1)
			if err != nil {
				return nil, err
			}
			switch x := v.(type) {
			case IntValue:
				q[i] = new(big.Rat).SetInt(x.V)
			case RealValue:
				q[i] = x.V
			default:
				return nil, errNotValue
			}
		}
		if q[1].Sign() == 0 {
			return nil, fmt.Errorf("division by zero")
		}
		return RealValue{new(big.Rat).Quo(q[0], q[1])}, nil
	case OpConstArray:
		v, err := valueOf(t.Arg(0), depth+1)
		if err != nil {
			return nil, err
		}
		return NewArrayValue(t.Sort(), coerce(v, t.Sort().Elem())), nil
	case OpStore:
		av, err := valueOf(t.Arg(0), depth+1)
		if err != nil {
			return nil, err
		}
		a, ok := av.(*ArrayValue)
		if !ok {
			return nil, errNotValue
		}
		i, err := valueOf(t.Arg(1), depth+1)
		if err != nil {
			return nil, err
		}
		e, err := valueOf(t.Arg(2), depth+1)
		if err != nil {
			return nil, err
		}
		return a.Store(coerce(i, t.Sort().Index()), coerce(e, t.Sort().Elem()))
	case OpRNE, OpRNA, OpRTP, OpRTN, OpRTZ:
		return RoundingModeValue(t.Op()), nil
	case OpFP:
		var bv [3]BVValue
		for i, a := range t.Args() {
			v, err := valueOf(a, depth+1)
			if err != nil {
				return nil, err
			}
			b, ok := v.(BVValue)
			if !ok {
				return nil, errNotValue
			}
			bv[i] = b
		}
		eb, sb := bv[1].W, bv[2].W+1
		bits := new(big.Int).Lsh(bv[0].V, uint(eb+sb-1))
		bits.Or(bits, new(big.Int).Lsh(bv[1].V, uint(sb-1)))
		bits.Or(bits, bv[2].V)
		return NewFPValue(eb, sb, bits), nil
	case OpFPPosZero, OpFPNegZero, OpFPPosInf, OpFPNegInf, OpFPNaN:
		eb, sb := t.Sort().EB, t.Sort().SB
		bits := new(big.Int)
		switch t.Op() {
		case OpFPNegZero:
			bits.SetBit(bits, eb+sb-1, 1)
		case OpFPPosInf, OpFPNegInf, OpFPNaN:
			bits.Lsh(lowMask(eb), uint(sb-1))
			if t.Op() == OpFPNegInf {
				bits.SetBit(bits, eb+sb-1, 1)
			}
			if t.Op() == OpFPNaN {
				bits.SetBit(bits, sb-2, 1)
			}
		}
		return NewFPValue(eb, sb, bits), nil
	}
	return nil, errNotValue
}

// coerce turns an Int value into a Real one where the sort asks for Real
// (the Store accepts Int arguments where Reals are expected).
func coerce(v Value, s *Sort) Value {
	if iv, ok := v.(IntValue); ok && s == realSort {
		return RealValue{new(big.Rat).SetInt(iv.V)}
	}
	return v
}

// ValueTerm builds the term that denotes v: literals, (- n), (/ p q),
// constant arrays and store chains, constructor applications, fp triples.
// Undefined values, arrays given by a model function and elements of
// uninterpreted sorts have no term in this Store and give an error.
func (s *Store) ValueTerm(v Value) (*Term, error) {
	switch x := v.(type) {
	case BoolValue:
		return s.Bool(bool(x)), nil
	case IntValue:
		return s.Numeral(x.V), nil
	case RealValue:
		return s.Decimal(x.V), nil
	case BVValue:
		return s.BV(x.V, x.W)
	case StringValue:
		return s.String(x.Runes)
	case RoundingModeValue:
		switch Op(x) {
		case OpRNE, OpRNA, OpRTP, OpRTN, OpRTZ:
			return s.Apply(Op(x), nil)
		}
		return nil, fmt.Errorf("bad rounding mode %d", x)
	case FPValue:
		w := x.EB + x.SB
		sign := s.BVUint64(uint64(x.Bits.Bit(w-1)), 1)
		e, err := s.BV(new(big.Int).Rsh(x.Bits, uint(x.SB-1)), x.EB)
		if err != nil {
			return nil, err
		}
		m, err := s.BV(x.Bits, x.SB-1)
		if err != nil {
			return nil, err
		}
		return s.Apply(OpFP, nil, sign, e, m)
	case *ArrayValue:
		if x.Func != nil {
			return nil, fmt.Errorf("the array (_ as-array %s) has no term without %s's interpretation", x.Func.Name, x.Func.Name)
		}
		d, err := s.ValueTerm(x.Default)
		if err != nil {
			return nil, err
		}
		t, err := s.ConstArray(x.S, d)
		if err != nil {
			return nil, err
		}
		for _, e := range x.Entries {
			i, err := s.ValueTerm(e.Index)
			if err != nil {
				return nil, err
			}
			el, err := s.ValueTerm(e.Elem)
			if err != nil {
				return nil, err
			}
			if t, err = s.Apply(OpStore, nil, t, i, el); err != nil {
				return nil, err
			}
		}
		return t, nil
	case *DatatypeValue:
		args := make([]*Term, len(x.Args))
		for i, a := range x.Args {
			t, err := s.ValueTerm(a)
			if err != nil {
				return nil, err
			}
			args[i] = t
		}
		return s.ApplyFuncAs(x.Cons, args, x.S)
	case RegLanValue:
		if x.Term == nil {
			return s.Apply(OpReNone, nil)
		}
		return x.Term, nil
	case UninterpretedValue:
		return nil, fmt.Errorf("element %s of sort %s has no term in this store; declare a constant for it", x.Name, x.S)
	case Undefined:
		return nil, fmt.Errorf("an undefined value has no term: %s", x)
	case nil:
		return nil, fmt.Errorf("nil value")
	}
	return nil, fmt.Errorf("unknown value type %T", v)
}
