package bandit

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Sort names a sort of a grammar. The grammar maps it to SMT-LIB text
// (Grammar.SortText); Bool is the sort of predicates (assertion roots).
type Sort string

// The sorts the built-in grammars use.
const (
	SortBool   Sort = "Bool"
	SortFP     Sort = "FP"
	SortRM     Sort = "RoundingMode"
	SortString Sort = "String"
	SortInt    Sort = "Int"
	SortReal   Sort = "Real"
	SortRegLan Sort = "RegLan"
	SortBV     Sort = "BV"
)

// Kind is the kind of a construct: the mutator only replaces a construct by
// one of the same kind (and result sort), as in the paper's §4.2.
type Kind uint8

// The kinds of constructs (the paper's predicates, operators and rounding
// modes).
const (
	Predicate Kind = iota
	Operator
	RoundingMode
)

func (k Kind) String() string {
	switch k {
	case Predicate:
		return "predicate"
	case Operator:
		return "operator"
	default:
		return "rounding-mode"
	}
}

// Construct is one arm of the bandit: an SMT-LIB function symbol with its
// signature, as data.
type Construct struct {
	// Name is the SMT-LIB symbol as printed.
	Name string
	Kind Kind
	// Args are the argument sorts, without the rounding mode.
	Args []Sort
	// Result is the result sort (Bool for predicates, RoundingMode for
	// rounding modes).
	Result Sort
	// RM says the construct takes a rounding mode as its first argument.
	RM bool
	// Literal marks the arguments that must be literals (the linear
	// logics' (* c x) and (div x c)), by index; nil means none.
	Literal []bool
	// NonZero marks literal arguments that must not be zero (divisors);
	// a String literal so marked has exactly one character (re.range).
	NonZero []bool
}

func (c *Construct) literal(i int) bool { return i < len(c.Literal) && c.Literal[i] }
func (c *Construct) nonZero(i int) bool { return i < len(c.NonZero) && c.NonZero[i] }

// Grammar is a fuzzing grammar as data: the constructs (the arms), the sorts
// of free variables, and how leaves are made.
type Grammar struct {
	// Name is the grammar's short name (fp, str, bv, lia, nia, lra, nra).
	Name string
	// Logic is the SMT-LIB logic the scripts declare.
	Logic string
	// Constructs are the arms, in a fixed order.
	Constructs []Construct
	// VarSorts are the sorts of the declared variables, cycled: variable i
	// has sort VarSorts[i mod len(VarSorts)].
	VarSorts []Sort
	// SortText prints each sort as SMT-LIB.
	SortText map[Sort]string
	// Specials are the special constants of each sort that leaves may be.
	Specials map[Sort][]string
	// literal makes a random literal of a sort ("" when the sort has none).
	literal func(r *rand.Rand, s Sort, nonZero bool) string
}

// Arm returns the index of the construct named name, or -1.
func (g *Grammar) Arm(name string) int {
	for i := range g.Constructs {
		if g.Constructs[i].Name == name {
			return i
		}
	}
	return -1
}

// ArmNames returns the construct names in arm order.
func (g *Grammar) ArmNames() []string {
	out := make([]string, len(g.Constructs))
	for i := range g.Constructs {
		out[i] = g.Constructs[i].Name
	}
	return out
}

// leafable reports whether terms of sort s can be leaves (variables,
// special constants or literals).
func (g *Grammar) leafable(s Sort) bool {
	for _, v := range g.VarSorts {
		if v == s {
			return true
		}
	}
	if len(g.Specials[s]) > 0 {
		return true
	}
	return g.literal != nil && g.literal(nil, s, false) != ""
}

