package strs_test

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"tandem/internal/strstest"
	"tandem/smt"
	"tandem/smt/strs"
	"tandem/smtlib"
)

// FuzzStringLiteral reads the fuzz input as the text of a string literal
// and checks that strs.Unquote reads it as tandem/smtlib does, and that
// strs.Quote prints a literal smtlib reads back to the same string:
// the script (assert (= L (Quote (Unquote L)))) must parse, with both
// sides the string Unquote gave.
//
//	go test -run XXX -fuzz FuzzStringLiteral -parallel 1 ./smt/strs
func FuzzStringLiteral(f *testing.F) {
	for _, s := range []string{"", "abc", `\u{41}`, `\u0041`, `\u{2FFFF}`, `\u{30000}`, `\u{}`, `\u{000041}`, `\\u0041`, `a""b`, "\x00\x7f\xc3\xa9", `\u{5c}u{41}`, `\ud800`, "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if len(body) > 200 {
			return
		}
		lit := `"` + strings.ReplaceAll(body, `"`, `""`) + `"`
		want, uerr := strs.Unquote(lit)
		var quoted string
		if uerr == nil {
			quoted = strs.Quote(want)
		} else {
			quoted = `""`
		}
		sc, perr := smtlib.Parse("fuzz.smt2", []byte("(assert (= "+lit+" "+quoted+"))"))
		if (uerr == nil) != (perr == nil) {
			t.Fatalf("literal %s: strs.Unquote error %v, smtlib.Parse error %v", lit, uerr, perr)
		}
		if uerr != nil {
			return
		}
		as := sc.Assertions()
		if len(as) != 1 || as[0].NumArgs() != 2 {
			t.Fatalf("literal %s: parsed %v", lit, as)
		}
		if got := as[0].Arg(0).Runes(); !strs.Equal(got, want) {
			t.Fatalf("literal %s: smtlib reads %q, strs.Unquote %q", lit, string(got), string(want))
		}
		if got := as[0].Arg(1).Runes(); !strs.Equal(got, want) {
			t.Fatalf("Quote(%q) = %s, which smtlib reads as %q", string(want), quoted, string(got))
		}
	})
}

// byteSource drives the term generator from fuzz bytes, then a PCG.
type byteSource struct {
	data []byte
	pcg  *rand.PCG
}

func (s *byteSource) Uint64() uint64 {
	if len(s.data) >= 8 {
		v := binary.LittleEndian.Uint64(s.data)
		s.data = s.data[8:]
		return v
	}
	if len(s.data) > 0 {
		var b [8]byte
		copy(b[:], s.data)
		s.data = nil
		return binary.LittleEndian.Uint64(b[:])
	}
	return s.pcg.Uint64()
}

// FuzzRegexMatch generates a regular term and strings from the fuzz input
// and checks membership, str.replace_re, str.replace_re_all and
// str.indexof_re by derivatives against the brute-force matcher of
// strstest.Ref.
//
//	go test -run XXX -fuzz FuzzRegexMatch -parallel 1 ./smt/strs
func FuzzRegexMatch(f *testing.F) {
	for _, s := range []string{"", "\x00", "regular", "\xff\xff\xff\xff\xff\xff\xff\xff\x01\x02\x03", "(re.* (re.* a))"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 256 {
			return
		}
		r := rand.New(&byteSource{data: data, pcg: rand.NewPCG(uint64(len(data)), 3)})
		st := smt.NewStore()
		g := &strstest.Gen{St: st, R: r, MaxDepth: 3, MaxLoop: 5}
		checkRegex(t, st, g, strs.NewBuilder(), g.Re(0), 8)
	})
}

// checkRegex compares the derivative engine with the reference on n
// strings for the regular term re.
func checkRegex(t *testing.T, st *smt.Store, g *strstest.Gen, b *strs.Builder, re *smt.Term, n int) {
	t.Helper()
	rx, err := b.Compile(re)
	if err != nil {
		t.Fatal(err)
	}
	ref := &strstest.Ref{}
	for range n {
		s := g.Runes()
		if g.R.IntN(2) == 0 {
			s = append(s, g.Runes()...)
		}
		lit, err := st.String(s)
		if err != nil {
			t.Fatal(err)
		}
		rep, _ := st.String([]rune("#"))
		i := g.R.IntN(len(s)+3) - 1
		terms := []*smt.Term{
			st.MustApply(smt.OpStrInRe, nil, lit, re),
			st.MustApply(smt.OpStrReplaceRe, nil, lit, re, rep),
			st.MustApply(smt.OpStrReplaceReAll, nil, lit, re, rep),
			st.MustApply(smt.OpStrIndexOfRe, nil, lit, re, st.Int(int64(i))),
		}
		got := []smt.Value{
			smt.BoolValue(b.Match(rx, s)),
			smt.StringValue{Runes: b.ReplaceRe(s, rx, []rune("#"))},
			smt.StringValue{Runes: b.ReplaceReAll(s, rx, []rune("#"))},
			smt.IntValue{V: bigInt(b.IndexOfRe(s, rx, i))},
		}
		for k, x := range terms {
			want, err := ref.Eval(x)
			if err != nil {
				t.Fatal(err)
			}
			if !smt.ValueEqual(got[k], want) {
				t.Fatalf("%s = %s, reference %s", x, got[k], want)
			}
		}
	}
}
