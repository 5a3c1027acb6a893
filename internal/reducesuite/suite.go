// Package reducesuite is the planted-bug suite of package reduce: inputs from the
// shared corpus, each paired with a bug that a fake solver (package
// fakesolver, a real external program) shows on a specific pattern, and the
// checks a reduced input must pass. The test of package reduce runs a
// sample; bench/reducesuite runs all of it.
package reducesuite

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"tandem/smt"
	"tandem/smtlib"
)

// Bug is a planted bug: Kind "nest" crashes when an application of Inner
// is a direct or indirect argument of an application of Outer; kind "pair"
// answers unsat (wrongly or not, the reducer does not care) when one
// assertion contains A and another assertion contains B.
type Bug struct {
	Kind         string
	Outer, Inner string // nest
	A, B         string // pair
}

// String is the fakesolver -bug flag value.
func (b Bug) String() string {
	if b.Kind == "nest" {
		return "nest:" + b.Outer + "/" + b.Inner
	}
	return "pair:" + b.A + "," + b.B
}

// ParseBug reads the -bug flag.
func ParseBug(s string) (Bug, error) {
	kind, rest, _ := strings.Cut(s, ":")
	switch kind {
	case "nest":
		o, i, ok := strings.Cut(rest, "/")
		if ok {
			return Bug{Kind: kind, Outer: o, Inner: i}, nil
		}
	case "pair":
		a, b, ok := strings.Cut(rest, ",")
		if ok {
			return Bug{Kind: kind, A: a, B: b}, nil
		}
	}
	return Bug{}, fmt.Errorf("bug %q: want nest:OUTER/INNER or pair:A,B", s)
}

func opName(t *smt.Term) string {
	if t.Kind() == smt.App && t.Op() != smt.OpNone {
		return t.Op().String()
	}
	return ""
}

// contains reports whether t has an application of op below or at it.
func contains(t *smt.Term, op string, memo map[*smt.Term]bool) bool {
	if v, ok := memo[t]; ok {
		return v
	}
	r := opName(t) == op
	for _, a := range t.Args() {
		if r {
			break
		}
		r = contains(a, op, memo)
	}
	memo[t] = r
	return r
}

