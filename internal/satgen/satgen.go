// Package satgen generates SAT problems and incremental iCNF scripts for
// testing and benchmarking tandem's solver and proof checker, and runs
// external DIMACS solvers (minisat, cadical) as oracles.
//
// Every generator takes an explicit *rand.Rand, so a seed names an instance.
package satgen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"strconv"
)

// Step is one line of an incremental script: a clause to add ('i') or a
// query ('q') with its assumptions.
type Step struct {
	Query bool
	Lits  []int
}

// Script is an incremental SAT problem: clauses and queries in order.
type Script struct {
	Name  string
	Vars  int
	Steps []Step
}

// Queries returns the number of queries of the script.
func (s *Script) Queries() int {
	n := 0
	for _, st := range s.Steps {
		if st.Query {
			n++
		}
	}
	return n
}

// OneShot turns a CNF into a script with a single query without
// assumptions.
func OneShot(name string, vars int, clauses [][]int) *Script {
	s := &Script{Name: name, Vars: vars}
	for _, c := range clauses {
		s.Steps = append(s.Steps, Step{Lits: c})
	}
	s.Steps = append(s.Steps, Step{Query: true})
	return s
}

// WriteICNF writes the script as an iCNF file ('p icnf', 'i' and 'q' lines).
func (s *Script) WriteICNF(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("p icnf\n")
	for _, st := range s.Steps {
		t := "i"
		if st.Query {
			t = "q"
		}
		writeLits(bw, t, st.Lits)
	}
	return bw.Flush()
}

func writeLits(w *bufio.Writer, prefix string, lits []int) {
	if prefix != "" {
		w.WriteString(prefix)
		w.WriteByte(' ')
	}
	for _, l := range lits {
		w.WriteString(strconv.Itoa(l))
		w.WriteByte(' ')
	}
	w.WriteString("0\n")
}

