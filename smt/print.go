package smt

import (
	"io"
	"math/big"
	"strconv"
	"strings"
)

// String prints the term in SMT-LIB syntax. Shared subterms are printed
// every time they occur; see [Printer] for output with sharing.
func (t *Term) String() string {
	var b strings.Builder
	p := Printer{w: &b}
	p.term(t)
	return b.String()
}

// WriteTerm prints t to w in SMT-LIB syntax.
func WriteTerm(w io.Writer, t *Term) error {
	p := Printer{w: asStringWriter(w)}
	p.term(t)
	return p.err
}

type stringWriter interface {
	io.Writer
	WriteString(string) (int, error)
}

type stringWriterAdapter struct{ io.Writer }

func (a stringWriterAdapter) WriteString(s string) (int, error) { return a.Write([]byte(s)) }

func asStringWriter(w io.Writer) stringWriter {
	if sw, ok := w.(stringWriter); ok {
		return sw
	}
	return stringWriterAdapter{w}
}

// Printer writes terms as SMT-LIB text.
type Printer struct {
	w   stringWriter
	err error
}

func (p *Printer) s(x string) {
	if p.err == nil {
		_, p.err = p.w.WriteString(x)
	}
}

func (p *Printer) term(t *Term) {
	switch t.Kind() {
	case Literal:
		p.s(LiteralString(t))
	case Var:
		p.s(QuoteSymbol(t.Name()))
	case App:
		p.app(t)
	case Let:
		p.s("(let (")
		n := t.NumArgs() - 1
		for i, v := range t.Binders() {
			if i > 0 {
				p.s(" ")
			}
			p.s("(")
			p.s(QuoteSymbol(v.Name()))
			p.s(" ")
			p.term(t.Arg(i))
			p.s(")")
		}
		p.s(") ")
		p.term(t.Arg(n))
		p.s(")")
	case Forall, Exists:
		if t.Kind() == Forall {
			p.s("(forall (")
		} else {
			p.s("(exists (")
		}
		for i, v := range t.Binders() {
			if i > 0 {
				p.s(" ")
			}
			p.s("(")
			p.s(QuoteSymbol(v.Name()))
			p.s(" ")
			p.s(v.Sort().String())
			p.s(")")
		}
		p.s(") ")
		p.term(t.Arg(0))
		p.s(")")
	case MatchTerm:
		p.s("(match ")
		p.term(t.Arg(0))
		p.s(" (")
		for i, c := range t.Cases() {
			if i > 0 {
				p.s(" ")
			}
			p.s("(")
			p.pattern(c)
			p.s(" ")
			p.term(t.Arg(i + 1))
			p.s(")")
		}
		p.s("))")
	case Annotated:
		p.s("(! ")
		p.term(t.Arg(0))
		for _, a := range t.Attributes() {
			p.s(" ")
			p.s(a.Key)
			if a.Terms != nil {
				p.s(" (")
				for i, at := range a.Terms {
					if i > 0 {
						p.s(" ")
					}
					p.term(at)
				}
				p.s(")")
			} else if a.Value != "" {
				p.s(" ")
				p.s(a.Value)
			}
		}
		p.s(")")
	}
}

// pattern prints a pattern of a match: C, (C x1 … xk) or x. Constructors
// are never qualified with as: the matched term's sort fixes them.
func (p *Printer) pattern(c MatchCase) {
	if c.Constructor == nil {
		p.s(QuoteSymbol(c.Vars[0].Name()))
		return
	}
	if len(c.Vars) == 0 {
		p.s(QuoteSymbol(c.Constructor.Name))
		return
	}
	p.s("(")
	p.s(QuoteSymbol(c.Constructor.Name))
	for _, v := range c.Vars {
		p.s(" ")
		p.s(QuoteSymbol(v.Name()))
	}
	p.s(")")
}