// Triggers reports whether the script shows the bug.
func Triggers(sc *smtlib.Script, b Bug) bool {
	as := sc.Assertions()
	switch b.Kind {
	case "nest":
		memo := map[*smt.Term]bool{}
		found := false
		smt.InspectAll(as, func(t *smt.Term) bool {
			if !found && opName(t) == b.Outer {
				for _, a := range t.Args() {
					if contains(a, b.Inner, memo) {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	case "pair":
		ma, mb := map[*smt.Term]bool{}, map[*smt.Term]bool{}
		for i, x := range as {
			for j, y := range as {
				if i != j && contains(x, b.A, ma) && contains(y, b.B, mb) {
					return true
				}
			}
		}
	}
	return false
}

// Case is one input of the suite.
type Case struct {
	Name string // path relative to the corpus
	Path string
	Src  []byte
	Bug  Bug
	// IdealNodes and IdealAsserts are the size of the smallest core:
	// operator applications in the assertions, and assertions.
	IdealNodes, IdealAsserts int
}

// Groups are the corpus folders the suite draws from, with how many files
// each gives.
var Groups = []struct {
	Dir string
	N   int
}{
	{"seeds/QF_BV/sat", 4}, {"seeds/QF_BV/unsat", 3}, {"seeds/QF_LIA/sat", 4}, {"seeds/QF_LIA/unsat", 3},
	{"seeds/QF_S/sat", 4}, {"seeds/QF_SLIA/sat", 3}, {"seeds/QF_FP/sat", 4}, {"seeds/QF_FP/unsat", 3},
	{"seeds/QF_AX/sat", 4}, {"seeds/QF_AUFLIA/unsat", 3}, {"seeds/QF_ABVFP/sat", 3}, {"seeds/QF_NRA/sat", 3},
	{"seeds/LIA/sat", 2},
}

func nonCore(t *smt.Term) bool {
	return t.Kind() == smt.App && t.Op() != smt.OpNone && t.NumArgs() > 0 && t.Op().Info().Theory != smt.TheoryCore
}

// Cases picks up to perGroup files (0: the group's N) of 1–12 KB from each
// group, in sorted order at even steps, and plants a bug in each: a pair
// bug in every other case when the file has two assertions with theory
// operators, a nest bug otherwise. Choices come from a seed derived from
// the file's path, so the suite is the same on every run.
func Cases(corpus string, perGroup int) ([]Case, error) {
	var out []Case
	for _, g := range Groups {
		n := g.N
		if perGroup > 0 {
			n = min(n, perGroup)
		}
		var files []string
		err := filepath.WalkDir(filepath.Join(corpus, g.Dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if fi, err := d.Info(); err == nil && !d.IsDir() && strings.HasSuffix(p, ".smt2") && fi.Size() >= 1000 && fi.Size() <= 12000 {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("corpus group %s: %w", g.Dir, err)
		}
		slices.Sort(files)
		taken := 0
		for i := 0; i < len(files) && taken < n; i++ {
			p := files[(i*7919)%len(files)]
			c, err := makeCase(corpus, p, len(out))
			if err != nil {
				continue
			}
			out = append(out, c)
			taken++
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no suite inputs found; is the shared corpus beside the repository?")
	}
	return out, nil
}

func makeCase(corpus, p string, idx int) (Case, error) {
	src, err := os.ReadFile(p)
	if err != nil {
		return Case{}, err
	}
	sc, err := smtlib.Parse(p, src)
	if err != nil {
		return Case{}, err
	}
	rel, _ := filepath.Rel(corpus, p)
	h := fnv.New64a()
	h.Write([]byte(rel))
	rng := rand.New(rand.NewPCG(h.Sum64(), 6))
	c := Case{Name: rel, Path: p, Src: src}
	as := sc.Assertions()
	// Operators per assertion, and nested (outer, inner) pairs.
	type pair struct{ o, i *smt.Term }
	var nests []pair
	perAssert := make([][]*smt.Term, len(as))
	parents := map[*smt.Term]bool{}
	for k, a := range as {
		local := map[*smt.Term]bool{}
		var walk func(t *smt.Term)
		walk = func(t *smt.Term) {
			if local[t] {
				return
			}
			local[t] = true
			if nonCore(t) {
				perAssert[k] = append(perAssert[k], t)
			}
			first := !parents[t]
			parents[t] = true
			for _, x := range t.Args() {
				if first && opName(t) != "" && nonCore(x) && opName(x) != opName(t) {
					nests = append(nests, pair{t, x})
				}
				walk(x)
			}
		}
		walk(a)
	}
	var withOps []int
	for k := range as {
		if len(perAssert[k]) > 0 {
			withOps = append(withOps, k)
		}
	}
	if idx%2 == 1 && len(withOps) >= 2 {
		i := rng.IntN(len(withOps))
		j := rng.IntN(len(withOps) - 1)
		if j >= i {
			j++
		}
		ta := perAssert[withOps[i]][rng.IntN(len(perAssert[withOps[i]]))]
		tb := perAssert[withOps[j]][rng.IntN(len(perAssert[withOps[j]]))]
		c.Bug = Bug{Kind: "pair", A: opName(ta), B: opName(tb)}
		c.IdealAsserts = 2
		c.IdealNodes = 2
		if ta.Sort() != smt.BoolSort() {
			c.IdealNodes++
		}
		if tb.Sort() != smt.BoolSort() {
			c.IdealNodes++
		}
	} else if len(nests) > 0 {
		pr := nests[rng.IntN(len(nests))]
		c.Bug = Bug{Kind: "nest", Outer: opName(pr.o), Inner: opName(pr.i)}
		c.IdealAsserts = 1
		c.IdealNodes = 2
		if pr.o.Sort() != smt.BoolSort() {
			c.IdealNodes++
		}
	} else {
		return Case{}, errors.New("no theory operators to plant a bug on")
	}
	if !Triggers(sc, c.Bug) {
		return Case{}, errors.New("planted bug does not trigger on the original")
	}
	return c, nil
}

// Size counts the assertions of a script and the operator applications in
// them (negative numerals such as (- 5) count as values, not operators).
func Size(sc *smtlib.Script) (asserts, nodes int) {
	as := sc.Assertions()
	smt.InspectAll(as, func(t *smt.Term) bool {
		if t.NumArgs() > 0 && t.Kind() == smt.App {
			if _, err := smt.ValueOf(t); err != nil {
				nodes++
			}
		}
		return true
	})
	asserts = len(as)
	return asserts, nodes
}
