package strstest

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"tandem/smt"
	"tandem/smt/strs"
)

// Ref is a brute-force reference evaluator for ground Strings terms,
// written straight from the SMT-LIB 2.6 definitions and independent of the
// derivative engine of tandem/smt/strs: a regular term denotes, at each
// position i of a string, the set of positions j such that s[i:j] is in
// the language, and str.replace_re tries every (i, j) in order. It is slow
// and only meant for short strings.
//
// Its Quirk fields switch on known deviations of solvers, so that a
// solver's differing answer can be explained by a named bug.
type Ref struct {
	// PowerZeroNullable makes ((_ re.^ 0) R) and ((_ re.loop 0 0) R) denote
	// R instead of {ε} when R is nullable (cvc5 1.0.3 does so when R
	// rewrites to a star).
	PowerZeroNullable bool

	memo map[memoKey][]bool
}

type memoKey struct {
	t *smt.Term
	s string
	i int
}

// Eval is the value of a ground term of the Strings theory.
func (r *Ref) Eval(t *smt.Term) (smt.Value, error) {
	if r.memo == nil {
		r.memo = map[memoKey][]bool{}
	}
	switch t.Kind() {
	case smt.Literal:
		return smt.ValueOf(t)
	case smt.App:
	default:
		return nil, fmt.Errorf("ref: %s is not ground", t)
	}
	if t.Sort() == smt.RegLanSort() {
		return smt.RegLanValue{Term: t}, nil
	}
	a := make([]smt.Value, t.NumArgs())
	for i, x := range t.Args() {
		v, err := r.Eval(x)
		if err != nil {
			return nil, err
		}
		a[i] = v
	}
	str := func(i int) []rune { return a[i].(smt.StringValue).Runes }
	num := func(i int) int { return strs.Index(a[i].(smt.IntValue).V) }
	sv := func(s []rune) (smt.Value, error) { return smt.StringValue{Runes: s}, nil }
	iv := func(n int) (smt.Value, error) { return smt.IntValue{V: big.NewInt(int64(n))}, nil }
	bv := func(b bool) (smt.Value, error) { return smt.BoolValue(b), nil }
	re := func(i int) *smt.Term { return a[i].(smt.RegLanValue).Term }
	switch t.Op() {
	case smt.OpNeg:
		return smt.IntValue{V: new(big.Int).Neg(a[0].(smt.IntValue).V)}, nil
	case smt.OpStrConcat:
		var out []rune
		for i := range a {
			out = append(out, str(i)...)
		}
		return sv(out)
	case smt.OpStrLen:
		return iv(len(str(0)))
	case smt.OpStrLt, smt.OpStrLe:
		for i := 1; i < len(a); i++ {
			c := slices.Compare(str(i-1), str(i))
			if c > 0 || c == 0 && t.Op() == smt.OpStrLt {
				return bv(false)
			}
		}
		return bv(true)
	case smt.OpStrAt:
		return sv(naiveSubstr(str(0), num(1), 1))
	case smt.OpStrSubstr:
		return sv(naiveSubstr(str(0), num(1), num(2)))
	case smt.OpStrPrefixOf:
		p, w := str(0), str(1)
		return bv(len(p) <= len(w) && slices.Equal(p, w[:len(p)]))
	case smt.OpStrSuffixOf:
		p, w := str(0), str(1)
		return bv(len(p) <= len(w) && slices.Equal(p, w[len(w)-len(p):]))
	case smt.OpStrContains:
		return bv(naiveIndex(str(0), str(1), 0) >= 0)
	case smt.OpStrIndexOf:
		s, p, i := str(0), str(1), num(2)
		if i < 0 || i > len(s) {
			return iv(-1)
		}
		return iv(naiveIndex(s, p, i))
	case smt.OpStrReplace:
		s, p, u := str(0), str(1), str(2)
		if k := naiveIndex(s, p, 0); k >= 0 {
			return sv(slices.Concat(s[:k], u, s[k+len(p):]))
		}
		return sv(s)
	case smt.OpStrReplaceAll:
		s, p, u := str(0), str(1), str(2)
		if len(p) == 0 {
			return sv(s)
		}
		var out []rune
		for {
			k := naiveIndex(s, p, 0)
			if k < 0 {
				return sv(append(out, s...))
			}
			out = slices.Concat(out, s[:k], u)
			s = s[k+len(p):]
		}
	case smt.OpStrReplaceRe, smt.OpStrReplaceReAll:
		s, l, u := str(0), re(1), str(2)
		var out []rune
		last := 0
		for i := 0; i <= len(s); i++ {
			e := r.ends(l, s, i)
			j := -1
			for k := i + 1; k <= len(s); k++ {
				if e[k] {
					j = k
					break
				}
			}
			if t.Op() == smt.OpStrReplaceRe && e[i] {
				j = i // str.replace_re takes an empty match; str.replace_re_all does not
			}
			if j < 0 {
				continue
			}
			out = append(append(out, s[last:i]...), u...)
			last = j
			if t.Op() == smt.OpStrReplaceRe {
				break
			}
			i = j - 1
		}
		return sv(append(out, s[last:]...))
	case smt.OpStrIsDigit:
		s := str(0)
		return bv(len(s) == 1 && strings.ContainsRune("0123456789", s[0]))
	case smt.OpStrToCode:
		if s := str(0); len(s) == 1 {
			return iv(int(s[0]))
		}
		return iv(-1)
	case smt.OpStrFromCode:
		if n := num(0); n >= 0 && n <= 0x2ffff {
			return sv([]rune{rune(n)})
		}
		return sv(nil)
	case smt.OpStrToInt:
		s := string(str(0))
		if s == "" || strings.Trim(s, "0123456789") != "" || slices.ContainsFunc(str(0), func(c rune) bool { return c < '0' || c > '9' }) {
			return iv(-1)
		}
		v, _ := new(big.Int).SetString(s, 10)
		return smt.IntValue{V: v}, nil
	case smt.OpStrFromInt:
		if n := a[0].(smt.IntValue).V; n.Sign() >= 0 {
			return sv([]rune(n.String()))
		}
		return sv(nil)
	case smt.OpStrInRe:
		s := str(0)
		return bv(r.ends(re(1), s, 0)[len(s)])
	case smt.OpStrRev:
		s := str(0)
		out := make([]rune, len(s))
		for i := range s {
			out[i] = s[len(s)-1-i]
		}
		return sv(out)
	case smt.OpStrUpdate:
		s, i, u := append([]rune{}, str(0)...), num(1), str(2)
		for k := 0; i >= 0 && k < len(u) && i+k < len(s); k++ {
			s[i+k] = u[k]
		}
		return sv(s)
	case smt.OpStrToLower:
		return sv(mapRunes(str(0), func(c rune) rune {
			if c >= 'A' && c <= 'Z' {
				return c + 32
			}
			return c
		}))
	case smt.OpStrToUpper:
		return sv(mapRunes(str(0), func(c rune) rune {
			if c >= 'a' && c <= 'z' {
				return c - 32
			}
			return c
		}))
	case smt.OpStrIndexOfRe:
		s, l, i := str(0), re(1), num(2)
		if i < 0 || i > len(s) {
			return iv(-1)
		}
		for k := i; k <= len(s); k++ {
			for _, ok := range r.ends(l, s, k)[k:] {
				if ok {
					return iv(k)
				}
			}
		}
		return iv(-1)
	}
	return nil, fmt.Errorf("ref: operator %s", t.Op())
}