// Grammars returns the built-in grammars by name: fp (the paper's 27 FP
// arms), str (QF_SLIA), and beyond the paper bv, lia, nia, lra, nra.
func Grammars() map[string]*Grammar {
	return map[string]*Grammar{
		"fp":  FPGrammar(DefaultFPEB, DefaultFPSB),
		"str": StringGrammar(),
		"bv":  BVGrammar(DefaultBVWidth),
		"lia": ArithGrammar(false, false),
		"nia": ArithGrammar(false, true),
		"lra": ArithGrammar(true, false),
		"nra": ArithGrammar(true, true),
	}
}

// GrammarNames lists the built-in grammar names.
var GrammarNames = []string{"fp", "str", "bv", "lia", "nia", "lra", "nra"}

// LookupGrammar returns the built-in grammar name; "qf_fp", "strings" and
// similar aliases are accepted.
func LookupGrammar(name string) (*Grammar, error) {
	n := strings.ToLower(strings.TrimPrefix(strings.ToLower(name), "qf_"))
	switch n {
	case "s", "slia", "strings", "string":
		n = "str"
	case "float", "floatingpoint":
		n = "fp"
	}
	g, ok := Grammars()[n]
	if !ok {
		return nil, fmt.Errorf("unknown theory %q (want one of %s)", name, strings.Join(GrammarNames, ", "))
	}
	return g, nil
}

func binPreds(sort Sort, names ...string) []Construct {
	var cs []Construct
	for _, n := range names {
		cs = append(cs, Construct{Name: n, Kind: Predicate, Args: []Sort{sort, sort}, Result: SortBool})
	}
	return cs
}

// FPGrammar is the paper's QF_FP grammar (§3.1, §4.1): 10 operators,
// 12 predicates and 5 rounding modes over (_ FloatingPoint eb sb); the
// paper uses Float64 (eb 11, sb 53).
func FPGrammar(eb, sb int) *Grammar {
	fp := SortFP
	un := []Sort{fp}
	bin := []Sort{fp, fp}
	cs := []Construct{
		{Name: "fp.abs", Kind: Operator, Args: un, Result: fp},
		{Name: "fp.neg", Kind: Operator, Args: un, Result: fp},
		{Name: "fp.add", Kind: Operator, Args: bin, Result: fp, RM: true},
		{Name: "fp.mul", Kind: Operator, Args: bin, Result: fp, RM: true},
		{Name: "fp.sub", Kind: Operator, Args: bin, Result: fp, RM: true},
		{Name: "fp.div", Kind: Operator, Args: bin, Result: fp, RM: true},
		{Name: "fp.fma", Kind: Operator, Args: []Sort{fp, fp, fp}, Result: fp, RM: true},
		{Name: "fp.rem", Kind: Operator, Args: bin, Result: fp},
		{Name: "fp.sqrt", Kind: Operator, Args: un, Result: fp, RM: true},
		{Name: "fp.roundToIntegral", Kind: Operator, Args: un, Result: fp, RM: true},
	}
	cs = append(cs, binPreds(fp, "fp.eq", "fp.lt", "fp.gt", "fp.leq", "fp.geq")...)
	for _, n := range []string{"fp.isNormal", "fp.isSubnormal", "fp.isZero", "fp.isInfinite", "fp.isNaN", "fp.isPositive", "fp.isNegative"} {
		cs = append(cs, Construct{Name: n, Kind: Predicate, Args: un, Result: SortBool})
	}
	for _, n := range []string{"RNE", "RNA", "RTP", "RTN", "RTZ"} {
		cs = append(cs, Construct{Name: n, Kind: RoundingMode, Result: SortRM})
	}
	s := fmt.Sprintf("(_ FloatingPoint %d %d)", eb, sb)
	return &Grammar{
		Name: "fp", Logic: "QF_FP", Constructs: cs,
		VarSorts: []Sort{fp},
		SortText: map[Sort]string{fp: s, SortRM: "RoundingMode", SortBool: "Bool"},
		Specials: map[Sort][]string{fp: {
			fmt.Sprintf("(_ +zero %d %d)", eb, sb), fmt.Sprintf("(_ -zero %d %d)", eb, sb),
			fmt.Sprintf("(_ +oo %d %d)", eb, sb), fmt.Sprintf("(_ -oo %d %d)", eb, sb),
			fmt.Sprintf("(_ NaN %d %d)", eb, sb),
		}},
		literal: func(r *rand.Rand, so Sort, _ bool) string {
			if so != fp {
				return ""
			}
			if r == nil {
				return "x"
			}
			return fmt.Sprintf("(fp #b%d #b%s #b%s)", r.IntN(2), bits(r, eb), bits(r, sb-1))
		},
	}
}

