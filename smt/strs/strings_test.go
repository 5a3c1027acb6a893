package strs

import (
	"math/big"
	"testing"
)

func TestStringEdgeCases(t *testing.T) {
	r := func(s string) []rune { return []rune(s) }
	eqs := []struct {
		name      string
		got, want []rune
	}{
		{"at in range", At(r("abc"), 1), r("b")},
		{"at negative", At(r("abc"), -1), r("")},
		{"at past end", At(r("abc"), 3), r("")},
		{"substr", Substr(r("abcde"), 1, 3), r("bcd")},
		{"substr clipped", Substr(r("abcde"), 3, 10), r("de")},
		{"substr n=0", Substr(r("abcde"), 1, 0), r("")},
		{"substr n<0", Substr(r("abcde"), 1, -2), r("")},
		{"substr m=|s|", Substr(r("abc"), 3, 1), r("")},
		{"substr huge n", Substr(r("abc"), 0, Index(new(big.Int).Lsh(big.NewInt(1), 100))), r("abc")},
		{"replace empty pattern prepends", Replace(r("ab"), r(""), r("X")), r("Xab")},
		{"replace first only", Replace(r("abab"), r("b"), r("X")), r("aXab")},
		{"replace absent", Replace(r("ab"), r("c"), r("X")), r("ab")},
		{"replace_all empty pattern", ReplaceAll(r("ab"), r(""), r("X")), r("ab")},
		{"replace_all no overlap", ReplaceAll(r("aaa"), r("aa"), r("b")), r("ba")},
		{"from_code max", FromCode(0x2FFFF), []rune{0x2FFFF}},
		{"from_code past max", FromCode(0x30000), r("")},
		{"from_code negative", FromCode(-1), r("")},
		{"from_int", FromInt(big.NewInt(120)), r("120")},
		{"from_int negative", FromInt(big.NewInt(-5)), r("")},
		{"from_int huge", FromInt(new(big.Int).Lsh(big.NewInt(1), 70)), r("1180591620717411303424")},
		{"rev", Rev(r("abc")), r("cba")},
		{"update", Update(r("abcd"), 1, r("XYZW")), r("aXYZ")},
		{"update out of range", Update(r("ab"), 2, r("X")), r("ab")},
		{"to_lower ASCII only", ToLower([]rune{'A', 'z', 0xC0, '@', '['}), []rune{'a', 'z', 0xC0, '@', '['}},
		{"to_upper ASCII only", ToUpper([]rune{'a', 'Z', 0xE0, '`', '{'}), []rune{'A', 'Z', 0xE0, '`', '{'}},
	}
	for _, c := range eqs {
		if !Equal(c.got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, string(c.got), string(c.want))
		}
	}
	ints := []struct {
		name      string
		got, want int
	}{
		{"indexof", IndexOf(r("abcb"), r("b"), 2), 3},
		{"indexof empty pattern at |s|", IndexOf(r("ab"), r(""), 2), 2},
		{"indexof empty pattern past |s|", IndexOf(r("ab"), r(""), 3), -1},
		{"indexof negative start", IndexOf(r("ab"), r("a"), -1), -1},
		{"indexof none after start", IndexOf(r("ab"), r("a"), 1), -1},
		{"to_code", ToCode(r("a")), 97},
		{"to_code empty", ToCode(r("")), -1},
		{"to_code two", ToCode(r("ab")), -1},
	}
	for _, c := range ints {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, c.got, c.want)
		}
	}
	for s, want := range map[string]int64{"": -1, "0": 0, "007": 7, "12a": -1, "-1": -1, " 1": -1, "٣": -1} {
		if got := ToInt(r(s)); got.Int64() != want {
			t.Errorf("to_int %q = %s, want %d", s, got, want)
		}
	}
	bools := []struct {
		name      string
		got, want bool
	}{
		{"is_digit", IsDigit(r("7")), true},
		{"is_digit two", IsDigit(r("77")), false},
		{"is_digit empty", IsDigit(r("")), false},
		{"<", Less(r("a"), r("b")), true},
		{"< prefix", Less(r("a"), r("ab")), true},
		{"< equal", Less(r("ab"), r("ab")), false},
		{"<=", LessEq(r("ab"), r("ab")), true},
		{"< code points", Less([]rune{0xFFFF}, []rune{0x10000}), true},
		{"prefixof empty", PrefixOf(r(""), r("a")), true},
		{"suffixof", SuffixOf(r("bc"), r("abc")), true},
		{"contains empty", Contains(r(""), r("")), true},
		{"contains", Contains(r("abcab"), r("cab")), true},
		{"contains not", Contains(r("abcab"), r("cb")), false},
	}
	for _, c := range bools {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestIndexSaturates(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 80)
	if Index(huge) <= 0 || Index(new(big.Int).Neg(huge)) >= 0 || Index(big.NewInt(-3)) != -3 {
		t.Error("Index does not saturate")
	}
}

func TestQuoteRoundTrip(t *testing.T) {
	for _, s := range [][]rune{{}, []rune(`a"b\u{41}\u0041`), {0, 0x7f, 0xff, 0x2ffff, 0xd800}} {
		got, err := Unquote(Quote(s))
		if err != nil || !Equal(got, s) {
			t.Errorf("Unquote(Quote(%q)) = %q, %v", string(s), string(got), err)
		}
	}
	for lit, want := range map[string]string{
		`"\u{41}"`: "A", `"\u0041"`: "A", `"\u{2CX}"`: `\u{2CX}`, `"\u2CA"`: `\u2CA`, `"\u{30000}"`: `\u{30000}`,
		`"\u{000041}"`: `\u{000041}`, `"a""b"`: `a"b`, `"\u{}"`: `\u{}`, `"\\u0041"`: `\A`,
	} {
		got, err := Unquote(lit)
		if err != nil || string(got) != want {
			t.Errorf("Unquote(%s) = %q, %v; want %q", lit, string(got), err, want)
		}
	}
	for _, bad := range []string{`abc`, `"a"b"`, `"`} {
		if _, err := Unquote(bad); err == nil {
			t.Errorf("Unquote(%s) succeeded", bad)
		}
	}
}
