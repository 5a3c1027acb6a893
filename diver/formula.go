package diver

import (
	"fmt"
	"math"

	"tandem/smt"
)

// Node is one occurrence of a term in a formula: the paper's labelled term
// t^l. Terms are hash-consed in a Store, so one *smt.Term can occur at many
// labels; Nodes tell them apart.
type Node struct {
	// Term is the subterm at this label.
	Term *smt.Term
	// Parent is the node whose argument this is (nil at the root).
	Parent *Node
	// Index is the argument position in Parent.
	Index int
	// Args are the argument nodes.
	Args []*Node
	// Label is the node's number in preorder (0 is the root).
	Label int
}

// Formula is a formula φ as a tree of labelled nodes. When a script has
// several assertions, the root is their conjunction, marked Virtual: it is
// printed as separate assertions and is never a mutation target.
type Formula struct {
	Root    *Node
	Nodes   []*Node // preorder: Nodes[i].Label == i
	Virtual bool
	// lazy: only Root.Term is set; expand builds the nodes (a mutant's
	// tree is built when it is first mutated, and most never are)
	lazy bool
	size int // the tree's node count when lazyFormula measured it, else 0
}

// errTooLarge says the tree of a formula has more nodes than allowed.
var errTooLarge = fmt.Errorf("formula tree too large")

// NewFormula builds the labelled tree of the conjunction of assertions (a
// single assertion is the root itself). It fails when the tree would have
// more than maxNodes nodes (0: no limit) or when an assertion contains a
// binder (let must have been expanded; quantifiers are out of scope).
func NewFormula(st *smt.Store, assertions []*smt.Term, maxNodes int) (*Formula, error) {
	f, err := rootFormula(st, assertions)
	if err != nil {
		return nil, err
	}
	if err := f.build(f.Root.Term, maxNodes); err != nil {
		return nil, err
	}
	return f, nil
}

// lazyFormula is NewFormula without building the tree (see expand): the
// term kinds and the size are checked through sizes, a memo of tree sizes
// by term that a lineage shares, so a mutant costs its new terms only.
func lazyFormula(st *smt.Store, assertions []*smt.Term, maxNodes int, sizes map[*smt.Term]int) (*Formula, error) {
	f, err := rootFormula(st, assertions)
	if err != nil {
		return nil, err
	}
	limit := maxNodes
	if limit <= 0 {
		limit = math.MaxInt - 1
	}
	n := treeSize(f.Root.Term, limit, sizes)
	switch {
	case n < 0:
		return nil, fmt.Errorf("unsupported term kind in %s (lets, quantifiers and annotations must be gone)", smt.Describe(f.Root.Term))
	case n > limit:
		return nil, errTooLarge
	}
	f.lazy, f.size = true, n
	return f, nil
}

// rootFormula is the formula with only its root: the assertion, or the
// virtual conjunction of several.
func rootFormula(st *smt.Store, assertions []*smt.Term) (*Formula, error) {
	if len(assertions) == 0 {
		return nil, fmt.Errorf("no assertions")
	}
	f := &Formula{}
	root := assertions[0]
	if len(assertions) > 1 {
		t, err := st.Apply(smt.OpAnd, nil, assertions...)
		if err != nil {
			return nil, err
		}
		root = t
		f.Virtual = true
	}
	f.Root = &Node{Term: root}
	return f, nil
}

// treeSize is the number of nodes of t's tree (its DAG unfolded),
// saturating just above limit, or -1 when it holds a term NewFormula
// refuses (a binder, an annotation); memoized in sizes.
func treeSize(t *smt.Term, limit int, sizes map[*smt.Term]int) int {
	if n, ok := sizes[t]; ok {
		return n
	}
	n := 1
	switch t.Kind() {
	case smt.Literal, smt.App:
		for _, a := range t.Args() {
			k := treeSize(a, limit, sizes)
			if k < 0 {
				n = -1
				break
			}
			if n += k; n > limit {
				n = limit + 1
				break
			}
		}
	default:
		n = -1
	}
	sizes[t] = n
	return n
}

// expand builds the tree of a lazy formula (lazyFormula checked it).
func (f *Formula) expand() {
	if f.lazy {
		_ = f.build(f.Root.Term, 0)
		f.lazy = false
	}
}

// build makes the labelled tree of root (Root and Nodes). With the size
// known (f.size), the nodes and their argument lists come from two
// allocations instead of two per node.
func (f *Formula) build(root *smt.Term, maxNodes int) error {
	f.Nodes = nil
	var slab []Node
	var argSlab []*Node
	if f.size > 0 {
		f.Nodes = make([]*Node, 0, f.size)
		slab, argSlab = make([]Node, f.size), make([]*Node, f.size)
	}
	var build func(t *smt.Term, parent *Node, idx int) (*Node, error)
	build = func(t *smt.Term, parent *Node, idx int) (*Node, error) {
		switch t.Kind() {
		case smt.Literal, smt.App:
		default:
			return nil, fmt.Errorf("unsupported term kind in %s (lets, quantifiers and annotations must be gone)", smt.Describe(t))
		}
		if maxNodes > 0 && len(f.Nodes) >= maxNodes {
			return nil, errTooLarge
		}
		var n *Node
		args := t.Args()
		if len(f.Nodes) < len(slab) && len(args) <= len(argSlab) {
			n = &slab[len(f.Nodes)]
			*n = Node{Term: t, Parent: parent, Index: idx, Label: len(f.Nodes)}
			n.Args, argSlab = argSlab[:0:len(args)], argSlab[len(args):]
		} else {
			n = &Node{Term: t, Parent: parent, Index: idx, Label: len(f.Nodes)}
		}
		f.Nodes = append(f.Nodes, n)
		for i, a := range args {
			c, err := build(a, n, i)
			if err != nil {
				return nil, err
			}
			n.Args = append(n.Args, c)
		}
		return n, nil
	}
	r, err := build(root, nil, 0)
	if err != nil {
		return err
	}
	f.Root = r
	return nil
}

// Assertions are the formula's assertions: the root's arguments when it is
// virtual, the root otherwise.
func (f *Formula) Assertions() []*smt.Term {
	if f.Virtual {
		return f.Root.Term.Args()
	}
	return []*smt.Term{f.Root.Term}
}

// rebuild returns t with argument i replaced by a, through smt.Store.Rebuild
// (which keeps constructor annotations, constant arrays and binders right).
func rebuild(st *smt.Store, t *smt.Term, i int, a *smt.Term) (*smt.Term, error) {
	args := append([]*smt.Term(nil), t.Args()...)
	if i < 0 || i >= len(args) {
		return nil, fmt.Errorf("cannot rebuild %s at argument %d", smt.Describe(t), i)
	}
	args[i] = a
	return st.Rebuild(t, args)
}

// Replace returns the root term of φ[q/p]: the formula with the subterm at
// node p replaced by q (which must have p's sort).
func (f *Formula) Replace(st *smt.Store, p *Node, q *smt.Term) (*smt.Term, error) {
	if q.Sort() != p.Term.Sort() {
		return nil, fmt.Errorf("replacing %s by a term of sort %s", smt.Describe(p.Term), q.Sort())
	}
	cur := q
	for n := p; n.Parent != nil; n = n.Parent {
		t, err := rebuild(st, n.Parent.Term, n.Index, cur)
		if err != nil {
			return nil, err
		}
		cur = t
	}
	return cur, nil
}