func bits(r *rand.Rand, n int) string {
	var b strings.Builder
	b.WriteString("#b")
	for i := 0; i < n; i++ {
		b.WriteByte(byte('0' + r.IntN(2)))
	}
	return b.String()[2:]
}

// StringGrammar is QF_SLIA over the paper's string constructs (§4.1) plus
// those its rankings name (str.substr, str.to_int), in SMT-LIB 2.6 names.
// Variables are Strings and Ints.
func StringGrammar() *Grammar {
	S, I, R, B := SortString, SortInt, SortRegLan, SortBool
	cs := []Construct{
		{Name: "str.++", Kind: Operator, Args: []Sort{S, S}, Result: S},
		{Name: "str.at", Kind: Operator, Args: []Sort{S, I}, Result: S},
		{Name: "str.substr", Kind: Operator, Args: []Sort{S, I, I}, Result: S},
		{Name: "str.replace", Kind: Operator, Args: []Sort{S, S, S}, Result: S},
		{Name: "str.len", Kind: Operator, Args: []Sort{S}, Result: I},
		{Name: "str.indexof", Kind: Operator, Args: []Sort{S, S, I}, Result: I},
		{Name: "str.to_int", Kind: Operator, Args: []Sort{S}, Result: I},
		{Name: "str.to_re", Kind: Operator, Args: []Sort{S}, Result: R},
		// one-character literals: cvc5 1.0.3 refuses anything else
		// ("expecting a single constant string term in regexp range"),
		// where SMT-LIB makes other bounds the empty language
		{Name: "re.range", Kind: Operator, Args: []Sort{S, S}, Result: R, Literal: []bool{true, true}, NonZero: []bool{true, true}},
		{Name: "re.++", Kind: Operator, Args: []Sort{R, R}, Result: R},
		{Name: "re.inter", Kind: Operator, Args: []Sort{R, R}, Result: R},
		{Name: "re.+", Kind: Operator, Args: []Sort{R}, Result: R},
		{Name: "re.*", Kind: Operator, Args: []Sort{R}, Result: R},
		{Name: "str.contains", Kind: Predicate, Args: []Sort{S, S}, Result: B},
		{Name: "str.prefixof", Kind: Predicate, Args: []Sort{S, S}, Result: B},
		{Name: "str.suffixof", Kind: Predicate, Args: []Sort{S, S}, Result: B},
		{Name: "str.in_re", Kind: Predicate, Args: []Sort{S, R}, Result: B},
	}
	return &Grammar{
		Name: "str", Logic: "QF_SLIA", Constructs: cs,
		VarSorts: []Sort{S, S, I},
		SortText: map[Sort]string{S: "String", I: "Int", R: "RegLan", B: "Bool"},
		Specials: map[Sort][]string{S: {`""`}, I: {"0", "1"}},
		literal: func(r *rand.Rand, so Sort, oneChar bool) string {
			switch so {
			case S:
				if r == nil {
					return "x"
				}
				n := r.IntN(DefaultStringLiteralMax + 1)
				if oneChar {
					n = 1
				}
				var b strings.Builder
				b.WriteByte('"')
				for i := 0; i < n; i++ {
					b.WriteByte(byte('a' + r.IntN(DefaultStringAlphabet)))
				}
				b.WriteByte('"')
				return b.String()
			case I:
				if r == nil {
					return "x"
				}
				return fmt.Sprint(r.IntN(DefaultIntLiteralMax + 1))
			}
			return ""
		},
	}
}

