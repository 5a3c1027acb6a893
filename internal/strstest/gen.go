// Package strstest generates random ground terms of the SMT-LIB Strings
// theory and checks tandem's values for them against real solvers. It
// serves the tests of tandem/smt/strs and tandem/eval and the command
// bench/strdiff.
package strstest

import (
	"math/rand/v2"

	"tandem/smt"
)

// Gen generates random ground terms over a small alphabet ({a, b, c} and
// digits) with edge characters mixed in (0, 0x7F, 0xFF, 0x2FFFF, the
// backslash and the double quote), small integers around string lengths
// and the edge values of every function (-1, 0x2FFFF, 0x30000).
type Gen struct {
	St *smt.Store
	R  *rand.Rand
	// MaxDepth bounds the nesting of operators (default 4).
	MaxDepth int
	// Extensions allows cvc5's str.rev, str.update, str.to_lower,
	// str.to_upper and str.indexof_re.
	Extensions bool
	// NoReplaceRe leaves out str.replace_re and str.replace_re_all (z3
	// 4.8.12 leaves them unevaluated in get-value).
	NoReplaceRe bool
	// MaxLoop bounds the indices of re.loop and re.^ (default 4).
	MaxLoop int
}

var edgeChars = []rune{0, 0x7f, 0xff, 0x2ffff, '\\', '"', 'A', 'Z', '0', '9', 0x100, 0xffff}

// Char is a random character: mostly a, b, c.
func (g *Gen) Char() rune {
	switch n := g.R.IntN(20); {
	case n < 14:
		return 'a' + rune(n%3)
	case n < 16:
		return '0' + rune(g.R.IntN(10))
	default:
		return edgeChars[g.R.IntN(len(edgeChars))]
	}
}

// Runes is a random short string.
func (g *Gen) Runes() []rune {
	n := []int{0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6}[g.R.IntN(12)]
	s := make([]rune, n)
	digits := g.R.IntN(6) == 0
	for i := range s {
		if digits {
			s[i] = '0' + rune(g.R.IntN(10))
		} else {
			s[i] = g.Char()
		}
	}
	return s
}

func (g *Gen) lit(s []rune) *smt.Term {
	t, err := g.St.String(s)
	if err != nil {
		panic(err) // the generator only makes valid characters
	}
	return t
}

var edgeInts = []int64{-1, -1, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 48, 57, 97, 196607, 196608, -2}

// Int is a random Int term.
func (g *Gen) Int(depth int) *smt.Term {
	if depth >= g.maxDepth() || g.R.IntN(3) == 0 {
		return g.St.Int(edgeInts[g.R.IntN(len(edgeInts))])
	}
	d := depth + 1
	ops := []smt.Op{smt.OpStrLen, smt.OpStrLen, smt.OpStrIndexOf, smt.OpStrIndexOf, smt.OpStrToCode, smt.OpStrToInt, smt.OpStrToInt}
	if g.Extensions {
		ops = append(ops, smt.OpStrIndexOfRe)
	}
	switch op := ops[g.R.IntN(len(ops))]; op {
	case smt.OpStrLen, smt.OpStrToCode, smt.OpStrToInt:
		return g.St.MustApply(op, nil, g.Str(d))
	case smt.OpStrIndexOf:
		return g.St.MustApply(op, nil, g.Str(d), g.Str(d), g.Int(d))
	default:
		return g.St.MustApply(op, nil, g.Str(d), g.Re(d), g.Int(d))
	}
}

// Str is a random String term.
func (g *Gen) Str(depth int) *smt.Term {
	if depth >= g.maxDepth() || g.R.IntN(3) == 0 {
		return g.lit(g.Runes())
	}
	d := depth + 1
	ops := []smt.Op{smt.OpStrConcat, smt.OpStrAt, smt.OpStrSubstr, smt.OpStrSubstr, smt.OpStrReplace, smt.OpStrReplaceAll,
		smt.OpStrFromCode, smt.OpStrFromInt}
	if !g.NoReplaceRe {
		ops = append(ops, smt.OpStrReplaceRe, smt.OpStrReplaceReAll)
	}
	if g.Extensions {
		ops = append(ops, smt.OpStrRev, smt.OpStrUpdate, smt.OpStrToLower, smt.OpStrToUpper)
	}
	switch op := ops[g.R.IntN(len(ops))]; op {
	case smt.OpStrConcat:
		n := 2 + g.R.IntN(2)
		args := make([]*smt.Term, n)
		for i := range args {
			args[i] = g.Str(d)
		}
		return g.St.MustApply(op, nil, args...)
	case smt.OpStrAt:
		return g.St.MustApply(op, nil, g.Str(d), g.Int(d))
	case smt.OpStrSubstr:
		return g.St.MustApply(op, nil, g.Str(d), g.Int(d), g.Int(d))
	case smt.OpStrReplace, smt.OpStrReplaceAll:
		return g.St.MustApply(op, nil, g.Str(d), g.Str(d), g.Str(d))
	case smt.OpStrReplaceRe, smt.OpStrReplaceReAll:
		return g.St.MustApply(op, nil, g.Str(d), g.Re(d), g.Str(d))
	case smt.OpStrFromCode, smt.OpStrFromInt:
		return g.St.MustApply(op, nil, g.Int(d))
	case smt.OpStrUpdate:
		return g.St.MustApply(op, nil, g.Str(d), g.Int(d), g.Str(d))
	default:
		return g.St.MustApply(op, nil, g.Str(d))
	}
}