func naiveSubstr(s []rune, m, n int) []rune {
	var out []rune
	for k := 0; k < n && m >= 0 && m+k < len(s); k++ {
		out = append(out, s[m+k])
	}
	return out
}

// ends is the set of j with s[i:j] in the language of t (j in [0, |s|]).
func (r *Ref) ends(t *smt.Term, s []rune, i int) []bool {
	key := memoKey{t, string(s), i}
	if e, ok := r.memo[key]; ok {
		return e
	}
	n := len(s)
	e := make([]bool, n+1)
	strArg := func(k int) []rune {
		v, err := r.Eval(t.Arg(k))
		if err != nil {
			panic(err)
		}
		return v.(smt.StringValue).Runes
	}
	switch t.Op() {
	case smt.OpReNone:
	case smt.OpReAll:
		for j := i; j <= n; j++ {
			e[j] = true
		}
	case smt.OpReAllChar:
		if i < n {
			e[i+1] = true
		}
	case smt.OpStrToRe:
		w := strArg(0)
		if i+len(w) <= n && slices.Equal(s[i:i+len(w)], w) {
			e[i+len(w)] = true
		}
	case smt.OpReRange:
		lo, hi := strArg(0), strArg(1)
		if len(lo) == 1 && len(hi) == 1 && i < n && lo[0] <= s[i] && s[i] <= hi[0] {
			e[i+1] = true
		}
	case smt.OpReConcat:
		cur := make([]bool, n+1)
		cur[i] = true
		for _, x := range t.Args() {
			cur = r.step(x, s, cur)
		}
		e = cur
	case smt.OpReUnion, smt.OpReInter, smt.OpReDiff:
		copy(e, r.ends(t.Arg(0), s, i))
		for _, x := range t.Args()[1:] {
			f := r.ends(x, s, i)
			for j := range e {
				switch t.Op() {
				case smt.OpReUnion:
					e[j] = e[j] || f[j]
				case smt.OpReInter:
					e[j] = e[j] && f[j]
				default:
					e[j] = e[j] && !f[j]
				}
			}
		}
	case smt.OpReStar, smt.OpRePlus:
		cur := make([]bool, n+1)
		cur[i] = true
		if t.Op() == smt.OpRePlus {
			cur = r.step(t.Arg(0), s, cur)
		}
		for changed := true; changed; {
			changed = false
			next := r.step(t.Arg(0), s, cur)
			for j := range cur {
				if next[j] && !cur[j] {
					cur[j], changed = true, true
				}
			}
		}
		e = cur
	case smt.OpReOpt:
		copy(e, r.ends(t.Arg(0), s, i))
		e[i] = true
	case smt.OpReComp:
		f := r.ends(t.Arg(0), s, i)
		for j := i; j <= n; j++ {
			e[j] = !f[j]
		}
	case smt.OpRePower, smt.OpReLoop:
		idx := t.Indices()
		lo, hi := idx[0], idx[0]
		if t.Op() == smt.OpReLoop {
			hi = idx[1]
		}
		if lo <= hi {
			if hi == 0 && r.PowerZeroNullable && r.ends(t.Arg(0), s, i)[i] {
				e = r.ends(t.Arg(0), s, i)
				break
			}
			e = r.loop(t.Arg(0), s, i, lo, hi)
		}
	default:
		panic("ref: RegLan operator " + t.Op().String())
	}
	r.memo[key] = e
	return e
}

