package reduce

import (
	"bytes"
	"context"
)

// DDMin is Zeller and Hildebrandt's ddmin ("Simplifying and Isolating
// Failure-Inducing Input", TSE 2002) over a list of n items, identified by
// their indices. build renders the input made of the items kept (indices in
// increasing order); it returns false when that subset is not a valid input
// (the candidate is then skipped, as a failing test would be). cur is the
// rendering of all n items and must be interesting.
//
// At granularity g the kept items are split into g chunks; the candidates
// are each chunk alone, then each complement (all but one chunk), tested in
// that order through [Session.First]. A chunk alone that is interesting
// restarts at granularity 2, a complement at max(g-1, 2); otherwise g
// doubles until it exceeds the number of items. Only candidates that are
// [Smaller] than the current input are proposed. It returns the items kept
// and their rendering.
func DDMin(ctx context.Context, s *Session, n int, cur []byte, build func(keep []int) ([]byte, bool)) ([]int, []byte, error) {
	keep := make([]int, n)
	for i := range keep {
		keep[i] = i
	}
	g := 2
	for len(keep) >= 2 || (len(keep) == 1 && g == 2) {
		if len(keep) == 1 {
			// Try the empty list once: ddmin's chunks never propose it.
			cand, ok := build(nil)
			if ok && Smaller(cand, cur) {
				if yes, err := s.Try(ctx, cand); err != nil {
					return keep, cur, err
				} else if yes {
					return nil, cand, nil
				}
			}
			break
		}
		g = min(g, len(keep))
		chunks := split(keep, g)
		subsets := append([][]int(nil), chunks...)
		if g > 2 { // for g == 2 the complements are the chunks
			for i := range chunks {
				subsets = append(subsets, complement(chunks, i))
			}
		}
		idx, cand, err := s.First(ctx, len(subsets), func(i int) ([]byte, bool) {
			c, ok := build(subsets[i])
			if !ok || !Smaller(c, cur) {
				return nil, false
			}
			return c, true
		})
		if err != nil {
			return keep, cur, err
		}
		switch {
		case idx < 0:
			if g >= len(keep) {
				return keep, cur, nil
			}
			g = min(2*g, len(keep))
		case idx < len(chunks):
			keep, cur, g = subsets[idx], cand, 2
		default:
			keep, cur, g = subsets[idx], cand, max(g-1, 2)
		}
	}
	return keep, cur, nil
}

func split(items []int, g int) [][]int {
	out := make([][]int, 0, g)
	n := len(items)
	start := 0
	for i := 0; i < g; i++ {
		end := start + (n-start)/(g-i)
		out = append(out, items[start:end])
		start = end
	}
	return out
}

func complement(chunks [][]int, skip int) []int {
	var out []int
	for i, c := range chunks {
		if i != skip {
			out = append(out, c...)
		}
	}
	return out
}

// Edits is what a [Greedy] pass proposes for one input: Len positions
// (nodes of a tree in top-down order, lines, variables …), and for each a
// candidate. Candidate returns false when nothing applies at position i.
type Edits interface {
	Len() int
	Candidate(i int) ([]byte, bool)
}

// Greedy is the position-by-position driver that ddSMT calls hierarchical:
// prepare lists the edits of the current input, which are tested in
// order through [Session.First]; after an interesting candidate at position
// i, the new input is prepared again and the search goes on from position
// i (the edited node is gone, so position i is now the next one). When
// positions are the nodes of a tree in breadth-first order this works
// top-down: a whole subtree is replaced before any of its parts is tried.
// Candidates that are not [Smaller] than the current input are skipped
// unless grow is set (for one-way normalizations such as let elimination,
// whose termination the pass guarantees).
func Greedy(ctx context.Context, s *Session, cur []byte, grow bool, prepare func(cur []byte) (Edits, error)) ([]byte, error) {
	pos := 0
	visited := map[cacheKey]bool{keyOf(cur): true} // grow passes must not cycle
	for {
		ed, err := prepare(cur)
		if err != nil || ed == nil {
			return cur, nil // the input cannot be read by this pass
		}
		n := ed.Len()
		if pos >= n {
			return cur, nil
		}
		base := cur
		idx, cand, err := s.First(ctx, n-pos, func(i int) ([]byte, bool) {
			c, ok := ed.Candidate(pos + i)
			if !ok || bytes.Equal(c, base) || (!grow && !Smaller(c, base)) || (grow && visited[keyOf(c)]) {
				return nil, false
			}
			return c, true
		})
		if err != nil {
			return cur, err
		}
		if idx < 0 {
			return cur, nil
		}
		cur = cand
		visited[keyOf(cur)] = true
		pos += idx
	}
}

// funcPass adapts a function to [Pass].
type funcPass struct {
	name string
	run  func(ctx context.Context, s *Session, cur []byte) ([]byte, error)
}

func (p funcPass) Name() string { return p.name }
func (p funcPass) Run(ctx context.Context, s *Session, cur []byte) ([]byte, error) {
	return p.run(ctx, s, cur)
}

// NewPass makes a [Pass] from a name and a function.
func NewPass(name string, run func(ctx context.Context, s *Session, cur []byte) ([]byte, error)) Pass {
	return funcPass{name, run}
}
