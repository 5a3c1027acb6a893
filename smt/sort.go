package smt

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// SortKind is the family a [Sort] belongs to.
type SortKind uint8

// The sort families of SMT-LIB 2.6 and the extensions tandem reads.
const (
	KindBool SortKind = iota
	KindInt
	KindReal
	KindBitVec
	KindFloat
	KindRoundingMode
	KindString
	KindRegLan
	KindArray
	// KindUninterpreted is a sort introduced by declare-sort (possibly applied
	// to parameters), or a sort of a theory tandem does not interpret.
	KindUninterpreted
	// KindDatatype is a sort introduced by declare-datatype(s).
	KindDatatype
	// KindParam is a sort parameter inside a par declaration.
	KindParam
	// KindSeq is (Seq E), the sequences of cvc5 and z3 (not in SMT-LIB 2.6).
	KindSeq
)

// Sort is an interned SMT-LIB sort: two sorts are equal exactly when their
// pointers are. Obtain sorts from the constructors ([BoolSort], [BitVecSort],
// [ArraySort], …); never build a Sort literal.
type Sort struct {
	Kind SortKind
	// Width is the bit width of a bit-vector sort.
	Width int
	// EB and SB are the exponent and significand widths of a floating-point
	// sort (SB includes the hidden bit, as in SMT-LIB).
	EB, SB int
	// Name is the symbol of an uninterpreted sort, a datatype or a parameter.
	Name string
	// Params are the index and element sorts of an array, or the arguments
	// of an applied uninterpreted sort or datatype.
	Params []*Sort
	// Datatype is the declaration of a datatype sort (nil otherwise).
	Datatype *Datatype

	id  int
	str string
}

var sortTable = struct {
	sync.Mutex
	m    map[string]*Sort
	next int
}{m: make(map[string]*Sort)}

func intern(s *Sort, key string) *Sort {
	sortTable.Lock()
	defer sortTable.Unlock()
	if old, ok := sortTable.m[key]; ok {
		return old
	}
	sortTable.next++
	s.id = sortTable.next
	s.str = s.render()
	sortTable.m[key] = s
	return s
}

var (
	boolSort  = intern(&Sort{Kind: KindBool}, "Bool")
	intSort   = intern(&Sort{Kind: KindInt}, "Int")
	realSort  = intern(&Sort{Kind: KindReal}, "Real")
	rmSort    = intern(&Sort{Kind: KindRoundingMode}, "RoundingMode")
	strSort   = intern(&Sort{Kind: KindString}, "String")
	reglanSrt = intern(&Sort{Kind: KindRegLan}, "RegLan")
)

// BoolSort is Bool.
func BoolSort() *Sort { return boolSort }

// IntSort is Int.
func IntSort() *Sort { return intSort }

// RealSort is Real.
func RealSort() *Sort { return realSort }

// RoundingModeSort is RoundingMode.
func RoundingModeSort() *Sort { return rmSort }

// StringSort is String.
func StringSort() *Sort { return strSort }

// RegLanSort is RegLan, the sort of regular expressions over strings.
func RegLanSort() *Sort { return reglanSrt }

// bvSortCache holds the bit-vector sorts of common widths, so that the
// builders find them without a lock and a map lookup.
var bvSortCache [1025]atomic.Pointer[Sort]

// BitVecSort is (_ BitVec w); w must be positive.
func BitVecSort(w int) *Sort {
	if w >= 0 && w < len(bvSortCache) {
		if s := bvSortCache[w].Load(); s != nil {
			return s
		}
		s := intern(&Sort{Kind: KindBitVec, Width: w}, "BV"+strconv.Itoa(w))
		bvSortCache[w].Store(s)
		return s
	}
	return intern(&Sort{Kind: KindBitVec, Width: w}, "BV"+strconv.Itoa(w))
}

// FloatSort is (_ FloatingPoint eb sb).
func FloatSort(eb, sb int) *Sort {
	return intern(&Sort{Kind: KindFloat, EB: eb, SB: sb}, "FP"+strconv.Itoa(eb)+"_"+strconv.Itoa(sb))
}

// ArraySort is (Array index elem).
func ArraySort(index, elem *Sort) *Sort {
	return intern(&Sort{Kind: KindArray, Params: []*Sort{index, elem}},
		"A"+strconv.Itoa(index.id)+"_"+strconv.Itoa(elem.id))
}

// SeqSort is (Seq elem), the sequence sort of cvc5 and z3.
func SeqSort(elem *Sort) *Sort {
	return intern(&Sort{Kind: KindSeq, Params: []*Sort{elem}}, "S"+strconv.Itoa(elem.id))
}

// UninterpretedSort is the sort named name applied to params (none for a
// plain declare-sort of arity 0).
func UninterpretedSort(name string, params ...*Sort) *Sort {
	return intern(&Sort{Kind: KindUninterpreted, Name: name, Params: append([]*Sort(nil), params...)},
		"U"+keyOf(name, params))
}

