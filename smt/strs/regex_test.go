package strs_test

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"tandem/internal/strstest"
	"tandem/smt"
	"tandem/smt/strs"
	"tandem/smtlib"
)

func bigInt(n int) *big.Int { return big.NewInt(int64(n)) }

// TestRegexAgainstReference: random regular terms, each on random strings,
// by derivatives and by brute force. One Builder serves all of them, so
// its memoized automaton is exercised across languages.
func TestRegexAgainstReference(t *testing.T) {
	st := smt.NewStore()
	g := &strstest.Gen{St: st, R: rand.New(rand.NewPCG(5, 6)), MaxDepth: 4, MaxLoop: 5}
	b := strs.NewBuilder()
	for range 1500 {
		checkRegex(t, st, g, b, g.Re(0), 6)
	}
}

// re parses one RegLan term.
func re(t testing.TB, text string) *smt.Term {
	t.Helper()
	sc, err := smtlib.Parse("re.smt2", []byte("(assert (str.in_re \"\" "+text+"))"))
	if err != nil {
		t.Fatal(err)
	}
	return sc.Assertions()[0].Arg(1)
}

func TestRegexEdgeCases(t *testing.T) {
	cases := []struct {
		re   string
		s    string
		want bool
	}{
		{`re.none`, "", false},
		{`re.all`, "", true},
		{`re.allchar`, "\U0002FFFF", true},
		{`re.allchar`, "ab", false},
		{`(re.range "a" "c")`, "b", true},
		{`(re.range "c" "a")`, "b", false},
		{`(re.range "ab" "c")`, "b", false},
		{`(re.range "a" "")`, "a", false},
		{`((_ re.loop 3 1) (str.to_re "a"))`, "", false},
		{`((_ re.loop 3 1) (str.to_re ""))`, "", false},
		{`((_ re.^ 0) (re.* (str.to_re "a")))`, "a", false},
		{`((_ re.^ 0) re.none)`, "", true},
		{`((_ re.loop 0 0) re.all)`, "a", false},
		{`((_ re.loop 2 3) (str.to_re "ab"))`, "ababab", true},
		{`((_ re.loop 2 3) (str.to_re "ab"))`, "ab", false},
		{`(re.comp (str.to_re "a"))`, "", true},
		{`(re.comp (str.to_re "a"))`, "a", false},
		{`(re.diff re.all (re.++ re.all (str.to_re "b") re.all))`, "aaa", true},
		{`(re.diff re.all (re.++ re.all (str.to_re "b") re.all))`, "aba", false},
		{`(re.inter (re.* (str.to_re "aa")) (re.* (str.to_re "aaa")))`, "aaaaaa", true},
		{`(re.inter (re.* (str.to_re "aa")) (re.* (str.to_re "aaa")))`, "aaaa", false},
		{`(re.opt (str.to_re "a"))`, "", true},
		{`(re.+ (str.to_re ""))`, "", true},
		{`(re.++ (re.* re.allchar) (str.to_re "needle") (re.* re.allchar))`, "haystack with a needle in it", true},
		{`(re.union (re.range "\u{0}" "\u{7f}") (re.range "\u{ff}" "\u{2ffff}"))`, "\u0080", false},
	}
	b := strs.NewBuilder()
	for _, c := range cases {
		r, err := b.Compile(re(t, c.re))
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Match(r, []rune(c.s)); got != c.want {
			t.Errorf("(str.in_re %q %s) = %v, want %v", c.s, c.re, got, c.want)
		}
	}
}

// TestHugeBounds: counting stays symbolic; memory and time do not depend
// on the bounds.
func TestHugeBounds(t *testing.T) {
	b := strs.NewBuilder()
	a4000 := strings.Repeat("a", 4000)
	cases := []struct {
		re   string
		s    string
		want bool
	}{
		{`((_ re.loop 0 1000000000) (str.to_re "a"))`, a4000, true},
		{`((_ re.^ 1000000000) (str.to_re "a"))`, a4000, false},
		{`((_ re.^ 1000000000) (re.* (str.to_re "a")))`, a4000, true},
		{`((_ re.loop 3999 1000000000) (str.to_re "a"))`, a4000, true},
		{`((_ re.loop 4001 1000000000) (str.to_re "a"))`, a4000, false},
		{`((_ re.loop 1000000000 1000000000) re.all)`, "", true},
		{`(re.* ((_ re.loop 0 1000000000) (re.union (str.to_re "a") (str.to_re "aa"))))`, a4000, true},
		{`(re.comp ((_ re.^ 1000000000) (re.opt (str.to_re "a"))))`, a4000 + "b", true},
	}
	for _, c := range cases {
		r, err := b.Compile(re(t, c.re))
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Match(r, []rune(c.s)); got != c.want {
			t.Errorf("(str.in_re a^%d %s) = %v, want %v", len(c.s), c.re, got, c.want)
		}
	}
	if b.Len() > 100000 { // the automaton's size, not the clock, says the bounds were not unrolled
		t.Errorf("huge bounds made %d states", b.Len())
	}
}

