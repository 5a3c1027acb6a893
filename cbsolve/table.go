package cbsolve

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"tandem/smt"
)

// A table is the whole input/output table of a closed box whose domain is
// small enough to run it on every argument tuple, compressed into a
// multi-terminal decision diagram over the bits of its arguments: each
// node tests one argument bit, identical subtables are one node, and a
// node whose two branches are equal is skipped. Given to the SMT engine as
// a define-fun, it is the box's exact semantics on that domain: every
// leaf is a value the box returned. A call that fails (trap, loop) leaves
// the box's uninterpreted application at that leaf, which says nothing.
// So an SMT answer over it is as sound as one over learned facts, and an
// unsat answer is a proof (exhaustive tabulation), while the text stays
// small for the structured functions closed boxes tend to be (a CRC-8 of
// 16 bits is a few thousand nodes, not 65,536 facts).
type table struct {
	f     *smt.Func
	bits  int
	nodes []tnode
	root  int
	// roots, when set, make the table bit-sliced: roots[j] is the
	// diagram of result bit j, whose leaves are 0 or 1 (or, failed, bit
	// v of the box's application).
	roots []int
}

// tnode is a leaf (bit < 0: value v, or a failed call when failed) or a
// test of input bit bit with the children lo (bit 0) and hi (bit 1).
type tnode struct {
	bit    int
	lo, hi int
	v      uint64
	failed bool
}

// domainBits is the number of input bits of f's domain (Bool parameters
// one each), or -1 when a parameter is neither Bool nor a bit-vector.
func domainBits(f *smt.Func) int {
	bits := 0
	for _, ps := range f.Params {
		switch ps.Kind {
		case smt.KindBool:
			bits++
		case smt.KindBitVec:
			bits += ps.Width
		default:
			return -1
		}
	}
	return bits
}

// argsOf unpacks the domain index x into f's arguments: the first
// parameter in the lowest bits.
func argsOf(f *smt.Func, x uint64, args []smt.Value) {
	for i, ps := range f.Params {
		if ps.Kind == smt.KindBool {
			args[i] = smt.BoolValue(x&1 == 1)
			x >>= 1
			continue
		}
		w := ps.Width
		args[i] = smt.BVValue{W: w, V: new(big.Int).SetUint64(x & (1<<w - 1))}
		x >>= w
	}
}

// errTableBudget: building a table ran out of its time or node budget.
var errTableBudget = fmt.Errorf("table budget exceeded")

// buildTable runs f on its whole domain (bits input bits) through call and
// builds the diagram. It gives up (errTableBudget) past its budget, as soon
// as the calls made so far say the rest cannot finish within it, past maxNodes
// nodes, and on the context's end.
//
// The diagram is first built over the box's whole values. When that has
// more than maxNodes nodes (a function with many distinct values, such as
// x & (x-1) on 13 bits, whose values are almost all different), it is
// built again bit-sliced: one diagram per result bit, sharing their nodes,
// with 0/1 leaves. Bitwise and linear functions (masks, CRCs, parities)
// are then a few nodes per bit; the table is the concatenation of the
// bits' diagrams.
func buildTable(ctx context.Context, f *smt.Func, bits int, call func([]smt.Value) (smt.Value, bool), bud budget, maxNodes int) (*table, error) {
	size := uint64(1) << bits
	vals := make([]uint64, size)
	failed := make([]bool, size)
	args := make([]smt.Value, len(f.Params))
	for x := uint64(0); x < size; x++ {
		if x%1024 == 0 && x > 0 {
			if ctx.Err() != nil {
				return nil, errTableBudget
			}
			// The rate so far projects the whole domain's cost.
			if bud.projected(x, size) {
				return nil, errTableBudget
			}
		}
		argsOf(f, x, args)
		v, ok := call(args)
		switch v := v.(type) {
		case smt.BVValue:
			vals[x] = v.V.Uint64()
		case smt.BoolValue:
			if v {
				vals[x] = 1
			}
		default:
			ok = false
		}
		failed[x] = !ok
	}
	t := &table{f: f, bits: bits}
	b := newDiagram(t, bits)
	root, ok := b.reduce(func(x uint64) tnode { return tnode{bit: -1, v: vals[x], failed: failed[x]} }, maxNodes)
	if ok {
		t.root = root
		return t, nil
	}
	if f.Result.Kind != smt.KindBitVec || f.Result.Width < 2 {
		return nil, errTableBudget
	}
	t.nodes = nil
	b = newDiagram(t, bits)
	for j := 0; j < f.Result.Width; j++ {
		root, ok := b.reduce(func(x uint64) tnode {
			if failed[x] {
				// v names the bit: the leaf is bit j of the box's own
				// application.
				return tnode{bit: -1, v: uint64(j), failed: true}
			}
			return tnode{bit: -1, v: vals[x] >> j & 1}
		}, maxNodes)
		if !ok || ctx.Err() != nil {
			return nil, errTableBudget
		}
		t.roots = append(t.roots, root)
	}
	return t, nil
}

