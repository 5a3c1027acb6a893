package strs

import (
	"errors"
	"fmt"
	"math/big"

	"tandem/smt"
)

// ErrNotGround is wrapped by the errors of terms that are not ground terms
// of the Strings theory: a free symbol, or an operator of another theory
// where this package needs a value.
var ErrNotGround = errors.New("not a ground Strings term")

// termCache maps RegLan terms to their Regex.
type termCache map[*smt.Term]*Regex

// Compile is the Regex of a ground RegLan term, such as the term of an
// [smt.RegLanValue]. String arguments of str.to_re and re.range may be any
// ground term that [Builder.Eval] evaluates. Compile is memoized by term,
// so compiling a hash-consed term again costs a map lookup.
func (b *Builder) Compile(t *smt.Term) (*Regex, error) {
	if r, ok := b.terms[t]; ok {
		return r, nil
	}
	r, err := b.compile(t)
	if err != nil {
		return nil, err
	}
	if b.terms == nil {
		b.terms = termCache{}
	}
	b.terms[t] = r
	return r, nil
}

func (b *Builder) compile(t *smt.Term) (*Regex, error) {
	if t.Sort() != smt.RegLanSort() {
		return nil, fmt.Errorf("%s is not a RegLan term", t)
	}
	if t.Kind() == smt.Annotated {
		return b.Compile(t.Arg(0))
	}
	if t.Kind() != smt.App || t.Func() != nil {
		return nil, fmt.Errorf("RegLan term %s: %w", t, ErrNotGround)
	}
	args := t.Args()
	subs := func() ([]*Regex, error) {
		rs := make([]*Regex, len(args))
		for i, a := range args {
			r, err := b.Compile(a)
			if err != nil {
				return nil, err
			}
			rs[i] = r
		}
		return rs, nil
	}
	switch t.Op() {
	case smt.OpReNone:
		return b.none, nil
	case smt.OpReAll:
		return b.all, nil
	case smt.OpReAllChar:
		return b.allchar, nil
	case smt.OpStrToRe:
		s, err := b.evalString(args[0])
		if err != nil {
			return nil, err
		}
		return b.Str(s), nil
	case smt.OpReRange:
		lo, err := b.evalString(args[0])
		if err != nil {
			return nil, err
		}
		hi, err := b.evalString(args[1])
		if err != nil {
			return nil, err
		}
		return b.Range(lo, hi), nil
	}
	rs, err := subs()
	if err != nil {
		return nil, err
	}
	idx := t.Indices()
	switch t.Op() {
	case smt.OpReConcat:
		return b.Concat(rs...), nil
	case smt.OpReUnion:
		return b.Union(rs...), nil
	case smt.OpReInter:
		return b.Inter(rs...), nil
	case smt.OpReDiff:
		return b.Diff(rs[0], rs[1:]...), nil
	case smt.OpReStar:
		return b.Star(rs[0]), nil
	case smt.OpRePlus:
		return b.Plus(rs[0]), nil
	case smt.OpReOpt:
		return b.Opt(rs[0]), nil
	case smt.OpReComp:
		return b.Comp(rs[0]), nil
	case smt.OpRePower:
		return b.Power(rs[0], idx[0]), nil
	case smt.OpReLoop:
		return b.Loop(rs[0], idx[0], idx[1]), nil
	}
	return nil, fmt.Errorf("RegLan operator %s: %w", t.Op(), ErrNotGround)
}

func (b *Builder) evalString(t *smt.Term) ([]rune, error) {
	v, err := b.Eval(t)
	if err != nil {
		return nil, err
	}
	s, ok := v.(smt.StringValue)
	if !ok {
		return nil, fmt.Errorf("%s is not a String", t)
	}
	return s.Runes, nil
}

