package strs

import (
	"errors"
	"slices"
)

// ErrBudget is returned when deciding emptiness or equivalence needs more
// automaton states than the budget allows (huge loop bounds can make the
// automaton as large as the bound).
var ErrBudget = errors.New("regular language decision exceeds its state budget")

// DefaultBudget is the number of derivative states (pairs, for
// equivalence) explored before giving up with ErrBudget.
const DefaultBudget = 200000

// IsEmpty decides whether r denotes the empty language, exploring its
// derivatives breadth first; ErrBudget when more than budget states
// (<= 0: DefaultBudget) would be needed.
func (b *Builder) IsEmpty(r *Regex, budget int) (bool, error) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	seen := map[*Regex]bool{r: true}
	queue := []*Regex{r}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x.nullable {
			return false, nil
		}
		for _, c := range b.cells(x) {
			d := b.Deriv(x, c)
			if d.kind != kNone && !seen[d] {
				if len(seen) >= budget {
					return false, ErrBudget
				}
				seen[d] = true
				queue = append(queue, d)
			}
		}
	}
	return true, nil
}

// Equivalent decides whether x and y denote the same language, by a
// bisimulation over pairs of derivatives (Hopcroft–Karp style, without
// union-find); ErrBudget when more than budget pairs (<= 0:
// DefaultBudget) would be needed. This is (= x y) on RegLan values.
func (b *Builder) Equivalent(x, y *Regex, budget int) (bool, error) {
	if budget <= 0 {
		budget = DefaultBudget
	}
	type pair struct{ x, y *Regex }
	seen := map[pair]bool{{x, y}: true}
	queue := []pair{{x, y}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.x == p.y {
			continue
		}
		if p.x.nullable != p.y.nullable {
			return false, nil
		}
		cs := append(append([]rune{}, b.cells(p.x)...), b.cells(p.y)...)
		slices.Sort(cs)
		for _, c := range slices.Compact(cs) {
			q := pair{b.Deriv(p.x, c), b.Deriv(p.y, c)}
			if !seen[q] {
				if len(seen) >= budget {
					return false, ErrBudget
				}
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return true, nil
}
