package fuzzysat

import (
	"fmt"
	"strings"
)

// Interval is a closed range [Lo, Hi] of unsigned values, Lo <= Hi.
type Interval struct{ Lo, Hi uint64 }

// IntervalSet is a set of w-bit values as sorted, disjoint, non-adjacent
// intervals. It represents the paper's wrapped intervals (Navas et al.,
// APLAS'12): a wrapped interval [a, b] with a > b is the union
// [a, max] ∪ [0, b], and signed ranges are wrapped ranges of the unsigned
// encoding, so intersections of signed and unsigned bounds are exact.
type IntervalSet struct {
	W   int
	Ivs []Interval
}

func maxOf(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// Full is the set of all w-bit values.
func Full(w int) IntervalSet { return IntervalSet{W: w, Ivs: []Interval{{0, maxOf(w)}}} }

// Wrapped is the wrapped interval from lo to hi (both masked to w bits):
// [lo, hi] when lo <= hi, [lo, max] ∪ [0, hi] otherwise.
func Wrapped(w int, lo, hi uint64) IntervalSet {
	m := maxOf(w)
	lo &= m
	hi &= m
	if lo <= hi {
		return IntervalSet{W: w, Ivs: []Interval{{lo, hi}}}
	}
	if hi+1 == lo {
		return Full(w)
	}
	return IntervalSet{W: w, Ivs: []Interval{{0, hi}, {lo, m}}}
}

// Empty reports whether the set has no value.
func (s IntervalSet) Empty() bool { return len(s.Ivs) == 0 }

// IsFull reports whether the set holds every w-bit value.
func (s IntervalSet) IsFull() bool {
	return len(s.Ivs) == 1 && s.Ivs[0].Lo == 0 && s.Ivs[0].Hi == maxOf(s.W)
}

// Size is the number of values, saturating at MaxUint64.
func (s IntervalSet) Size() uint64 {
	var n uint64
	for _, iv := range s.Ivs {
		d := iv.Hi - iv.Lo
		if d == ^uint64(0) || n+d+1 < n {
			return ^uint64(0)
		}
		n += d + 1
	}
	return n
}

// Contains reports whether v is in the set.
func (s IntervalSet) Contains(v uint64) bool {
	for _, iv := range s.Ivs {
		if v < iv.Lo {
			return false
		}
		if v <= iv.Hi {
			return true
		}
	}
	return false
}

// Intersect is s ∩ t (t is read at s's width).
func (s IntervalSet) Intersect(t IntervalSet) IntervalSet {
	out := IntervalSet{W: s.W}
	i, j := 0, 0
	for i < len(s.Ivs) && j < len(t.Ivs) {
		a, b := s.Ivs[i], t.Ivs[j]
		lo, hi := max(a.Lo, b.Lo), min(a.Hi, b.Hi)
		if lo <= hi {
			out.Ivs = append(out.Ivs, Interval{lo, hi})
		}
		if a.Hi < b.Hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// Complement is the set of w-bit values not in s.
func (s IntervalSet) Complement() IntervalSet {
	out := IntervalSet{W: s.W}
	next := uint64(0)
	done := false
	for _, iv := range s.Ivs {
		if iv.Lo > next {
			out.Ivs = append(out.Ivs, Interval{next, iv.Lo - 1})
		}
		if iv.Hi == maxOf(s.W) {
			done = true
			break
		}
		next = iv.Hi + 1
	}
	if !done {
		out.Ivs = append(out.Ivs, Interval{next, maxOf(s.W)})
	}
	return out
}

// Shift is {(v + d) mod 2^w : v ∈ s}: the image under adding a constant.
func (s IntervalSet) Shift(d uint64) IntervalSet {
	m := maxOf(s.W)
	d &= m
	if d == 0 || s.Empty() || s.IsFull() {
		return s
	}
	var parts []IntervalSet
	for _, iv := range s.Ivs {
		parts = append(parts, Wrapped(s.W, iv.Lo+d, iv.Hi+d))
	}
	// union of the shifted parts
	acc := IntervalSet{W: s.W}
	for _, p := range parts {
		acc = acc.union(p)
	}
	return acc
}

func (s IntervalSet) union(t IntervalSet) IntervalSet {
	return s.Complement().Intersect(t.Complement()).Complement()
}

// Narrow is the set at width w2 < W of the values of s that fit in w2 bits.
func (s IntervalSet) Narrow(w2 int) IntervalSet {
	out := s.Intersect(IntervalSet{W: s.W, Ivs: []Interval{{0, maxOf(w2)}}})
	out.W = w2
	return out
}

// Min and Max are the least and greatest values (s must not be empty).
func (s IntervalSet) Min() uint64 { return s.Ivs[0].Lo }

// Max is the greatest value of a non-empty set.
func (s IntervalSet) Max() uint64 { return s.Ivs[len(s.Ivs)-1].Hi }

// Each calls f on the values in order until f returns false or limit values
// have been visited; it reports whether every value was visited.
func (s IntervalSet) Each(limit uint64, f func(uint64) bool) bool {
	var n uint64
	for _, iv := range s.Ivs {
		for v := iv.Lo; ; v++ {
			if n >= limit {
				return false
			}
			n++
			if !f(v) {
				return false
			}
			if v == iv.Hi {
				break
			}
		}
	}
	return true
}

func (s IntervalSet) String() string {
	var parts []string
	for _, iv := range s.Ivs {
		parts = append(parts, fmt.Sprintf("[%#x,%#x]", iv.Lo, iv.Hi))
	}
	if len(parts) == 0 {
		return "∅"
	}
	return strings.Join(parts, "∪")
}

// cmpSet is the set of w-bit values x with (x op c) true, for the
// comparison operators of the range patterns. xLeft says x is the left
// operand. ok is false for other operators.
func cmpSet(op cmpOp, w int, c uint64, xLeft bool) IntervalSet {
	m := maxOf(w)
	c &= m
	if !xLeft {
		op = op.swap()
	}
	sb := uint64(1) << uint(w-1) // sign bit
	smax, smin := sb-1, sb
	switch op {
	case cmpEq:
		return IntervalSet{W: w, Ivs: []Interval{{c, c}}}
	case cmpNe:
		return IntervalSet{W: w, Ivs: []Interval{{c, c}}}.Complement()
	case cmpUlt:
		if c == 0 {
			return IntervalSet{W: w}
		}
		return IntervalSet{W: w, Ivs: []Interval{{0, c - 1}}}
	case cmpUle:
		return IntervalSet{W: w, Ivs: []Interval{{0, c}}}
	case cmpUgt:
		if c == m {
			return IntervalSet{W: w}
		}
		return IntervalSet{W: w, Ivs: []Interval{{c + 1, m}}}
	case cmpUge:
		return IntervalSet{W: w, Ivs: []Interval{{c, m}}}
	case cmpSlt:
		if c == smin {
			return IntervalSet{W: w}
		}
		return Wrapped(w, smin, c-1)
	case cmpSle:
		return Wrapped(w, smin, c)
	case cmpSgt:
		if c == smax {
			return IntervalSet{W: w}
		}
		return Wrapped(w, c+1, smax)
	case cmpSge:
		return Wrapped(w, c, smax)
	}
	return Full(w)
}

// single reports whether the set holds exactly one value, and which.
func (s IntervalSet) single() (uint64, bool) {
	if len(s.Ivs) == 1 && s.Ivs[0].Lo == s.Ivs[0].Hi {
		return s.Ivs[0].Lo, true
	}
	return 0, false
}

// wrapSet is the set of w-bit values g with ((g + d) op g) true, d ≠ 0
// (mod 2^w): the overflow idiom. Unsigned, g + d < g exactly when the sum
// wraps, g ≥ 2^w − d, and then g + d ≠ g, so ≤ is < and ≥ is >. Signed
// comparisons are unsigned ones of the values plus 2^(w−1), which shifts
// the set by 2^(w−1).
func wrapSet(op cmpOp, w int, d uint64) IntervalSet {
	m := maxOf(w)
	d &= m
	if d == 0 {
		return Full(w)
	}
	wraps := IntervalSet{W: w, Ivs: []Interval{{(-d) & m, m}}}
	sb := uint64(1) << uint(w-1)
	switch op {
	case cmpEq:
		return IntervalSet{W: w}
	case cmpUlt, cmpUle:
		return wraps
	case cmpUgt, cmpUge:
		return wraps.Complement()
	case cmpSlt, cmpSle:
		return wraps.Shift(sb)
	case cmpSgt, cmpSge:
		return wraps.Complement().Shift(sb)
	}
	return Full(w)
}

// Negate is {−v mod 2^w : v ∈ s}: [a, b] with a ≥ 1 maps to [−b, −a],
// and 0 to itself.
func (s IntervalSet) Negate() IntervalSet {
	acc := IntervalSet{W: s.W}
	m := maxOf(s.W)
	for _, iv := range s.Ivs {
		lo := iv.Lo
		if lo == 0 {
			acc = acc.union(IntervalSet{W: s.W, Ivs: []Interval{{0, 0}}})
			if iv.Hi == 0 {
				continue
			}
			lo = 1
		}
		acc = acc.union(Wrapped(s.W, (-iv.Hi)&m, (-lo)&m))
	}
	return acc
}
