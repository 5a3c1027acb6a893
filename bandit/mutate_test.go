package bandit

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// parseFP builds a one-assertion FP instance by hand.
func fpInstance(g *Grammar, root *Node) *Instance {
	return &Instance{Grammar: g, VarSorts: []Sort{SortFP, SortFP}, Asserts: []*Node{root}}
}

func app(g *Grammar, name string, rm string, level int, kids ...*Node) *Node {
	n := &Node{C: g.Arm(name), RM: -1, Sort: g.Constructs[g.Arm(name)].Result, Kids: kids, Level: level, Limit: 2}
	if rm != "" {
		n.RM = g.Arm(rm)
	}
	return n
}

func v(name string) *Node { return &Node{C: -1, RM: -1, Leaf: name, Sort: SortFP, Level: 2, Limit: 2} }

// mutants collects every distinct result of Mutate over many seeds.
func mutants(gen *Generator, in *Instance, c int) []string {
	set := map[string]bool{}
	for s := uint64(0); s < 400; s++ {
		m, err := gen.Mutate(rand.New(rand.NewPCG(s, 7)), in, c)
		if err != nil {
			return nil
		}
		set[gen.G.Term(m.Asserts[0])] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestMutateWorkedExamples reproduces the paper's §4.2 examples (depth 2,
// variables x0 x1, rounding modes {RNE}, no constants): inserting fp.abs
// has exactly 2 results, inserting fp.add 4, and 20 with all 5 rounding
// modes.
func TestMutateWorkedExamples(t *testing.T) {
	g := FPGrammar(11, 53)
	onlyRNE := map[string]float64{"RNA": 0, "RTP": 0, "RTN": 0, "RTZ": 0}
	gen := NewGenerator(g, GenOptions{Vars: 2, SpecialProb: -1, LiteralProb: -1, Weights: onlyRNE})
	in := fpInstance(g, app(g, "fp.eq", "", 0,
		app(g, "fp.add", "RNE", 1, v("x0"), v("x1")), app(g, "fp.sub", "RNE", 1, v("x0"), v("x1"))))
	got := mutants(gen, in, g.Arm("fp.abs"))
	want := []string{"(fp.eq (fp.abs x0) (fp.sub RNE x0 x1))", "(fp.eq (fp.add RNE x0 x1) (fp.abs x0))"}
	sort.Strings(want)
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("fp.abs mutants %q, want %q", got, want)
	}
	in2 := fpInstance(g, app(g, "fp.eq", "", 0, app(g, "fp.abs", "", 1, v("x0")), app(g, "fp.abs", "", 1, v("x1"))))
	if got := mutants(gen, in2, g.Arm("fp.add")); len(got) != 4 {
		t.Fatalf("fp.add mutants with {RNE}: %d %q, want 4", len(got), got)
	}
	gen5 := NewGenerator(g, GenOptions{Vars: 2, SpecialProb: -1, LiteralProb: -1})
	if got := mutants(gen5, in2, g.Arm("fp.add")); len(got) != 20 {
		t.Fatalf("fp.add mutants with 5 rounding modes: %d, want 20", len(got))
	}
	// A rounding-mode arm replaces an existing rounding mode; with none
	// in the instance there is no position.
	if _, err := gen5.Mutate(rand.New(rand.NewPCG(1, 1)), in2, g.Arm("RTZ")); err != ErrNoPosition {
		t.Fatalf("RTZ into an instance without rounding modes: %v, want ErrNoPosition", err)
	}
	// Predicate arity: fp.isNaN into fp.eq keeps the left argument.
	if got := mutants(gen5, in2, g.Arm("fp.isNaN")); len(got) != 1 || got[0] != "(fp.isNaN (fp.abs x0))" {
		t.Fatalf("fp.isNaN mutants %q", got)
	}
}

// TestMutatePreservesGrammar checks on random instances of every grammar
// that a mutant has the same sorts at every position, that only one
// position changed construct, and that its nodes fit their constructs'
// signatures.
func TestMutatePreservesGrammar(t *testing.T) {
	for _, name := range GrammarNames {
		g, _ := LookupGrammar(name)
		gen := NewGenerator(g, GenOptions{})
		r := rand.New(rand.NewPCG(5, uint64(len(name))))
		for i := 0; i < 100; i++ {
			in := gen.Generate(r)
			c := r.IntN(len(g.Constructs))
			m, err := gen.Mutate(r, in, c)
			if err != nil {
				continue
			}
			if len(m.Asserts) != len(in.Asserts) {
				t.Fatal("assertion count changed")
			}
			found := false
			for _, x := range m.Constructs() {
				found = found || x == c
			}
			if !found {
				t.Fatalf("%s: mutant lacks %s", name, g.Constructs[c].Name)
			}
			var check func(n *Node)
			check = func(n *Node) {
				if n.C < 0 {
					return
				}
				con := &g.Constructs[n.C]
				if n.Sort != con.Result || len(n.Kids) != len(con.Args) || con.RM != (n.RM >= 0) {
					t.Fatalf("%s: node %s breaks its signature", name, g.Term(n))
				}
				for j, k := range n.Kids {
					if k.Sort != con.Args[j] {
						t.Fatalf("%s: argument %d of %s has sort %s", name, j, g.Term(n), k.Sort)
					}
					check(k)
				}
			}
			for _, a := range m.Asserts {
				if a.Sort != SortBool {
					t.Fatalf("%s: root not Bool", name)
				}
				check(a)
			}
		}
	}
}