// TestLongStrings: nested stars and search on 10,000 characters, checked
// against answers known by construction.
func TestLongStrings(t *testing.T) {
	b := strs.NewBuilder()
	s := []rune(strings.Repeat("ab", 5000))
	nested, _ := b.Compile(re(t, `(re.* (re.* (re.union (str.to_re "a") (re.* (str.to_re "ab")))))`))
	if !b.Match(nested, s) || b.Match(nested, append(s, 'b')) {
		t.Error("nested stars")
	}
	needle, _ := b.Compile(re(t, `(re.++ (re.* re.allchar) (str.to_re "needle") (re.* re.allchar))`))
	hay := append(append([]rune{}, s...), []rune("needle")...)
	if b.Match(needle, s) || !b.Match(needle, hay) {
		t.Error("needle")
	}
	ab, _ := b.Compile(re(t, `(re.+ (str.to_re "ab"))`))
	if got := b.ReplaceReAll(s, ab, []rune("x")); len(got) != 5000 {
		t.Errorf("replace_re_all of 5000 ab gave length %d", len(got))
	}
	if got := b.IndexOfRe(hay, needle, 0); got != 0 {
		t.Errorf("indexof_re = %d", got)
	}
}

func BenchmarkMatchNestedStars(bm *testing.B) {
	b := strs.NewBuilder()
	r, _ := b.Compile(re(bm, `(re.* (re.* (re.union (str.to_re "a") (re.* (str.to_re "ab")))))`))
	s := []rune(strings.Repeat("ab", 5000))
	for bm.Loop() {
		b.Match(r, s)
	}
}

func BenchmarkMatchNeedle(bm *testing.B) {
	b := strs.NewBuilder()
	r, _ := b.Compile(re(bm, `(re.++ (re.* re.allchar) (str.to_re "needle") (re.* re.allchar))`))
	s := []rune(strings.Repeat("needl", 2000))
	for bm.Loop() {
		b.Match(r, s)
	}
}

// TestReplaceReEmptyMatch pins the SMT-LIB 2.6 reading the theory file
// states in a note: str.replace_re minimizes u₁ before w₁ and allows
// w₁ = ε, so a nullable language puts the replacement in front;
// str.replace_re_all replaces non-empty matches only.
func TestReplaceReEmptyMatch(t *testing.T) {
	cases := []struct {
		re, s, want, wantAll string
	}{
		{`(re.* (str.to_re "a"))`, "baab", "Xbaab", "bXXb"},
		{`(re.+ (str.to_re "a"))`, "baab", "bXab", "bXXb"},
		{`(re.* (str.to_re "b"))`, "ab", "Xab", "aX"},
		{`re.all`, "", "X", ""},
		{`(re.opt (str.to_re "z"))`, "ab", "Xab", "ab"},
		{`(str.to_re "")`, "ab", "Xab", "ab"},
		{`(re.+ (str.to_re "z"))`, "ab", "ab", "ab"},
	}
	b := strs.NewBuilder()
	for _, c := range cases {
		r, err := b.Compile(re(t, c.re))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(b.ReplaceRe([]rune(c.s), r, []rune("X"))); got != c.want {
			t.Errorf("(str.replace_re %q %s \"X\") = %q, want %q", c.s, c.re, got, c.want)
		}
		if got := string(b.ReplaceReAll([]rune(c.s), r, []rune("X"))); got != c.wantAll {
			t.Errorf("(str.replace_re_all %q %s \"X\") = %q, want %q", c.s, c.re, got, c.wantAll)
		}
	}
}
