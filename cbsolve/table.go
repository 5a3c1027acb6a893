package cbsolve

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

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
// builds the diagram. It gives up (errTableBudget) past until or past
// maxNodes nodes, and on the context's end.
func buildTable(ctx context.Context, f *smt.Func, bits int, call func([]smt.Value) (smt.Value, bool), until time.Time, maxNodes int) (*table, error) {
	t := &table{f: f, bits: bits}
	ids := map[tnode]int{}
	mk := func(n tnode) int {
		if n.bit >= 0 && n.lo == n.hi {
			return n.lo
		}
		if id, ok := ids[n]; ok {
			return id
		}
		t.nodes = append(t.nodes, n)
		ids[n] = len(t.nodes) - 1
		return len(t.nodes) - 1
	}
	size := uint64(1) << bits
	layer := make([]int, size)
	args := make([]smt.Value, len(f.Params))
	for x := uint64(0); x < size; x++ {
		if x%1024 == 0 && (ctx.Err() != nil || (!until.IsZero() && time.Now().After(until))) {
			return nil, errTableBudget
		}
		argsOf(f, x, args)
		n := tnode{bit: -1}
		v, ok := call(args)
		switch v := v.(type) {
		case smt.BVValue:
			n.v = v.V.Uint64()
		case smt.BoolValue:
			if v {
				n.v = 1
			}
		default:
			ok = false
		}
		n.failed = !ok
		layer[x] = mk(n)
		if len(t.nodes) > maxNodes {
			return nil, errTableBudget
		}
	}
	// Entries 2j and 2j+1 differ in bit 0 only: pair them, then go up.
	for b := 0; b < bits; b++ {
		next := layer[:len(layer)/2]
		for j := range next {
			next[j] = mk(tnode{bit: b, lo: layer[2*j], hi: layer[2*j+1]})
		}
		layer = next
		if len(t.nodes) > maxNodes {
			return nil, errTableBudget
		}
	}
	t.root = layer[0]
	return t, nil
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
	leaf := func(n tnode) (string, error) {
		if n.failed {
			var b strings.Builder
			b.WriteString("(" + smt.QuoteSymbol(f.Name))
			for i := range f.Params {
				b.WriteString(" " + param(i))
			}
			return b.String() + ")", nil
		}
		var v smt.Value
		if f.Result.Kind == smt.KindBool {
			v = smt.BoolValue(n.v == 1)
		} else {
			v = smt.BVValue{W: f.Result.Width, V: new(big.Int).SetUint64(n.v)}
		}
		vt, err := st.ValueTerm(v)
		if err != nil {
			return "", err
		}
		return vt.String(), nil
	}
	ref := func(id int) string { return fmt.Sprintf("n!%d", id) }
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
			}
			fmt.Fprintf(&b, "(%s %s)", ref(id), body)
		}
		b.WriteString(") ")
	}
	b.WriteString(ref(t.root))
	b.WriteString(strings.Repeat(")", open))
	return b.String(), nil
}

// eval is the table's value at the domain index x (for tests).
func (t *table) eval(x uint64) (uint64, bool) {
	id := t.root
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