// Bool is a random Bool term of the Strings theory; half of them are
// regular membership tests.
func (g *Gen) Bool(depth int) *smt.Term {
	d := depth + 1
	if g.R.IntN(2) == 0 {
		return g.St.MustApply(smt.OpStrInRe, nil, g.Str(d+1), g.Re(d))
	}
	ops := []smt.Op{smt.OpStrLt, smt.OpStrLe, smt.OpStrPrefixOf, smt.OpStrSuffixOf, smt.OpStrContains, smt.OpStrIsDigit}
	switch op := ops[g.R.IntN(len(ops))]; op {
	case smt.OpStrIsDigit:
		return g.St.MustApply(op, nil, g.Str(d))
	default:
		return g.St.MustApply(op, nil, g.Str(d), g.Str(d))
	}
}

// Re is a random ground RegLan term.
func (g *Gen) Re(depth int) *smt.Term {
	if depth >= g.maxDepth()+1 || g.R.IntN(4) == 0 {
		switch g.R.IntN(10) {
		case 0:
			return g.St.MustApply(smt.OpReNone, nil)
		case 1:
			return g.St.MustApply(smt.OpReAll, nil)
		case 2, 3:
			return g.St.MustApply(smt.OpReAllChar, nil)
		case 4, 5:
			return g.St.MustApply(smt.OpReRange, nil, g.oneChar(), g.oneChar())
		default:
			s := g.Runes()
			if len(s) > 3 {
				s = s[:3]
			}
			return g.St.MustApply(smt.OpStrToRe, nil, g.lit(s))
		}
	}
	d := depth + 1
	ml := g.MaxLoop
	if ml == 0 {
		ml = 4
	}
	switch g.R.IntN(12) {
	case 0, 1:
		return g.St.MustApply(smt.OpReConcat, nil, g.Re(d), g.Re(d))
	case 2, 3:
		return g.St.MustApply(smt.OpReUnion, nil, g.Re(d), g.Re(d))
	case 4:
		return g.St.MustApply(smt.OpReInter, nil, g.Re(d), g.Re(d))
	case 5:
		return g.St.MustApply(smt.OpReStar, nil, g.Re(d))
	case 6:
		return g.St.MustApply(smt.OpRePlus, nil, g.Re(d))
	case 7:
		return g.St.MustApply(smt.OpReOpt, nil, g.Re(d))
	case 8:
		return g.St.MustApply(smt.OpReComp, nil, g.Re(d))
	case 9:
		return g.St.MustApply(smt.OpReDiff, nil, g.Re(d), g.Re(d))
	case 10:
		return g.St.MustApply(smt.OpReLoop, []int{g.R.IntN(ml), g.R.IntN(ml)}, g.Re(d))
	default:
		return g.St.MustApply(smt.OpRePower, []int{g.R.IntN(ml)}, g.Re(d))
	}
}

// oneChar is mostly a one-character literal, sometimes a term or a
// string of another length (re.range is then empty).
func (g *Gen) oneChar() *smt.Term {
	switch g.R.IntN(8) {
	case 0:
		return g.lit(g.Runes())
	case 1:
		return g.St.MustApply(smt.OpStrAt, nil, g.lit(g.Runes()), g.St.Int(int64(g.R.IntN(3))))
	}
	return g.lit([]rune{g.Char()})
}

// Term is a random term of sort String, Int or Bool.
func (g *Gen) Term() *smt.Term {
	switch g.R.IntN(3) {
	case 0:
		return g.Str(0)
	case 1:
		return g.Int(0)
	}
	return g.Bool(0)
}

func (g *Gen) maxDepth() int {
	if g.MaxDepth == 0 {
		return 4
	}
	return g.MaxDepth
}