// ParamSort is the sort parameter name of a par declaration.
func ParamSort(name string) *Sort {
	return intern(&Sort{Kind: KindParam, Name: name}, "P"+name)
}

// DatatypeSort is the instance of datatype d at the given parameter sorts.
func DatatypeSort(d *Datatype, params ...*Sort) *Sort {
	return intern(&Sort{Kind: KindDatatype, Name: d.Name, Params: append([]*Sort(nil), params...), Datatype: d},
		"D"+strconv.FormatUint(d.uid, 10)+keyOf(d.Name, params))
}

func keyOf(name string, params []*Sort) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(name))
	for _, p := range params {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(p.id))
	}
	return b.String()
}

// IsNumeric reports whether s is Int or Real.
func (s *Sort) IsNumeric() bool { return s.Kind == KindInt || s.Kind == KindReal }

// Index is the index sort of an array sort.
func (s *Sort) Index() *Sort { return s.Params[0] }

// Elem is the element sort of an array sort.
func (s *Sort) Elem() *Sort { return s.Params[1] }

// ID is a small dense number identifying the sort within this process.
func (s *Sort) ID() int { return s.id }

// String prints the sort in SMT-LIB syntax.
func (s *Sort) String() string { return s.str }

func (s *Sort) render() string {
	switch s.Kind {
	case KindBool:
		return "Bool"
	case KindInt:
		return "Int"
	case KindReal:
		return "Real"
	case KindRoundingMode:
		return "RoundingMode"
	case KindString:
		return "String"
	case KindRegLan:
		return "RegLan"
	case KindBitVec:
		return "(_ BitVec " + strconv.Itoa(s.Width) + ")"
	case KindFloat:
		return "(_ FloatingPoint " + strconv.Itoa(s.EB) + " " + strconv.Itoa(s.SB) + ")"
	case KindArray:
		return "(Array " + s.Params[0].str + " " + s.Params[1].str + ")"
	case KindSeq:
		return "(Seq " + s.Params[0].str + ")"
	}
	name := QuoteSymbol(s.Name)
	if len(s.Params) == 0 {
		return name
	}
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(name)
	for _, p := range s.Params {
		b.WriteByte(' ')
		b.WriteString(p.str)
	}
	b.WriteString(")")
	return b.String()
}

// HasParams reports whether s mentions a sort parameter (it is then the
// sort of a polymorphic constructor or selector, not of a term).
func (s *Sort) HasParams() bool {
	if s.Kind == KindParam {
		return true
	}
	for _, p := range s.Params {
		if p.HasParams() {
			return true
		}
	}
	return false
}

// Subst replaces sort parameters in s by their bindings.
func (s *Sort) Subst(bind map[string]*Sort) *Sort {
	if !s.HasParams() {
		return s
	}
	if s.Kind == KindParam {
		if b, ok := bind[s.Name]; ok {
			return b
		}
		return s
	}
	ps := make([]*Sort, len(s.Params))
	for i, p := range s.Params {
		ps[i] = p.Subst(bind)
	}
	switch s.Kind {
	case KindArray:
		return ArraySort(ps[0], ps[1])
	case KindSeq:
		return SeqSort(ps[0])
	case KindDatatype:
		return DatatypeSort(s.Datatype, ps...)
	default:
		return UninterpretedSort(s.Name, ps...)
	}
}

// Match binds the parameters of pattern so that it equals s, extending bind.
// It reports whether that is possible.
func Match(pattern, s *Sort, bind map[string]*Sort) bool {
	if pattern.Kind == KindParam {
		if b, ok := bind[pattern.Name]; ok {
			return b == s
		}
		bind[pattern.Name] = s
		return true
	}
	if !pattern.HasParams() {
		return pattern == s
	}
	if pattern.Kind != s.Kind || pattern.Name != s.Name || len(pattern.Params) != len(s.Params) {
		return false
	}
	if pattern.Kind == KindDatatype && pattern.Datatype != s.Datatype {
		return false
	}
	for i := range pattern.Params {
		if !Match(pattern.Params[i], s.Params[i], bind) {
			return false
		}
	}
	return true
}

// QuoteSymbol returns name as an SMT-LIB symbol, between bars when it is not
// a simple symbol.
func QuoteSymbol(name string) string {
	if IsSimpleSymbol(name) {
		return name
	}
	return "|" + name + "|"
}

// IsSimpleSymbol reports whether name can be written without bars.
func IsSimpleSymbol(name string) bool {
	if name == "" {
		return false
	}
	if c := name[0]; c >= '0' && c <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !IsSymbolChar(name[i]) {
			return false
		}
	}
	return !reservedWords[name]
}

// IsSymbolChar reports whether c may appear in a simple symbol.
func IsSymbolChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("~!@$%^&*_-+=<>.?/", c) >= 0
}

var reservedWords = map[string]bool{
	"!": true, "_": true, "as": true, "BINARY": true, "DECIMAL": true, "exists": true,
	"HEXADECIMAL": true, "forall": true, "let": true, "match": true, "NUMERAL": true,
	"par": true, "STRING": true,
}