// diagram hash-conses the nodes of a table under construction.
type diagram struct {
	t     *table
	ids   map[tnode]int
	layer []int
	bits  int
}

func newDiagram(t *table, bits int) *diagram {
	return &diagram{t: t, ids: map[tnode]int{}, layer: make([]int, 1<<bits), bits: bits}
}

func (d *diagram) mk(n tnode) int {
	if n.bit >= 0 && n.lo == n.hi {
		return n.lo
	}
	if id, ok := d.ids[n]; ok {
		return id
	}
	d.t.nodes = append(d.t.nodes, n)
	d.ids[n] = len(d.t.nodes) - 1
	return len(d.t.nodes) - 1
}

// reduce builds the diagram of the leaves leaf(x) over the whole domain
// and returns its root; false when the table has grown past maxNodes.
func (d *diagram) reduce(leaf func(x uint64) tnode, maxNodes int) (int, bool) {
	layer := d.layer
	for x := range layer {
		layer[x] = d.mk(leaf(uint64(x)))
		if len(d.t.nodes) > maxNodes {
			return 0, false
		}
	}
	// Entries 2j and 2j+1 differ in bit 0 only: pair them, then go up.
	for b := 0; b < d.bits; b++ {
		next := layer[:len(layer)/2]
		for j := range next {
			next[j] = d.mk(tnode{bit: b, lo: layer[2*j], hi: layer[2*j+1]})
		}
		layer = next
		if len(d.t.nodes) > maxNodes {
			return 0, false
		}
	}
	return layer[0], true
}

