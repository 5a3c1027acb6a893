package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
)

// Generator writes a deterministic QF_BV script of deep bit-vector
// assertions, shaped like the path constraints SAGE and KLEE dump: 32
// constants of widths 8, 16, 32 and 64, then assertions over bvadd, bvmul,
// bvand, bvor, bvxor, bvshl, bvlshr, concat, extract, ite, bvult and =,
// each built along one spine of depth 8 to 14 with shallow side branches,
// and every fourth assertion a let chain (the ?v_N bindings of SAGE dumps).
type Generator struct {
	rng  *rand.Rand
	w    *bufio.Writer
	lets []letVar // let variables in scope
	next int      // next let variable number in the current assertion
}

type letVar struct {
	name  string
	width int
}

var widths = [4]int{8, 16, 32, 64}

// newGenerator writes the logic and the 32 constants to cw.
func newGenerator(cw *countingWriter, seed int64) *Generator {
	g := &Generator{rng: rand.New(rand.NewSource(seed)), w: bufio.NewWriterSize(cw, 1<<20)}
	g.w.WriteString("(set-logic QF_BV)\n")
	for i := 0; i < 32; i++ {
		fmt.Fprintf(g.w, "(declare-fun %s () (_ BitVec %d))\n", constName(i), widths[i%4])
	}
	return g
}

// constName is the name of declared constant i (width widths[i%4]).
func constName(i int) string { return fmt.Sprintf("x%d", i) }

// Generate writes at least size bytes of script to w and returns how many
// assertions it wrote. The script ends with (exit) and has no check-sat.
func Generate(w io.Writer, size int64, seed int64) (int, error) {
	cw := &countingWriter{w: w}
	g := newGenerator(cw, seed)
	n := 0
	for cw.n+int64(g.w.Buffered()) < size {
		if n%4 == 3 {
			g.letAssertion()
		} else {
			g.w.WriteString("(assert ")
			g.boolean(8 + g.rng.Intn(7))
			g.w.WriteString(")\n")
		}
		n++
	}
	g.w.WriteString("(exit)\n")
	if err := g.w.Flush(); err != nil {
		return n, err
	}
	return n, cw.err
}

// letAssertion writes (assert (let ((?v_0 t0)) (let ((?v_1 t1) …) … cond))):
// a chain of 3 to 12 let levels, one or two bindings each, whose terms use
// the variables bound before them.
func (g *Generator) letAssertion() {
	g.lets = g.lets[:0]
	g.next = 0
	g.w.WriteString("(assert ")
	levels := 3 + g.rng.Intn(10)
	for l := 0; l < levels; l++ {
		g.w.WriteString("(let (")
		nb := 1 + g.rng.Intn(2)
		var bound []letVar
		for b := 0; b < nb; b++ {
			v := letVar{fmt.Sprintf("?v_%d", g.next), widths[g.rng.Intn(4)]}
			g.next++
			fmt.Fprintf(g.w, "(%s ", v.name)
			g.bv(v.width, 2+g.rng.Intn(5))
			g.w.WriteString(")")
			bound = append(bound, v)
		}
		g.w.WriteString(") ")
		g.lets = append(g.lets, bound...)
	}
	g.boolean(8 + g.rng.Intn(7))
	for l := 0; l < levels; l++ {
		g.w.WriteString(")")
	}
	g.w.WriteString(")\n")
	g.lets = g.lets[:0]
}

// side is the depth of a side branch: 0 to 2, so an assertion grows
// linearly with its spine depth.
func (g *Generator) side(d int) int {
	m := 3
	if d < m {
		m = d
	}
	if m <= 0 {
		return 0
	}
	return g.rng.Intn(m)
}

// boolean writes a Boolean term of depth d: bvult or = over bit-vectors.
func (g *Generator) boolean(d int) {
	w := widths[g.rng.Intn(4)]
	if g.rng.Intn(2) == 0 {
		g.w.WriteString("(bvult ")
	} else {
		g.w.WriteString("(= ")
	}
	if g.rng.Intn(2) == 0 {
		g.bv(w, d-1)
		g.w.WriteByte(' ')
		g.bv(w, g.side(d))
	} else {
		g.bv(w, g.side(d))
		g.w.WriteByte(' ')
		g.bv(w, d-1)
	}
	g.w.WriteByte(')')
}

var binops = [...]string{"bvadd", "bvmul", "bvand", "bvor", "bvxor", "bvshl", "bvlshr"}

// bv writes a bit-vector term of width w and depth d.
func (g *Generator) bv(w, d int) {
	if d <= 0 {
		g.leaf(w)
		return
	}
	for {
		switch k := g.rng.Intn(10); {
		case k < 6:
			op := binops[g.rng.Intn(len(binops))]
			g.w.WriteString("(" + op + " ")
			g.pair(w, w, d)
			g.w.WriteByte(')')
			return
		case k == 6 && w >= 16:
			g.w.WriteString("(concat ")
			g.pair(w/2, w/2, d)
			g.w.WriteByte(')')
			return
		case k == 7 && w <= 32:
			from := 2 * w
			if g.rng.Intn(2) == 0 {
				from = 64
			}
			lo := g.rng.Intn(from - w + 1)
			fmt.Fprintf(g.w, "((_ extract %d %d) ", lo+w-1, lo)
			g.bv(from, d-1)
			g.w.WriteByte(')')
			return
		case k >= 8:
			g.w.WriteString("(ite ")
			switch g.rng.Intn(3) {
			case 0:
				g.boolean(d - 1)
				g.w.WriteByte(' ')
				g.bv(w, g.side(d))
				g.w.WriteByte(' ')
				g.bv(w, g.side(d))
			default:
				g.boolean(g.side(d) + 1)
				g.w.WriteByte(' ')
				g.pair(w, w, d)
			}
			g.w.WriteByte(')')
			return
		}
	}
}

