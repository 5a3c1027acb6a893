package strs

import (
	"sort"
	"strconv"
	"strings"
)

// MaxChar is the largest SMT-LIB character, 0x2FFFF: the alphabet of the
// Strings theory is the code points of Unicode planes 0–2.
const MaxChar rune = 0x2FFFF

// Interval is the closed range of characters [Lo, Hi].
type Interval struct{ Lo, Hi rune }

// CharSet is a set of characters as sorted, disjoint, non-adjacent closed
// intervals, so that any subset of the 196,608-character alphabet costs a
// few words. The zero value is the empty set. CharSets are immutable.
type CharSet []Interval

// AllChars is the whole alphabet, [0, MaxChar].
var AllChars = CharSet{{0, MaxChar}}

// Range is the set [lo, hi], empty when lo > hi; it is clipped to the
// alphabet.
func Range(lo, hi rune) CharSet {
	if lo < 0 {
		lo = 0
	}
	if hi > MaxChar {
		hi = MaxChar
	}
	if lo > hi {
		return nil
	}
	return CharSet{{lo, hi}}
}

// Contains reports whether c is in the set.
func (s CharSet) Contains(c rune) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i].Hi >= c })
	return i < len(s) && s[i].Lo <= c
}

// IsEmpty reports whether the set has no character.
func (s CharSet) IsEmpty() bool { return len(s) == 0 }

// Size is the number of characters in the set.
func (s CharSet) Size() int {
	n := 0
	for _, iv := range s {
		n += int(iv.Hi-iv.Lo) + 1
	}
	return n
}

// Union is s ∪ t.
func (s CharSet) Union(t CharSet) CharSet {
	all := make([]Interval, 0, len(s)+len(t))
	all = append(all, s...)
	all = append(all, t...)
	sort.Slice(all, func(i, j int) bool { return all[i].Lo < all[j].Lo })
	var out CharSet
	for _, iv := range all {
		if n := len(out); n > 0 && iv.Lo <= out[n-1].Hi+1 {
			if iv.Hi > out[n-1].Hi {
				out[n-1].Hi = iv.Hi
			}
			continue
		}
		out = append(out, iv)
	}
	return out
}

// Inter is s ∩ t.
func (s CharSet) Inter(t CharSet) CharSet {
	var out CharSet
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		lo, hi := max(s[i].Lo, t[j].Lo), min(s[i].Hi, t[j].Hi)
		if lo <= hi {
			out = append(out, Interval{lo, hi})
		}
		if s[i].Hi < t[j].Hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// Equal reports whether s and t hold the same characters.
func (s CharSet) Equal(t CharSet) bool {
	if len(s) != len(t) {
		return false
	}
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

// String prints the set as [lo-hi …] with code points in hex.
func (s CharSet) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, iv := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatInt(int64(iv.Lo), 16))
		if iv.Hi != iv.Lo {
			b.WriteByte('-')
			b.WriteString(strconv.FormatInt(int64(iv.Hi), 16))
		}
	}
	b.WriteByte(']')
	return b.String()
}