// term is the table as an SMT-LIB term over the box's parameters, named
// p!0, p!1, …: nested lets, one per diagram level from the leaves up, each
// binding that level's nodes. (A define-fun of it would be shorter for a
// box applied several times, but z3 4.8.12 takes seconds to read such a
// define-fun and milliseconds to read the same term in an assertion.)
func (t *table) term(st *smt.Store) (string, error) {
	f := t.f
	// Bit b of the packed domain is bit b-off of parameter i.
	type loc struct {
		param, off int
		isBool     bool
	}
	locs := make([]loc, 0, t.bits)
	for i, ps := range f.Params {
		if ps.Kind == smt.KindBool {
			locs = append(locs, loc{i, 0, true})
			continue
		}
		for k := 0; k < ps.Width; k++ {
			locs = append(locs, loc{i, k, false})
		}
	}
	param := func(i int) string { return fmt.Sprintf("p!%d", i) }
	test := func(b int) string {
		l := locs[b]
		if l.isBool {
			return param(l.param)
		}
		return fmt.Sprintf("(= ((_ extract %d %d) %s) #b1)", l.off, l.off, param(l.param))
	}
	sliced := t.roots != nil
	leaf := func(n tnode) (string, error) {
		if n.failed {
			var b strings.Builder
			b.WriteString("(" + smt.QuoteSymbol(f.Name))
			for i := range f.Params {
				b.WriteString(" " + param(i))
			}
			app := b.String() + ")"
			if sliced {
				return fmt.Sprintf("(= ((_ extract %d %d) %s) #b1)", n.v, n.v, app), nil
			}
			return app, nil
		}
		var v smt.Value
		switch {
		case sliced:
			return map[bool]string{false: "false", true: "true"}[n.v == 1], nil
		case f.Result.Kind == smt.KindBool:
			v = smt.BoolValue(n.v == 1)
		default:
			v = smt.BVValue{W: f.Result.Width, V: new(big.Int).SetUint64(n.v)}
		}
		vt, err := st.ValueTerm(v)
		if err != nil {
			return "", err
		}
		return vt.String(), nil
	}
	ref := func(id int) string { return fmt.Sprintf("n!%d", id) }
	// boolRef names a node of a bit-sliced table, a constant leaf by its
	// value (so that boolNode can simplify).
	boolRef := func(id int) string {
		if n := t.nodes[id]; n.bit < 0 && !n.failed {
			return map[bool]string{false: "false", true: "true"}[n.v == 1]
		}
		return ref(id)
	}
	var b strings.Builder
	// Level of a node: leaves 0, a test of bit b is level b+1. Children
	// are always at a lower level, so binding level by level works.
	levels := make([][]int, t.bits+1)
	for id, n := range t.nodes {
		levels[n.bit+1] = append(levels[n.bit+1], id)
	}
	open := 0
	for lv, ids := range levels {
		if len(ids) == 0 {
			continue
		}
		b.WriteString("(let (")
		open++
		for _, id := range ids {
			n := t.nodes[id]
			var body string
			if lv == 0 {
				s, err := leaf(n)
				if err != nil {
					return "", err
				}
				body = s
			} else {
				body = fmt.Sprintf("(ite %s %s %s)", test(n.bit), ref(n.hi), ref(n.lo))
				if sliced {
					body = boolNode(test(n.bit), boolRef(n.hi), boolRef(n.lo))
				}
			}
			fmt.Fprintf(&b, "(%s %s)", ref(id), body)
		}
		b.WriteString(") ")
	}
	if sliced {
		// Result bit j is roots[j]: the most significant bit first.
		b.WriteString("(concat")
		for j := len(t.roots) - 1; j >= 0; j-- {
			b.WriteString(" (ite " + boolRef(t.roots[j]) + " #b1 #b0)")
		}
		b.WriteString(")")
	} else {
		b.WriteString(ref(t.root))
	}
	b.WriteString(strings.Repeat(")", open))
	return b.String(), nil
}

// boolNode is the node "if c then hi else lo" of a bit-sliced table, whose
// nodes are Bool: as and/or when a branch is a constant. z3 4.8.12 decides
// Delphi's Example_3 (a 17-bit box, every output bit a diagram) in 0.6 s
// of CPU this way, and not in 7 s with ite terms over (_ BitVec 1) or Bool.
func boolNode(c, hi, lo string) string {
	switch {
	case hi == "true" && lo == "false":
		return c
	case hi == "false" && lo == "true":
		return "(not " + c + ")"
	case hi == "true":
		return "(or " + c + " " + lo + ")"
	case lo == "false":
		return "(and " + c + " " + hi + ")"
	case hi == "false":
		return "(and (not " + c + ") " + lo + ")"
	case lo == "true":
		return "(or (not " + c + ") " + hi + ")"
	}
	return "(ite " + c + " " + hi + " " + lo + ")"
}

// hasFailed says whether some call of the box failed on its domain.
func (t *table) hasFailed() bool {
	for _, n := range t.nodes {
		if n.bit < 0 && n.failed {
			return true
		}
	}
	return false
}

// eval is the table's value at the domain index x (for tests).
func (t *table) eval(x uint64) (uint64, bool) {
	if t.roots == nil {
		return t.evalFrom(t.root, x)
	}
	var v uint64
	for j, r := range t.roots {
		b, ok := t.evalFrom(r, x)
		if !ok {
			return 0, false
		}
		v |= b << j
	}
	return v, true
}

func (t *table) evalFrom(id int, x uint64) (uint64, bool) {
	for t.nodes[id].bit >= 0 {
		n := t.nodes[id]
		if x>>n.bit&1 == 1 {
			id = n.hi
		} else {
			id = n.lo
		}
	}
	return t.nodes[id].v, !t.nodes[id].failed
}
