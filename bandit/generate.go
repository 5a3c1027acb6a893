package bandit

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// GenOptions are the generator's parameters (the paper's §4.2: number of
// variables, number of assertions, maximum depth, the constructs allowed and
// per-construct weights). Zero fields take the defaults of options.go.
type GenOptions struct {
	// Vars is the number of declared variables.
	Vars int `json:"vars,omitempty"`
	// MinAsserts and MaxAsserts bound the number of assertions (drawn
	// uniformly).
	MinAsserts int `json:"min_asserts,omitempty"`
	MaxAsserts int `json:"max_asserts,omitempty"`
	// MinDepth and MaxDepth bound the depth limit of each assertion (drawn
	// uniformly per assertion). Depth counts as in the paper's example: the
	// predicate is level 0, operators below it, leaves at the limit.
	MinDepth int `json:"min_depth,omitempty"`
	MaxDepth int `json:"max_depth,omitempty"`
	// LeafProb is the probability that a non-root position above the depth
	// limit is a leaf anyway (0: full trees, as in the paper's example).
	LeafProb float64 `json:"leaf_prob,omitempty"`
	// SpecialProb is the probability that a leaf is a special constant
	// (±zero, ±oo, NaN; "" for strings) and LiteralProb that it is a
	// random literal; otherwise it is a variable.
	SpecialProb float64 `json:"special_prob,omitempty"`
	LiteralProb float64 `json:"literal_prob,omitempty"`
	// Weights are per-construct weights by name (default 1 each); weight 0
	// removes a construct from generation (it can still be mutated in).
	Weights map[string]float64 `json:"weights,omitempty"`
}

func (o GenOptions) withDefaults() GenOptions {
	if o.Vars <= 0 {
		o.Vars = DefaultVars
	}
	if o.MinAsserts <= 0 {
		o.MinAsserts = DefaultMinAsserts
	}
	if o.MaxAsserts < o.MinAsserts {
		o.MaxAsserts = max(o.MinAsserts, DefaultMaxAsserts)
	}
	if o.MinDepth <= 0 {
		o.MinDepth = DefaultMinDepth
	}
	if o.MaxDepth < o.MinDepth {
		o.MaxDepth = max(o.MinDepth, DefaultMaxDepth)
	}
	if o.SpecialProb == 0 {
		o.SpecialProb = DefaultSpecialProb
	}
	if o.LiteralProb == 0 {
		o.LiteralProb = DefaultLiteralProb
	}
	return o
}

// Node is one position of an instance's syntax tree: an application of a
// construct (C ≥ 0), or a leaf (C = -1) printed as Leaf.
type Node struct {
	// C is the construct's index in the grammar, -1 for a leaf.
	C int
	// RM is the rounding-mode construct's index when the construct takes
	// one, else -1.
	RM int
	// Leaf is a leaf's text: a variable, a special constant or a literal.
	Leaf string
	// Sort is the node's sort.
	Sort Sort
	// Kids are the arguments (without the rounding mode).
	Kids []*Node
	// Level is the depth of the node (root 0) and Limit the depth limit of
	// its assertion; mutations grow new subtrees down to Limit.
	Level, Limit int
}

func (n *Node) clone() *Node {
	c := *n
	c.Kids = make([]*Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = k.clone()
	}
	return &c
}

// Instance is one generated input: declarations and assertions over a
// grammar.
type Instance struct {
	Grammar *Grammar
	// VarSorts are the sorts of x0, x1, ….
	VarSorts []Sort
	Asserts  []*Node
}

// Clone returns a deep copy.
func (in *Instance) Clone() *Instance {
	c := &Instance{Grammar: in.Grammar, VarSorts: in.VarSorts}
	for _, a := range in.Asserts {
		c.Asserts = append(c.Asserts, a.clone())
	}
	return c
}

func (g *Grammar) writeNode(b *strings.Builder, n *Node) {
	if n.C < 0 {
		b.WriteString(n.Leaf)
		return
	}
	c := &g.Constructs[n.C]
	if len(n.Kids) == 0 && !c.RM {
		b.WriteString(c.Name)
		return
	}
	b.WriteByte('(')
	b.WriteString(c.Name)
	if c.RM {
		b.WriteByte(' ')
		b.WriteString(g.Constructs[n.RM].Name)
	}
	for _, k := range n.Kids {
		b.WriteByte(' ')
		g.writeNode(b, k)
	}
	b.WriteByte(')')
}

// Term prints one node as SMT-LIB.
func (g *Grammar) Term(n *Node) string {
	var b strings.Builder
	g.writeNode(&b, n)
	return b.String()
}

// Body prints the instance without (check-sat): logic, declarations,
// assertions. Two instances with the same Body are the same input.
func (in *Instance) Body() string {
	g := in.Grammar
	var b strings.Builder
	fmt.Fprintf(&b, "(set-logic %s)\n", g.Logic)
	for i, s := range in.VarSorts {
		fmt.Fprintf(&b, "(declare-const x%d %s)\n", i, g.SortText[s])
	}
	for _, a := range in.Asserts {
		b.WriteString("(assert ")
		g.writeNode(&b, a)
		b.WriteString(")\n")
	}
	return b.String()
}

// Script prints the instance as an SMT-LIB script ending in (check-sat),
// and (get-model) when models is set.
func (in *Instance) Script(models bool) []byte {
	s := in.Body() + "(check-sat)\n"
	if models {
		s += "(get-model)\n"
	}
	return []byte(s)
}

