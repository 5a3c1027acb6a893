package diver

import (
	"math/big"
	"math/rand/v2"
	"sort"

	"tandem/smt"
)

// Score is the weight of a label with range c in the target selection
// (paper §IV-B): ⊤ 1.0, truê/falsê 0.5, an interval infinite on a side or at
// least WideInterval wide 1.0, a narrower one ((b−a)+1)/1000, a language
// with a Kleene star 1.0 and one without (a single string) 0.001. A pinned
// value of another sort scores as a point interval, 0.001.
func Score(c SatPreservingRange) float64 {
	switch c.Kind {
	case RangeTop:
		return 1
	case RangeTrue, RangeFalse:
		return 0.5
	case RangeInterval:
		if c.Lo == nil || c.Hi == nil {
			return 1
		}
		if lo, hi, ok := smallInts(c.Lo, c.Hi); ok { // the common case, without allocating
			if hi-lo >= WideInterval {
				return 1
			}
			return (float64(hi-lo) + 1) / WideInterval
		}
		w := new(big.Rat).Sub(c.Hi, c.Lo)
		if w.Cmp(wideInterval) >= 0 {
			return 1
		}
		f, _ := w.Float64()
		return (f + 1) / WideInterval
	case RangePrefix, RangeFirst:
		return 1 // X·Σ*: has a star
	case RangeRegex:
		if hasStar(c.Regex) {
			return 1
		}
		return 0.001
	}
	return 0.001
}

var wideInterval = big.NewRat(WideInterval, 1)

// smallInts returns a and b as int64s when both are integers of at most
// 62 bits (so that b−a cannot overflow).
func smallInts(a, b *big.Rat) (int64, int64, bool) {
	if !a.IsInt() || !b.IsInt() || a.Num().BitLen() > 62 || b.Num().BitLen() > 62 {
		return 0, 0, false
	}
	return a.Num().Int64(), b.Num().Int64(), true
}

// hasStar is the syntactic Kleene-star test of a regular expression (the
// digest's open point: a syntactic check is enough).
func hasStar(t *smt.Term) bool {
	if t == nil {
		return false
	}
	switch t.Op() {
	case smt.OpReStar, smt.OpRePlus, smt.OpReAll, smt.OpReComp, smt.OpReLoop:
		return true
	}
	for _, a := range t.Args() {
		if hasStar(a) {
			return true
		}
	}
	return false
}

// Selector draws target labels with probability P(t) = score(t)/Σ score
// (paper §IV-B), or uniformly (ModeNoWeight). A virtual root is never
// drawn.
type Selector struct {
	labels []int
	cum    []float64
}

// NewSelector prepares the distribution over f's labels from the ranges c.
func NewSelector(f *Formula, c []SatPreservingRange, weighted bool) *Selector {
	s := &Selector{labels: make([]int, 0, len(f.Nodes)), cum: make([]float64, 0, len(f.Nodes))}
	total := 0.0
	for _, n := range f.Nodes {
		if n.Label == 0 && f.Virtual {
			continue
		}
		w := 1.0
		if weighted {
			w = Score(c[n.Label])
		}
		total += w
		s.labels = append(s.labels, n.Label)
		s.cum = append(s.cum, total)
	}
	return s
}

// Total is the sum of the weights.
func (s *Selector) Total() float64 {
	if len(s.cum) == 0 {
		return 0
	}
	return s.cum[len(s.cum)-1]
}

// Probability is P(label), 0 for labels that are never drawn.
func (s *Selector) Probability(label int) float64 {
	for i, l := range s.labels {
		if l == label {
			prev := 0.0
			if i > 0 {
				prev = s.cum[i-1]
			}
			return (s.cum[i] - prev) / s.Total()
		}
	}
	return 0
}

// Pick draws a label, or -1 when there is none.
func (s *Selector) Pick(r *rand.Rand) int {
	if len(s.cum) == 0 {
		return -1
	}
	x := r.Float64() * s.Total()
	i := sort.SearchFloat64s(s.cum, x)
	if i >= len(s.labels) {
		i = len(s.labels) - 1
	}
	return s.labels[i]
}