// BVGrammar is a QF_BV grammar (beyond the paper) over one width.
func BVGrammar(width int) *Grammar {
	bv := SortBV
	var cs []Construct
	for _, n := range []string{"bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod", "bvand", "bvor", "bvxor", "bvshl", "bvlshr", "bvashr"} {
		cs = append(cs, Construct{Name: n, Kind: Operator, Args: []Sort{bv, bv}, Result: bv})
	}
	for _, n := range []string{"bvnot", "bvneg"} {
		cs = append(cs, Construct{Name: n, Kind: Operator, Args: []Sort{bv}, Result: bv})
	}
	cs = append(cs, binPreds(bv, "=", "distinct", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge")...)
	return &Grammar{
		Name: "bv", Logic: "QF_BV", Constructs: cs,
		VarSorts: []Sort{bv},
		SortText: map[Sort]string{bv: fmt.Sprintf("(_ BitVec %d)", width), SortBool: "Bool"},
		literal: func(r *rand.Rand, so Sort, nonZero bool) string {
			if so != bv {
				return ""
			}
			if r == nil {
				return "x"
			}
			s := bits(r, width)
			if nonZero && !strings.Contains(s, "1") {
				s = s[:len(s)-1] + "1"
			}
			return "#b" + s
		},
	}
}

// ArithGrammar is an arithmetic grammar (beyond the paper): QF_LIA, QF_NIA,
// QF_LRA or QF_NRA. In the linear logics one factor of * and the divisor
// are literals.
func ArithGrammar(real, nonlinear bool) *Grammar {
	s := SortInt
	name, logic := "lia", "QF_LIA"
	if real {
		s, name, logic = SortReal, "lra", "QF_LRA"
	}
	if nonlinear {
		name = "n" + name[1:]                // nia, nra
		logic = "QF_N" + logic[len("QF_L"):] // QF_NIA, QF_NRA
	}
	lin := !nonlinear
	cs := []Construct{
		{Name: "+", Kind: Operator, Args: []Sort{s, s}, Result: s},
		{Name: "-", Kind: Operator, Args: []Sort{s, s}, Result: s},
		{Name: "*", Kind: Operator, Args: []Sort{s, s}, Result: s, Literal: []bool{lin, false}},
	}
	if real {
		cs = append(cs, Construct{Name: "/", Kind: Operator, Args: []Sort{s, s}, Result: s, Literal: []bool{false, lin}, NonZero: []bool{false, lin}})
	} else {
		cs = append(cs,
			Construct{Name: "div", Kind: Operator, Args: []Sort{s, s}, Result: s, Literal: []bool{false, lin}, NonZero: []bool{false, lin}},
			Construct{Name: "mod", Kind: Operator, Args: []Sort{s, s}, Result: s, Literal: []bool{false, lin}, NonZero: []bool{false, lin}},
			Construct{Name: "abs", Kind: Operator, Args: []Sort{s}, Result: s})
	}
	cs = append(cs, binPreds(s, "=", "distinct", "<", "<=", ">", ">=")...)
	return &Grammar{
		Name: name, Logic: logic, Constructs: cs,
		VarSorts: []Sort{s},
		SortText: map[Sort]string{s: string(s), SortBool: "Bool"},
		literal: func(r *rand.Rand, so Sort, nonZero bool) string {
			if so != s {
				return ""
			}
			if r == nil {
				return "x"
			}
			n := r.IntN(2*DefaultIntLiteralMax+1) - DefaultIntLiteralMax
			if nonZero && n == 0 {
				n = 1
			}
			lit := fmt.Sprint(n)
			if n < 0 {
				lit = fmt.Sprintf("(- %d)", -n)
			}
			if real {
				lit = fmt.Sprintf("%d.0", abs(n))
				if n < 0 {
					lit = "(- " + lit + ")"
				}
			}
			return lit
		},
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