// pair writes two terms of widths w1 and w2, one of depth d-1 (the spine,
// on a random side) and one shallow.
func (g *Generator) pair(w1, w2, d int) {
	if g.rng.Intn(2) == 0 {
		g.bv(w1, d-1)
		g.w.WriteByte(' ')
		g.bv(w2, g.side(d))
	} else {
		g.bv(w1, g.side(d))
		g.w.WriteByte(' ')
		g.bv(w2, d-1)
	}
}

// leaf writes a constant of width w: a declared one, a let variable in
// scope, or a literal.
func (g *Generator) leaf(w int) {
	r := g.rng.Intn(10)
	if r < 3 && len(g.lets) > 0 {
		// The most recent let variables of this width are the likeliest.
		for i := len(g.lets) - 1; i >= 0; i-- {
			if g.lets[i].width == w && g.rng.Intn(2) == 0 {
				g.w.WriteString(g.lets[i].name)
				return
			}
		}
	}
	if r < 8 {
		g.w.WriteString(constName(4*g.rng.Intn(8) + widthIndex(w)))
		return
	}
	v := g.rng.Uint64()
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	if g.rng.Intn(2) == 0 {
		fmt.Fprintf(g.w, "(_ bv%d %d)", v, w)
	} else {
		fmt.Fprintf(g.w, "#x%0*x", w/4, v)
	}
}

func widthIndex(w int) int {
	switch w {
	case 8:
		return 0
	case 16:
		return 1
	case 32:
		return 2
	}
	return 3
}

type countingWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// Shapes are the kinds of generated script the benchmark measures:
// "deep" ([Generate]), "shallow" ([GenerateShallow]) and "ssa"
// ([GenerateSSA]).
var Shapes = map[string]func(w io.Writer, size, seed int64) (int, error){
	"deep":    Generate,
	"shallow": GenerateShallow,
	"ssa":     GenerateSSA,
}

// GenerateShallow writes a QF_BV script of flat assertions over the 32
// constants of [Generate]: each is (bvult (op x c) y) or (= (op x c) y)
// with a random literal c, depth 2, about 45 bytes; so nearly every
// assertion makes three new terms. It ends with (exit), without check-sat.
func GenerateShallow(w io.Writer, size, seed int64) (int, error) {
	cw := &countingWriter{w: w}
	g := newGenerator(cw, seed)
	n := 0
	for cw.n+int64(g.w.Buffered()) < size {
		wi := g.rng.Intn(4)
		rel := "bvult"
		if g.rng.Intn(2) == 0 {
			rel = "="
		}
		fmt.Fprintf(g.w, "(assert (%s (%s %s ", rel, binops[g.rng.Intn(len(binops))], constName(4*g.rng.Intn(8)+wi))
		g.leafLiteral(widths[wi])
		fmt.Fprintf(g.w, ") %s))\n", constName(4*g.rng.Intn(8)+wi))
		n++
	}
	g.w.WriteString("(exit)\n")
	if err := g.w.Flush(); err != nil {
		return n, err
	}
	return n, cw.err
}

// GenerateSSA writes a QF_BV script in static single assignment form, as
// symbolic executors dump traces: every assertion defines a fresh 32-bit
// constant, declared just before it, by one operation over two earlier
// ones, (= v_i (op v_j v_k)). Half of the input is declarations, so this
// shape measures the cost of a declared symbol. It ends with (exit).
func GenerateSSA(w io.Writer, size, seed int64) (int, error) {
	cw := &countingWriter{w: w}
	rng := rand.New(rand.NewSource(seed))
	bw := bufio.NewWriterSize(cw, 1<<20)
	bw.WriteString("(set-logic QF_BV)\n")
	for i := 0; i < 32; i++ {
		fmt.Fprintf(bw, "(declare-fun v%d () (_ BitVec 32))\n", i)
	}
	n := 0
	for i := 32; cw.n+int64(bw.Buffered()) < size; i++ {
		fmt.Fprintf(bw, "(declare-fun v%d () (_ BitVec 32))\n(assert (= v%d (%s v%d v%d)))\n",
			i, i, binops[rng.Intn(len(binops))], rng.Intn(i), rng.Intn(i))
		n++
	}
	bw.WriteString("(exit)\n")
	if err := bw.Flush(); err != nil {
		return n, err
	}
	return n, cw.err
}

// leafLiteral writes a random literal of width w.
func (g *Generator) leafLiteral(w int) {
	v := g.rng.Uint64()
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	fmt.Fprintf(g.w, "#x%0*x", w/4, v)
}