func (p *Printer) app(t *Term) {
	switch t.Op() {
	case OpAsArray:
		p.s("(_ as-array " + QuoteSymbol(t.Func().Name) + ")")
		return
	case OpSeqEmpty:
		p.s("(as seq.empty " + t.Sort().String() + ")")
		return
	case OpRootObj:
		p.s("(root-obj ")
		p.term(t.Arg(0))
		p.s(" " + strconv.Itoa(t.Indices()[0]) + ")")
		return
	}
	if t.Func() != nil {
		f := t.Func()
		head := QuoteSymbol(f.Name)
		switch {
		case f.Kind == FuncTester:
			head = "(_ is " + QuoteSymbol(f.Constructor.Name) + ")"
		case f.Kind == FuncUpdater:
			head = "(_ update " + QuoteSymbol(f.Name) + ")"
		case f.Kind == FuncConstructor && ((f.Result.HasParams() && !inferable(f)) || (f.Overloaded && t.NumArgs() == 0)):
			head = "(as " + head + " " + t.Sort().String() + ")"
		}
		if t.NumArgs() == 0 {
			p.s(head)
			return
		}
		p.s("(")
		p.s(head)
		p.args(t.Args())
		p.s(")")
		return
	}
	if t.Op() == OpConstArray {
		p.s("((as const ")
		p.s(t.Sort().String())
		p.s(") ")
		p.term(t.Arg(0))
		p.s(")")
		return
	}
	info := &opTable[t.Op()]
	head := info.Name
	if info.Indices > 0 {
		var b strings.Builder
		b.WriteString("(_ ")
		b.WriteString(head)
		for _, i := range t.Indices() {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString(")")
		head = b.String()
	}
	if t.NumArgs() == 0 {
		p.s(head)
		return
	}
	p.s("(")
	p.s(head)
	p.args(t.Args())
	p.s(")")
}

// inferable reports whether the arguments of a constructor fix every sort
// parameter of its result.
func inferable(f *Func) bool {
	seen := map[string]bool{}
	var walk func(s *Sort)
	walk = func(s *Sort) {
		if s.Kind == KindParam {
			seen[s.Name] = true
		}
		for _, q := range s.Params {
			walk(q)
		}
	}
	for _, ps := range f.Params {
		walk(ps)
	}
	for _, n := range f.Datatype.Params {
		if !seen[n] {
			return false
		}
	}
	return true
}

func (p *Printer) args(args []*Term) {
	for _, a := range args {
		p.s(" ")
		p.term(a)
	}
}

// LiteralString prints a literal term.
func LiteralString(t *Term) string {
	if t.Kind() != Literal {
		return "?"
	}
	v, small := t.uint64()
	switch t.LiteralKind() {
	case LitNumeral:
		if small {
			return strconv.FormatUint(v, 10)
		}
		return t.BigInt().String()
	case LitDecimal:
		return DecimalString(t.Rat())
	case LitBitVec:
		if w := t.Sort().Width; small && w <= 1024 {
			return bvString64(v, w)
		}
		return BVString(t.BigInt(), t.Sort().Width)
	case LitString:
		return QuoteString(t.Runes())
	}
	return "?"
}

// BVString prints a bit-vector value: #x… when the width is a multiple of 4,
// #b… otherwise, and (_ bvN w) above 1024 bits.
func BVString(v *big.Int, w int) string {
	if w > 1024 {
		// Wide literals print as (_ bvN w), whose size does not grow with w.
		return "(_ bv" + v.String() + " " + strconv.Itoa(w) + ")"
	}
	var digits string
	var n int
	if w%4 == 0 {
		digits, n = v.Text(16), w/4
		return "#x" + strings.Repeat("0", n-len(digits)) + digits
	}
	digits, n = v.Text(2), w
	return "#b" + strings.Repeat("0", n-len(digits)) + digits
}

// bvString64 is BVString for a value below 2^64, without a big.Int.
func bvString64(v uint64, w int) string {
	if w%4 == 0 {
		digits := strconv.FormatUint(v, 16)
		return "#x" + strings.Repeat("0", w/4-len(digits)) + digits
	}
	digits := strconv.FormatUint(v, 2)
	return "#b" + strings.Repeat("0", w-len(digits)) + digits
}

// DecimalString prints a non-negative decimal fraction as an SMT-LIB decimal
// (at least one digit after the point).
func DecimalString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	d := new(big.Int).Set(r.Denom())
	twos := int(d.TrailingZeroBits())
	d.Rsh(d, uint(twos))
	fives := 0
	five, m := big.NewInt(5), new(big.Int)
	for d.Cmp(big.NewInt(1)) > 0 {
		q, rem := new(big.Int).QuoRem(d, five, m)
		if rem.Sign() != 0 {
			break
		}
		d = q
		fives++
	}
	return r.FloatString(max(twos, fives))
}

// QuoteString prints code points as an SMT-LIB 2.6 string literal: "" for a
// quote, \u{…} for everything outside printable ASCII and for backslash.
func QuoteString(cps []rune) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range cps {
		switch {
		case c == '"':
			b.WriteString(`""`)
		case c == '\\' || c < 0x20 || c > 0x7e:
			b.WriteString(`\u{`)
			b.WriteString(strconv.FormatInt(int64(c), 16))
			b.WriteString(`}`)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
