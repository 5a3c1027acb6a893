package strs

import (
	"math"
	"math/big"
)

// The functions of this file are the string functions of the SMT-LIB 2.6
// Strings theory and of the cvc5 extensions, on strings given as code
// points. Positions and lengths are Go ints; convert an SMT-LIB integer
// with [Index], which saturates: every string fits in memory, so an integer
// beyond the int range behaves exactly like the nearest int.
//
// Results never alias an argument unless the doc says so, but the
// arguments must not be modified while a call runs.

// Index converts an SMT-LIB integer to an int, saturating at the int range.
func Index(x *big.Int) int {
	if x.IsInt64() {
		v := x.Int64()
		if v > math.MaxInt {
			return math.MaxInt
		}
		if v < math.MinInt {
			return math.MinInt
		}
		return int(v)
	}
	if x.Sign() < 0 {
		return math.MinInt
	}
	return math.MaxInt
}

// Concat is (str.++ s…).
func Concat(ss ...[]rune) []rune {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	out := make([]rune, 0, n)
	for _, s := range ss {
		out = append(out, s...)
	}
	return out
}

// Compare orders strings lexicographically by code point: -1, 0 or +1.
func Compare(a, b []rune) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// Less is (str.< a b): a comes strictly before b in the lexicographic
// extension of the code point order (a proper prefix comes first).
func Less(a, b []rune) bool { return Compare(a, b) < 0 }

// LessEq is (str.<= a b).
func LessEq(a, b []rune) bool { return Compare(a, b) <= 0 }

// Equal reports whether a and b are the same string.
func Equal(a, b []rune) bool { return Compare(a, b) == 0 }

// At is (str.at s i) = (str.substr s i 1): the character at position i,
// or "" when i is outside [0, |s|).
func At(s []rune, i int) []rune { return Substr(s, i, 1) }

// Substr is (str.substr s m n): the longest substring of s of length at
// most n starting at m; "" when n <= 0 or m is outside [0, |s|).
func Substr(s []rune, m, n int) []rune {
	if m < 0 || m >= len(s) || n <= 0 {
		return []rune{}
	}
	end := len(s)
	if n < len(s)-m {
		end = m + n
	}
	return append([]rune{}, s[m:end]...)
}

// PrefixOf is (str.prefixof p s): p is a prefix of s.
func PrefixOf(p, s []rune) bool {
	return len(p) <= len(s) && Equal(p, s[:len(p)])
}

// SuffixOf is (str.suffixof p s): p is a suffix of s.
func SuffixOf(p, s []rune) bool {
	return len(p) <= len(s) && Equal(p, s[len(s)-len(p):])
}

// Contains is (str.contains s t): t occurs in s.
func Contains(s, t []rune) bool { return find(s, t, 0) >= 0 }

// find is the first position k >= from where t occurs in s, or -1.
// from must be in [0, |s|].
func find(s, t []rune, from int) int {
	if len(t) == 0 {
		return from
	}
	// Knuth–Morris–Pratt: linear on long strings.
	fail := make([]int, len(t))
	for i, k := 1, 0; i < len(t); i++ {
		for k > 0 && t[i] != t[k] {
			k = fail[k-1]
		}
		if t[i] == t[k] {
			k++
		}
		fail[i] = k
	}
	for i, k := from, 0; i < len(s); i++ {
		for k > 0 && s[i] != t[k] {
			k = fail[k-1]
		}
		if s[i] == t[k] {
			k++
		}
		if k == len(t) {
			return i - len(t) + 1
		}
	}
	return -1
}

// IndexOf is (str.indexof s t i): the first position at or after i where t
// occurs in s, or -1 when there is none or i is outside [0, |s|]. When t is
// empty and 0 <= i <= |s| the result is i.
func IndexOf(s, t []rune, i int) int {
	if i < 0 || i > len(s) {
		return -1
	}
	return find(s, t, i)
}

// Replace is (str.replace s t u): s with the first occurrence of t
// replaced by u; s when t does not occur; u ++ s when t is empty.
func Replace(s, t, u []rune) []rune {
	k := find(s, t, 0)
	if k < 0 {
		return append([]rune{}, s...)
	}
	return Concat(s[:k], u, s[k+len(t):])
}

// ReplaceAll is (str.replace_all s t u): every occurrence of t in s,
// left to right and without overlap, replaced by u; s when t is empty.
func ReplaceAll(s, t, u []rune) []rune {
	if len(t) == 0 {
		return append([]rune{}, s...)
	}
	out := make([]rune, 0, len(s))
	i := 0
	for {
		k := find(s, t, i)
		if k < 0 {
			break
		}
		out = append(out, s[i:k]...)
		out = append(out, u...)
		i = k + len(t)
	}
	return append(out, s[i:]...)
}

// IsDigit is (str.is_digit s): s is one character in '0'…'9'.
func IsDigit(s []rune) bool { return len(s) == 1 && '0' <= s[0] && s[0] <= '9' }

// ToCode is (str.to_code s): the code point of s when |s| = 1, else -1.
func ToCode(s []rune) int {
	if len(s) != 1 {
		return -1
	}
	return int(s[0])
}

// FromCode is (str.from_code n): the one-character string n when
// 0 <= n <= MaxChar, else "".
func FromCode(n int) []rune {
	if n < 0 || n > int(MaxChar) {
		return []rune{}
	}
	return []rune{rune(n)}
}

// ToInt is (str.to_int s): the decimal value of s when s is a non-empty
// string of digits '0'…'9' (leading zeros allowed), else -1.
func ToInt(s []rune) *big.Int {
	if len(s) == 0 {
		return big.NewInt(-1)
	}
	b := make([]byte, len(s))
	for i, c := range s {
		if c < '0' || c > '9' {
			return big.NewInt(-1)
		}
		b[i] = byte(c)
	}
	v, _ := new(big.Int).SetString(string(b), 10)
	return v
}

// FromInt is (str.from_int n): n in decimal without leading zeros when
// n >= 0, else "".
func FromInt(n *big.Int) []rune {
	if n.Sign() < 0 {
		return []rune{}
	}
	return []rune(n.String())
}

// Rev is cvc5's (str.rev s): s reversed.
func Rev(s []rune) []rune {
	out := make([]rune, len(s))
	for i, c := range s {
		out[len(s)-1-i] = c
	}
	return out
}

// Update is cvc5's (str.update s i t): s with the characters from position
// i overwritten by t, as far as s reaches (the length is that of s); s
// itself when i is outside [0, |s|).
func Update(s []rune, i int, t []rune) []rune {
	out := append([]rune{}, s...)
	if i < 0 || i >= len(s) {
		return out
	}
	copy(out[i:], t)
	return out
}

// ToLower is cvc5's (str.to_lower s): the ASCII letters A–Z mapped to a–z,
// every other character unchanged.
func ToLower(s []rune) []rune {
	out := make([]rune, len(s))
	for i, c := range s {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// ToUpper is cvc5's (str.to_upper s): the ASCII letters a–z mapped to A–Z,
// every other character unchanged.
func ToUpper(s []rune) []rune {
	out := make([]rune, len(s))
	for i, c := range s {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		out[i] = c
	}
	return out
}
