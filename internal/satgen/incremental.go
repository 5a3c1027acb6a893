package satgen

import (
	"fmt"
	"math/rand"
)

// The incremental families of the checker speed bench (issue 29 §2): each
// script asks several queries under assumptions, as an incremental user of
// a SAT solver does, and each has a hard unsatisfiable query whose proof is
// long.

// SelectorPigeonhole returns PHP(p, p-1) in which the at-most-one clauses
// of hole j are guarded by selector j mod groups: the query assuming every
// selector is unsatisfiable (and hard), a query leaving one selector out is
// satisfiable. The queries alternate between the two, queries in all.
func SelectorPigeonhole(p, groups, queries int) *Script {
	h := p - 1
	vars, clauses := Pigeonhole(p, h)
	s := &Script{Name: fmt.Sprintf("php%d-q%d", p, queries), Vars: vars + groups}
	sel := func(j int) int { return vars + 1 + (j-1)%groups }
	for _, c := range clauses {
		if len(c) == 2 { // -x(i,j) -x(k,j): find the hole j of the clause
			j := (-c[0]-1)%h + 1
			c = append(c, -sel(j))
		}
		s.Steps = append(s.Steps, Step{Lits: c})
	}
	for q := range queries {
		var as []int
		for g := 1; g <= groups; g++ {
			if q%2 == 1 && g == 1+(q/2)%groups {
				continue
			}
			as = append(as, vars+g)
		}
		s.Steps = append(s.Steps, Step{Query: true, Lits: as})
	}
	return s
}

// IncrementalRandom3SAT returns a random 3-SAT formula over n variables at
// the given clause/variable ratio, added in queries equal batches; after
// each batch a query assumes n/50+1 random literals. The last batches are
// near the threshold (ratio 4.26), where the queries are hardest.
func IncrementalRandom3SAT(r *rand.Rand, n int, ratio float64, queries int) *Script {
	cs := Random3SAT(r, n, ratio)
	s := &Script{Name: fmt.Sprintf("r3-%d-q%d", n, queries), Vars: n}
	for q := range queries {
		lo, hi := q*len(cs)/queries, (q+1)*len(cs)/queries
		for _, c := range cs[lo:hi] {
			s.Steps = append(s.Steps, Step{Lits: c})
		}
		as := distinctLits(r, n, n/50+1)
		s.Steps = append(s.Steps, Step{Query: true, Lits: as})
	}
	return s
}

// IncrementalColoring returns a search for the chromatic number of a random
// graph G(n, edges) as incremental SAT-competition scripts do it: colour c
// of a vertex is allowed only while activation literal a_c holds, and the
// queries assume a_1..a_k for k = kmax, kmax-1, ... down to 2 (satisfiable
// until k drops below the chromatic number, then unsatisfiable), after
// which the edges of a second random graph are added and the search runs
// again from kmax.
func IncrementalColoring(r *rand.Rand, n, edges, kmax int) *Script {
	x := func(v, c int) int { return (v-1)*kmax + c }
	act := func(c int) int { return n*kmax + c }
	s := &Script{Name: fmt.Sprintf("col%d-%d", n, kmax), Vars: n*kmax + kmax}
	for v := 1; v <= n; v++ {
		c := make([]int, 0, kmax)
		for k := 1; k <= kmax; k++ {
			c = append(c, x(v, k))
			s.Steps = append(s.Steps, Step{Lits: []int{-x(v, k), act(k)}})
		}
		s.Steps = append(s.Steps, Step{Lits: c})
	}
	for range 2 {
		seen := map[[2]int]bool{}
		for added := 0; added < edges; {
			u, v := r.Intn(n)+1, r.Intn(n)+1
			if u == v || seen[[2]int{u, v}] {
				continue
			}
			seen[[2]int{u, v}], seen[[2]int{v, u}] = true, true
			added++
			for k := 1; k <= kmax; k++ {
				s.Steps = append(s.Steps, Step{Lits: []int{-x(u, k), -x(v, k)}})
			}
		}
		for k := kmax; k >= 2; k-- {
			as := make([]int, 0, kmax)
			for c := 1; c <= kmax; c++ {
				if c <= k {
					as = append(as, act(c))
				} else {
					as = append(as, -act(c))
				}
			}
			s.Steps = append(s.Steps, Step{Query: true, Lits: as})
		}
	}
	return s
}

// distinctLits returns k random literals over distinct variables of 1..n.
func distinctLits(r *rand.Rand, n, k int) []int {
	used := map[int]bool{}
	var as []int
	for len(as) < k && len(used) < n {
		l := randLit(r, n)
		v := l
		if v < 0 {
			v = -v
		}
		if !used[v] {
			used[v] = true
			as = append(as, l)
		}
	}
	return as
}