// WriteDIMACS writes clauses, plus each assumption as a unit clause, as a
// DIMACS CNF file.
func WriteDIMACS(w io.Writer, vars int, clauses [][]int, assumptions []int) error {
	bw := bufio.NewWriter(w)
	for _, c := range clauses {
		for _, l := range c {
			if l > vars {
				vars = l
			} else if -l > vars {
				vars = -l
			}
		}
	}
	for _, l := range assumptions {
		if l > vars {
			vars = l
		} else if -l > vars {
			vars = -l
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", vars, len(clauses)+len(assumptions))
	for _, c := range clauses {
		writeLits(bw, "", c)
	}
	for _, a := range assumptions {
		writeLits(bw, "", []int{a})
	}
	return bw.Flush()
}

func randLit(r *rand.Rand, vars int) int {
	v := r.Intn(vars) + 1
	if r.Intn(2) == 0 {
		return -v
	}
	return v
}

// Random3SAT returns m = ⌊ratio·n⌋ random 3-clauses over n variables with
// three distinct variables each (ratio 4.26 is the satisfiability
// threshold, where instances are hardest).
func Random3SAT(r *rand.Rand, n int, ratio float64) [][]int {
	m := int(ratio * float64(n))
	cs := make([][]int, 0, m)
	for range m {
		c := make([]int, 0, 3)
		for len(c) < 3 {
			l := randLit(r, n)
			dup := false
			for _, x := range c {
				if x == l || x == -l {
					dup = true
				}
			}
			if !dup {
				c = append(c, l)
			}
		}
		cs = append(cs, c)
	}
	return cs
}

// Pigeonhole returns the clauses saying that p pigeons sit in h holes, no
// two in one hole: unsatisfiable when p > h, and hard for resolution.
// Variable (i-1)*h + j means pigeon i sits in hole j.
func Pigeonhole(p, h int) (vars int, clauses [][]int) {
	x := func(i, j int) int { return (i-1)*h + j }
	for i := 1; i <= p; i++ {
		c := make([]int, 0, h)
		for j := 1; j <= h; j++ {
			c = append(c, x(i, j))
		}
		clauses = append(clauses, c)
	}
	for j := 1; j <= h; j++ {
		for i := 1; i <= p; i++ {
			for k := i + 1; k <= p; k++ {
				clauses = append(clauses, []int{-x(i, j), -x(k, j)})
			}
		}
	}
	return p * h, clauses
}

// Coloring returns the clauses saying that a random graph G(n, edges) has a
// proper k-colouring. Variable (v-1)*k + c means vertex v has colour c.
func Coloring(r *rand.Rand, n, edges, k int) (vars int, clauses [][]int) {
	x := func(v, c int) int { return (v-1)*k + c }
	for v := 1; v <= n; v++ {
		c := make([]int, 0, k)
		for col := 1; col <= k; col++ {
			c = append(c, x(v, col))
		}
		clauses = append(clauses, c)
		for a := 1; a <= k; a++ {
			for b := a + 1; b <= k; b++ {
				clauses = append(clauses, []int{-x(v, a), -x(v, b)})
			}
		}
	}
	seen := map[[2]int]bool{}
	for e := 0; e < edges && len(seen) < n*(n-1)/2; {
		u, v := r.Intn(n)+1, r.Intn(n)+1
		if u == v {
			continue
		}
		if u > v {
			u, v = v, u
		}
		if seen[[2]int{u, v}] {
			continue
		}
		seen[[2]int{u, v}] = true
		e++
		for col := 1; col <= k; col++ {
			clauses = append(clauses, []int{-x(u, col), -x(v, col)})
		}
	}
	return n * k, clauses
}

// clauseLength draws a clause length as the Sat4j API fuzzer does (thesis
// §4.1.2, Helper.newClause): 1% units, 9% binary, else 3 growing by one
// while a fresh draw is below 1/6.
func clauseLength(r *rand.Rand) int {
	p := r.Float64()
	if p < 0.01 {
		return 1
	}
	if p < 0.1 {
		return 2
	}
	n := 3
	for p = r.Float64(); p < 1.0/6; p = r.Float64() {
		n++
	}
	return n
}

// RandomScript returns an incremental script in the style of the Sat4j API
// fuzzer (thesis §2.3-2.6): 1 to 5 increments, each adding variables and
// ⌊coef·new variables⌋ clauses over all variables so far, then a query
// whose assumptions (maxVar/10 literals, distinct variables) are present
// half of the time. maxVars bounds the first increment's variables.
func RandomScript(r *rand.Rand, maxVars int) *Script {
	s := &Script{Name: "script"}
	uniform := r.Intn(2) == 0
	coef := 2.6 + r.Float64()*1.4
	incs := r.Intn(5) + 1
	assume := r.Intn(2) == 0
	vars := 0
	for range incs {
		nv := r.Intn(maxVars/2+1) + maxVars/2
		vars += nv
		m := int(coef * float64(nv))
		for range m {
			n := 3
			if !uniform {
				n = clauseLength(r)
			}
			c := make([]int, 0, n)
			for range n {
				c = append(c, randLit(r, vars)) // duplicates and tautologies allowed
			}
			s.Steps = append(s.Steps, Step{Lits: c})
		}
		var as []int
		if assume {
			k := vars/10 + 1
			used := map[int]bool{}
			for len(as) < k && len(used) < vars {
				l := randLit(r, vars)
				v := l
				if v < 0 {
					v = -v
				}
				if used[v] {
					continue
				}
				used[v] = true
				as = append(as, l)
			}
		}
		s.Steps = append(s.Steps, Step{Query: true, Lits: as})
		// Sometimes ask again with different assumptions, no clause between.
		if assume && r.Intn(3) == 0 {
			s.Steps = append(s.Steps, Step{Query: true, Lits: []int{randLit(r, vars), randLit(r, vars)}})
		}
	}
	s.Vars = vars
	return s
}