// Constructs returns the indices of every construct used in the instance
// (rounding modes included), with repetition.
func (in *Instance) Constructs() []int {
	var out []int
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.C >= 0 {
			out = append(out, n.C)
		}
		if n.RM >= 0 {
			out = append(out, n.RM)
		}
		for _, k := range n.Kids {
			walk(k)
		}
	}
	for _, a := range in.Asserts {
		walk(a)
	}
	return out
}

// Generator makes random instances of a grammar (the paper's §4.2).
type Generator struct {
	G   *Grammar
	Opt GenOptions
}

// NewGenerator returns a generator of g with o (zero fields: defaults).
func NewGenerator(g *Grammar, o GenOptions) *Generator {
	return &Generator{G: g, Opt: o.withDefaults()}
}

func (gen *Generator) weight(i int) float64 {
	if w, ok := gen.Opt.Weights[gen.G.Constructs[i].Name]; ok {
		return w
	}
	return 1
}

// pick draws a construct of kind k and result sort s by weight, among those
// accepted by ok; -1 when there is none.
func (gen *Generator) pick(r *rand.Rand, k Kind, s Sort, ok func(*Construct) bool) int {
	total := 0.0
	for i := range gen.G.Constructs {
		c := &gen.G.Constructs[i]
		if c.Kind == k && c.Result == s && (ok == nil || ok(c)) {
			total += gen.weight(i)
		}
	}
	if total <= 0 {
		return -1
	}
	x := r.Float64() * total
	last := -1
	for i := range gen.G.Constructs {
		c := &gen.G.Constructs[i]
		if c.Kind == k && c.Result == s && (ok == nil || ok(c)) {
			if w := gen.weight(i); w > 0 {
				last = i
				x -= w
				if x < 0 {
					return i
				}
			}
		}
	}
	return last
}

func (gen *Generator) rm(r *rand.Rand) int {
	return gen.pick(r, RoundingMode, SortRM, nil)
}

// leaf makes a leaf of sort s: a variable of that sort, a special constant
// or a literal.
func (gen *Generator) leaf(r *rand.Rand, in *Instance, s Sort, literal, nonZero bool, level, limit int) *Node {
	g := gen.G
	n := &Node{C: -1, RM: -1, Sort: s, Level: level, Limit: limit}
	var vars []int
	for i, vs := range in.VarSorts {
		if vs == s {
			vars = append(vars, i)
		}
	}
	lit := ""
	if g.literal != nil {
		lit = g.literal(r, s, nonZero)
	}
	x := r.Float64()
	switch {
	case literal || (lit != "" && (len(vars) == 0 || x < gen.Opt.LiteralProb)):
		n.Leaf = lit
	case !nonZero && len(g.Specials[s]) > 0 && (len(vars) == 0 || x < gen.Opt.LiteralProb+gen.Opt.SpecialProb):
		n.Leaf = g.Specials[s][r.IntN(len(g.Specials[s]))]
	case len(vars) > 0:
		n.Leaf = fmt.Sprintf("x%d", vars[r.IntN(len(vars))])
	default:
		n.Leaf = lit
	}
	return n
}

// term makes a random term of sort s at level, below the depth limit.
func (gen *Generator) term(r *rand.Rand, in *Instance, s Sort, level, limit int) *Node {
	g := gen.G
	if level >= limit || (level > 0 && r.Float64() < gen.Opt.LeafProb) {
		if g.leafable(s) {
			return gen.leaf(r, in, s, false, false, level, limit)
		}
		// A sort without leaves (RegLan): an operator whose arguments
		// all are leaves, one level past the limit.
		c := gen.pick(r, Operator, s, func(c *Construct) bool {
			for _, a := range c.Args {
				if !g.leafable(a) {
					return false
				}
			}
			return true
		})
		return gen.apply(r, in, c, level, level+1)
	}
	c := gen.pick(r, Operator, s, nil)
	if c < 0 {
		return gen.leaf(r, in, s, false, false, level, limit)
	}
	return gen.apply(r, in, c, level, limit)
}

// apply builds an application of construct c at level with fresh random
// arguments.
func (gen *Generator) apply(r *rand.Rand, in *Instance, c, level, limit int) *Node {
	con := &gen.G.Constructs[c]
	n := &Node{C: c, RM: -1, Sort: con.Result, Level: level, Limit: limit}
	if con.RM {
		n.RM = gen.rm(r)
	}
	for i, a := range con.Args {
		n.Kids = append(n.Kids, gen.arg(r, in, con, i, a, level+1, limit))
	}
	return n
}

func (gen *Generator) arg(r *rand.Rand, in *Instance, con *Construct, i int, s Sort, level, limit int) *Node {
	if con.literal(i) {
		return gen.leaf(r, in, s, true, con.nonZero(i), level, limit)
	}
	return gen.term(r, in, s, level, limit)
}

// Generate makes a fresh random instance: Vars variables, and per
// assertion a random predicate over random operator trees down to a random
// depth limit.
func (gen *Generator) Generate(r *rand.Rand) *Instance {
	g, o := gen.G, gen.Opt
	in := &Instance{Grammar: g}
	for i := 0; i < o.Vars; i++ {
		in.VarSorts = append(in.VarSorts, g.VarSorts[i%len(g.VarSorts)])
	}
	k := o.MinAsserts + r.IntN(o.MaxAsserts-o.MinAsserts+1)
	for i := 0; i < k; i++ {
		limit := o.MinDepth + r.IntN(o.MaxDepth-o.MinDepth+1)
		p := gen.pick(r, Predicate, SortBool, nil)
		if p < 0 {
			break
		}
		in.Asserts = append(in.Asserts, gen.apply(r, in, p, 0, limit))
	}
	return in
}