// Eval is the value of a ground term built from string and integer
// literals, unary minus and the operators of the Strings theory (the cvc5
// extensions included): a StringValue, an IntValue, a BoolValue, or a
// RegLanValue holding t itself. Other terms give an error wrapping
// [ErrNotGround]; the interpreter in tandem/eval evaluates every theory and
// calls [Builder.Apply] for this one.
func (b *Builder) Eval(t *smt.Term) (smt.Value, error) {
	switch {
	case t.Kind() == smt.Literal:
		return smt.ValueOf(t)
	case t.Kind() == smt.Annotated:
		return b.Eval(t.Arg(0))
	case t.Sort() == smt.RegLanSort():
		if _, err := b.Compile(t); err != nil {
			return nil, err
		}
		return smt.RegLanValue{Term: t}, nil
	case t.Kind() != smt.App || t.Func() != nil:
		return nil, fmt.Errorf("%s: %w", t, ErrNotGround)
	}
	args := make([]smt.Value, t.NumArgs())
	for i, a := range t.Args() {
		v, err := b.Eval(a)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	switch t.Op() {
	case smt.OpNeg:
		if x, ok := args[0].(smt.IntValue); ok {
			return smt.IntValue{V: new(big.Int).Neg(x.V)}, nil
		}
	case smt.OpTrue:
		return smt.BoolValue(true), nil
	case smt.OpFalse:
		return smt.BoolValue(false), nil
	}
	if t.Op().Info().Theory != smt.TheoryStrings {
		return nil, fmt.Errorf("operator %s: %w", t.Op(), ErrNotGround)
	}
	return b.Apply(nil, t.Op(), t.Indices(), args)
}

// Apply applies a Strings operator to argument values: StringValue for
// String, IntValue for Int, RegLanValue for RegLan. Operators whose result
// is a RegLan build its term from the arguments in st (string arguments
// become literals), so the value is a ground term again; st may be nil
// only for the other operators. Apply is what an interpreter calls once it
// has the values of the arguments.
func (b *Builder) Apply(st *smt.Store, op smt.Op, idx []int, args []smt.Value) (smt.Value, error) {
	str := func(i int) ([]rune, error) {
		if i >= len(args) {
			return nil, fmt.Errorf("%s: missing argument %d", op, i+1)
		}
		if v, ok := args[i].(smt.StringValue); ok {
			return v.Runes, nil
		}
		return nil, fmt.Errorf("%s: argument %d is %s, not a String", op, i+1, args[i])
	}
	num := func(i int) (*big.Int, error) {
		if i >= len(args) {
			return nil, fmt.Errorf("%s: missing argument %d", op, i+1)
		}
		if v, ok := args[i].(smt.IntValue); ok && v.V != nil {
			return v.V, nil
		}
		return nil, fmt.Errorf("%s: argument %d is %s, not an Int", op, i+1, args[i])
	}
	re := func(i int) (*Regex, error) {
		if i >= len(args) {
			return nil, fmt.Errorf("%s: missing argument %d", op, i+1)
		}
		if v, ok := args[i].(smt.RegLanValue); ok {
			if v.Term == nil {
				return b.none, nil
			}
			return b.Compile(v.Term)
		}
		return nil, fmt.Errorf("%s: argument %d is %s, not a RegLan", op, i+1, args[i])
	}
	var err error
	allStrs := func() [][]rune {
		ss := make([][]rune, len(args))
		for i := range args {
			if ss[i], err = str(i); err != nil {
				return nil
			}
		}
		return ss
	}
	sv := func(s []rune) (smt.Value, error) { return smt.StringValue{Runes: s}, nil }
	iv := func(n int) (smt.Value, error) { return smt.IntValue{V: big.NewInt(int64(n))}, nil }
	bv := func(x bool) (smt.Value, error) { return smt.BoolValue(x), nil }

	// Arguments by position, read lazily; the first error wins.
	var s0, s1, s2 []rune
	var n1, n2 *big.Int
	var r1 *Regex
	get := func(pattern string) error {
		for i, c := range pattern {
			var e error
			switch c {
			case 's':
				var s []rune
				s, e = str(i)
				switch i {
				case 0:
					s0 = s
				case 1:
					s1 = s
				default:
					s2 = s
				}
			case 'i':
				var n *big.Int
				n, e = num(i)
				if i == 1 {
					n1 = n
				} else {
					n2 = n
				}
			case 'r':
				r1, e = re(i)
			}
			if e != nil {
				return e
			}
		}
		return nil
	}
	switch op {
	case smt.OpStrConcat:
		ss := allStrs()
		if err != nil {
			return nil, err
		}
		return sv(Concat(ss...))
	case smt.OpStrLt, smt.OpStrLe:
		ss := allStrs()
		if err != nil {
			return nil, err
		}
		for i := 1; i < len(ss); i++ {
			c := Compare(ss[i-1], ss[i])
			if c > 0 || c == 0 && op == smt.OpStrLt {
				return bv(false)
			}
		}
		return bv(true)
	case smt.OpStrLen:
		if err := get("s"); err != nil {
			return nil, err
		}
		return iv(len(s0))
	case smt.OpStrAt:
		if err := get("si"); err != nil {
			return nil, err
		}
		return sv(At(s0, Index(n1)))
	case smt.OpStrSubstr:
		if err := get("sii"); err != nil {
			return nil, err
		}
		return sv(Substr(s0, Index(n1), Index(n2)))
	case smt.OpStrPrefixOf:
		if err := get("ss"); err != nil {
			return nil, err
		}
		return bv(PrefixOf(s0, s1))
	case smt.OpStrSuffixOf:
		if err := get("ss"); err != nil {
			return nil, err
		}
		return bv(SuffixOf(s0, s1))
	case smt.OpStrContains:
		if err := get("ss"); err != nil {
			return nil, err
		}
		return bv(Contains(s0, s1))
	case smt.OpStrIndexOf:
		if err := get("ssi"); err != nil {
			return nil, err
		}
		return iv(IndexOf(s0, s1, Index(n2)))
	case smt.OpStrReplace:
		if err := get("sss"); err != nil {
			return nil, err
		}
		return sv(Replace(s0, s1, s2))
	case smt.OpStrReplaceAll:
		if err := get("sss"); err != nil {
			return nil, err
		}
		return sv(ReplaceAll(s0, s1, s2))
	case smt.OpStrReplaceRe:
		if err := get("srs"); err != nil {
			return nil, err
		}
		return sv(b.ReplaceRe(s0, r1, s2))
	case smt.OpStrReplaceReAll:
		if err := get("srs"); err != nil {
			return nil, err
		}
		return sv(b.ReplaceReAll(s0, r1, s2))
	case smt.OpStrIsDigit:
		if err := get("s"); err != nil {
			return nil, err
		}
		return bv(IsDigit(s0))
	case smt.OpStrToCode:
		if err := get("s"); err != nil {
			return nil, err
		}
		return iv(ToCode(s0))
	case smt.OpStrFromCode:
		n, err := num(0)
		if err != nil {
			return nil, err
		}
		return sv(FromCode(Index(n)))
	case smt.OpStrToInt:
		if err := get("s"); err != nil {
			return nil, err
		}
		return smt.IntValue{V: ToInt(s0)}, nil
	case smt.OpStrFromInt:
		n, err := num(0)
		if err != nil {
			return nil, err
		}
		return sv(FromInt(n))
	case smt.OpStrInRe:
		if err := get("sr"); err != nil {
			return nil, err
		}
		return bv(b.Match(r1, s0))
	case smt.OpStrRev:
		if err := get("s"); err != nil {
			return nil, err
		}
		return sv(Rev(s0))
	case smt.OpStrUpdate:
		if err := get("sis"); err != nil {
			return nil, err
		}
		return sv(Update(s0, Index(n1), s2))
	case smt.OpStrToLower:
		if err := get("s"); err != nil {
			return nil, err
		}
		return sv(ToLower(s0))
	case smt.OpStrToUpper:
		if err := get("s"); err != nil {
			return nil, err
		}
		return sv(ToUpper(s0))
	case smt.OpStrIndexOfRe:
		if err := get("sri"); err != nil {
			return nil, err
		}
		return iv(b.IndexOfRe(s0, r1, Index(n2)))
	}
	if op.Info().Theory != smt.TheoryStrings {
		return nil, fmt.Errorf("operator %s is not a Strings operator", op)
	}
	return b.regLan(st, op, idx, args)
}

// regLan builds the ground term of a RegLan-valued operator applied to
// values.
func (b *Builder) regLan(st *smt.Store, op smt.Op, idx []int, args []smt.Value) (smt.Value, error) {
	if st == nil {
		return nil, fmt.Errorf("%s: a Store is needed to build a RegLan value", op)
	}
	terms := make([]*smt.Term, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case smt.StringValue:
			t, err := st.String(v.Runes)
			if err != nil {
				return nil, fmt.Errorf("%s: argument %d: %w", op, i+1, err)
			}
			terms[i] = t
		case smt.RegLanValue:
			if v.Term == nil {
				terms[i] = st.MustApply(smt.OpReNone, nil)
			} else {
				terms[i] = v.Term
			}
		default:
			return nil, fmt.Errorf("%s: argument %d is %s", op, i+1, a)
		}
	}
	t, err := st.Apply(op, idx, terms...)
	if err != nil {
		return nil, err
	}
	if _, err := b.Compile(t); err != nil {
		return nil, err
	}
	return smt.RegLanValue{Term: t}, nil
}