// step is ⋃_{p ∈ cur} ends(x, s, p).
func (r *Ref) step(x *smt.Term, s []rune, cur []bool) []bool {
	next := make([]bool, len(cur))
	for p, ok := range cur {
		if ok {
			for j, y := range r.ends(x, s, p) {
				next[j] = next[j] || y
			}
		}
	}
	return next
}

// loop is ⋃_{lo <= k <= hi} E_k with E_0 = {i}, E_{k+1} = step(E_k): the
// sequence of sets is eventually periodic, so huge bounds cost at most
// 2^(|s|+1) steps, and in practice |s|+2.
func (r *Ref) loop(x *smt.Term, s []rune, i, lo, hi int) []bool {
	n := len(s)
	e := make([]bool, n+1)
	cur := make([]bool, n+1)
	cur[i] = true
	seen := map[string]int{}
	var hist [][]bool
	for k := 0; k <= hi; k++ {
		key := fmt.Sprint(cur)
		if j, ok := seen[key]; ok {
			// E_m = hist[j + (m-j) mod p] for m >= j.
			p := k - j
			start := max(lo, k)
			for m := start; m <= hi && m < start+p; m++ {
				or(e, hist[j+(m-j)%p])
			}
			return e
		}
		seen[key] = k
		hist = append(hist, cur)
		if k >= lo {
			or(e, cur)
		}
		cur = r.step(x, s, cur)
	}
	return e
}

func or(e, f []bool) {
	for j := range e {
		e[j] = e[j] || f[j]
	}
}

// naiveIndex is the first k >= from with p at s[k:], or -1.
func naiveIndex(s, p []rune, from int) int {
	for k := from; k+len(p) <= len(s); k++ {
		if slices.Equal(s[k:k+len(p)], p) {
			return k
		}
	}
	return -1
}

func mapRunes(s []rune, f func(rune) rune) []rune {
	out := make([]rune, len(s))
	for i, c := range s {
		out[i] = f(c)
	}
	return out
}
