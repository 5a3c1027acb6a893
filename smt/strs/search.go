package strs

// The regex search functions: (str.replace_re s r t), (str.replace_re_all
// s r t) and cvc5's (str.indexof_re s r i). All three look for a leftmost
// match, which one backward pass finds for every position at once: the
// words of s read from the end are run through the automaton of
// UC*·reverse(r'), so after reading s[i:] backwards it accepts exactly when
// some prefix of s[i:] is in r'. Each match's end is then the first
// accepting point of r's automaton run forward from its start. Time is
// linear in |s| (plus the states built), however many matches there are.

// starts reports, for every i in [0, |s|), whether some non-empty prefix of
// s[i:] is in r.
func (b *Builder) starts(r *Regex, s []rune) []bool {
	st := b.Concat(b.all, b.Reverse(b.nonEmpty(r)))
	ok := make([]bool, len(s))
	for i := len(s) - 1; i >= 0; i-- {
		st = b.Deriv(st, s[i])
		ok[i] = st.nullable
	}
	return ok
}

// nonEmpty is r \ {ε}.
func (b *Builder) nonEmpty(r *Regex) *Regex {
	if !r.nullable {
		return r
	}
	return b.Inter(r, b.concat2(b.allchar, b.all))
}

// shortestEnd is the least j > i with s[i:j] in r, or -1.
func (b *Builder) shortestEnd(r *Regex, s []rune, i int) int {
	for j := i; j < len(s); j++ {
		r = b.Deriv(r, s[j])
		if r.nullable {
			return j + 1
		}
		if r.kind == kNone {
			break
		}
	}
	return -1
}

// ReplaceRe is (str.replace_re s r t): s with its leftmost, and among
// those shortest, substring in r replaced by t; s when no substring of s is
// in r. The SMT-LIB 2.6 definition minimizes u₁ first, then w₁, over
// s = u₁w₁u₂ with w₁ ∈ r, and, unlike str.replace_re_all, does not exclude
// w₁ = ε: when ε ∈ r the result is t·s (the theory's own note says so).
func (b *Builder) ReplaceRe(s []rune, r *Regex, t []rune) []rune {
	if r.nullable {
		return Concat(t, s)
	}
	ok := b.starts(r, s)
	for i := range s {
		if ok[i] {
			if j := b.shortestEnd(r, s, i); j > 0 {
				return Concat(s[:i], t, s[j:])
			}
		}
	}
	return append([]rune{}, s...)
}

// ReplaceReAll is (str.replace_re_all s r t): left to right, each
// shortest leftmost non-empty match of r in s replaced by t, the search
// resuming after the match.
func (b *Builder) ReplaceReAll(s []rune, r *Regex, t []rune) []rune {
	ok := b.starts(r, s)
	out := make([]rune, 0, len(s))
	last := 0
	for i := 0; i < len(s); {
		if ok[i] {
			if j := b.shortestEnd(r, s, i); j > 0 {
				out = append(out, s[last:i]...)
				out = append(out, t...)
				last, i = j, j
				continue
			}
		}
		i++
	}
	return append(out, s[last:]...)
}

// IndexOfRe is cvc5's (str.indexof_re s r i): the least position k >= i
// at which some substring of s starting at k (the empty one included) is
// in r; -1 when there is none or i is outside [0, |s|].
func (b *Builder) IndexOfRe(s []rune, r *Regex, i int) int {
	if i < 0 || i > len(s) {
		return -1
	}
	if r.nullable {
		return i
	}
	ok := b.starts(r, s[i:])
	for k, m := range ok {
		if m {
			return i + k
		}
	}
	return -1
}
