// Package soundness checks that tandem/fuzzysat never answers wrong: on
// generated queries over a few input bytes, from seeds that satisfy π,
// violate it, or are all zero, every unsat answer must be unsat for z3
// and every sat assignment must satisfy the query under the evaluator.
//
// The generator covers the analysis of docs/fuzzysat.md decisions 3–5:
// every range pattern (the ten comparisons, either side, through not,
// on g, g + c, c + g, g − c, and the overflow idiom (g ± c) op g), every
// group kind (bytes, concat, zero_extend, byte-aligned extract, shifts by
// whole bytes, bvor/bvadd/bvxor of disjoint bytes, groups with constant
// bytes, and terms whose bits mix), every unique-definition form (= and
// singleton intervals, through offsets), under and, or, not(and), =>
// and Bool =, with non-pattern arithmetic and ite mixed in. Each case
// records its shapes in Tags, so a run reports what it covered.
//
// The go test runs a few thousand cases; bench/fuzzysound runs 100,000
// and more; FuzzSoundness drives the generator from the fuzzer's bytes
// and checks unsat answers by enumerating every assignment.
package soundness

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// Chooser supplies the generator's choices: Intn(n) is in [0, n).
type Chooser interface{ Intn(n int) int }

// RandChooser draws the choices from a PRNG.
type RandChooser struct{ R *rand.Rand }

// Intn is a uniform choice.
func (c RandChooser) Intn(n int) int { return c.R.IntN(n) }

// ByteChooser reads the choices from bytes (a fuzzer's input); once they
// are used up every choice is 0.
type ByteChooser struct {
	B []byte
	i int
}

// Intn is the next byte (two for n > 256) modulo n.
func (c *ByteChooser) Intn(n int) int {
	v := 0
	for k := 0; k < 2 && (k == 0 || n > 256); k++ {
		if c.i < len(c.B) {
			v = v<<8 | int(c.B[c.i])
			c.i++
		}
	}
	return v % n
}

// Case is one generated query over k!0 … k!(NBytes−1): the branch
// condition Goal and the path constraints Pi, as SMT-LIB text.
type Case struct {
	NBytes int
	Goal   string
	Pi     []string
	Tags   []string
	// Consts are the bytes of the case's literals: a seed made of them
	// "agrees" with the constants of the query, which is how a wrong
	// definition (the raw constant of g − c = d) went unnoticed.
	Consts []byte
}

// Script is the case as an SMT-LIB script: declarations, the branch
// condition as the first assert, then one assert per π conjunct.
func (cs *Case) Script() string {
	var sb strings.Builder
	for i := 0; i < cs.NBytes; i++ {
		fmt.Fprintf(&sb, "(declare-fun k!%d () (_ BitVec 8))\n", i)
	}
	fmt.Fprintf(&sb, "(assert %s)\n", cs.Goal)
	for _, p := range cs.Pi {
		fmt.Fprintf(&sb, "(assert %s)\n", p)
	}
	return sb.String()
}

type gen struct {
	c      Chooser
	n      int
	tags   map[string]bool
	consts []byte
}

func (g *gen) tag(t string) { g.tags[t] = true }

// Generate makes a case with 1 … maxBytes input bytes.
func Generate(c Chooser, maxBytes int) *Case {
	n := 2 + c.Intn(max(maxBytes-1, 1)) // two bytes or more, mostly: one defined, one searched
	if c.Intn(5) == 0 {
		n = 1
	}
	g := &gen{c: c, n: min(n, max(maxBytes, 1)), tags: map[string]bool{}}
	cs := &Case{NBytes: g.n}
	if c.Intn(5) == 0 {
		cs.Goal = fmt.Sprintf("(and %s %s)", g.conjunct(), g.conjunct())
		g.tag("goal:and")
	} else {
		cs.Goal = g.conjunct()
	}
	for k := c.Intn(5); k > 0; k-- {
		if c.Intn(3) == 0 {
			cs.Pi = append(cs.Pi, g.definition()) // π defines bytes often
		} else {
			cs.Pi = append(cs.Pi, g.conjunct())
		}
	}
	for t := range g.tags {
		cs.Tags = append(cs.Tags, t)
	}
	sort.Strings(cs.Tags)
	cs.Consts = g.consts
	return cs
}

func (g *gen) byteVar() string { return fmt.Sprintf("k!%d", g.c.Intn(g.n)) }

// lit is a w-bit literal: an edge value or a random one.
func (g *gen) lit(w int) string {
	v := g.value(w)
	for i := 0; i < w/8; i++ {
		g.consts = append(g.consts, byte(v>>uint(8*i)))
	}
	return litText(w, v)
}

func (g *gen) value(w int) uint64 {
	m := uint64(1)<<uint(w) - 1
	sb := uint64(1) << uint(w-1)
	switch g.c.Intn(12) {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return m
	case 3:
		return m - uint64(g.c.Intn(3))
	case 4:
		return sb
	case 5:
		return sb - 1
	case 6:
		return uint64(g.c.Intn(64))
	case 7:
		return 0x30 + uint64(g.c.Intn(10))
	case 8:
		return uint64(g.c.Intn(256)) << uint(8*g.c.Intn(w/8))
	}
	v := uint64(g.c.Intn(1 << 16))
	v = v<<16 | uint64(g.c.Intn(1<<16))
	return v & m
}

func litText(w int, v uint64) string { return fmt.Sprintf("#x%0*x", w/4, v&(uint64(1)<<uint(w)-1)) }

// group is a term of one of the group kinds of decision 5 (or one whose
// bits mix), and its width.
func (g *gen) group() (string, int) {
	a, b, c := g.byteVar(), g.byteVar(), g.byteVar()
	switch k := g.c.Intn(15); k {
	case 0, 1:
		g.tag("group:byte")
		return a, 8
	case 2:
		g.tag("group:concat")
		return fmt.Sprintf("(concat %s %s)", a, b), 16
	case 3:
		g.tag("group:zero_extend")
		if g.c.Intn(2) == 0 {
			return fmt.Sprintf("((_ zero_extend 8) %s)", a), 16
		}
		return fmt.Sprintf("((_ zero_extend 24) %s)", a), 32
	case 4:
		g.tag("group:zero_extend-concat")
		return fmt.Sprintf("((_ zero_extend 16) (concat %s %s))", a, b), 32
	case 5:
		g.tag("group:extract")
		if g.c.Intn(2) == 0 {
			return fmt.Sprintf("((_ extract 15 8) (concat %s %s))", a, b), 8
		}
		return fmt.Sprintf("((_ extract 15 0) (concat %s %s %s))", a, b, c), 16
	case 6:
		g.tag("group:bvshl")
		return fmt.Sprintf("(bvshl ((_ zero_extend 8) %s) #x0008)", a), 16
	case 7:
		g.tag("group:bvlshr")
		return fmt.Sprintf("(bvlshr (concat %s %s) #x0008)", a, b), 16
	case 8:
		g.tag("group:bvor-disjoint")
		return fmt.Sprintf("(bvor (bvshl ((_ zero_extend 8) %s) #x0008) ((_ zero_extend 8) %s))", a, b), 16
	case 9:
		g.tag("group:bvadd-disjoint")
		return fmt.Sprintf("(bvadd (bvshl ((_ zero_extend 24) %s) #x00000008) ((_ zero_extend 24) %s))", a, b), 32
	case 10:
		g.tag("group:bvxor-disjoint")
		return fmt.Sprintf("(bvxor ((_ zero_extend 8) %s) (concat %s #x00))", a, b), 16
	case 11:
		g.tag("group:const-byte")
		return fmt.Sprintf("(concat %s %s)", litText(8, g.value(8)|1), a), 16
	case 12:
		g.tag("group:concat3")
		return fmt.Sprintf("(concat %s %s %s)", a, b, c), 24
	case 13:
		g.tag("nongroup:bits-mix")
		return fmt.Sprintf("(bvor ((_ zero_extend 8) %s) (concat %s %s))", a, b, c), 16
	default:
		g.tag("nongroup:unaligned-extract")
		return fmt.Sprintf("((_ extract 11 4) (concat %s %s))", a, b), 8
	}
}

// offset is x = g, g + c, c + g or g − c (decision 3).
func (g *gen) offset(t string, w int) string {
	switch g.c.Intn(7) {
	case 3:
		g.tag("offset:nested")
		return fmt.Sprintf("(bvadd (bvsub %s %s) %s)", t, g.lit(w), g.lit(w))
	case 4:
		g.tag("offset:c-g")
		if g.c.Intn(2) == 0 {
			return fmt.Sprintf("(bvsub %s (bvadd %s %s))", g.lit(w), t, g.lit(w))
		}
		return fmt.Sprintf("(bvsub %s %s)", g.lit(w), t)
	case 0:
		g.tag("offset:g+c")
		return fmt.Sprintf("(bvadd %s %s)", t, g.lit(w))
	case 1:
		g.tag("offset:c+g")
		return fmt.Sprintf("(bvadd %s %s)", g.lit(w), t)
	case 2:
		g.tag("offset:g-c")
		return fmt.Sprintf("(bvsub %s %s)", t, g.lit(w))
	}
	g.tag("offset:g")
	return t
}

var cmps = []string{"=", "distinct", "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}

func (g *gen) cmp() string {
	op := cmps[g.c.Intn(len(cmps))]
	g.tag("cmp:" + op)
	return op
}

// negations wraps a comparison in zero, one or two not's.
func (g *gen) negations(t string) string {
	switch g.c.Intn(6) {
	case 0:
		g.tag("not")
		return "(not " + t + ")"
	case 1:
		g.tag("not-not")
		return "(not (not " + t + "))"
	}
	return t
}

// atom is a comparison: a range pattern, the overflow idiom, two groups,
// or arithmetic that no pattern reads.
func (g *gen) atom() string {
	t, w := g.group()
	switch k := g.c.Intn(10); {
	case k < 5: // x op c, c op x
		x := g.offset(t, w)
		c := g.lit(w)
		if g.c.Intn(3) == 0 {
			x, c = c, x
			g.tag("range:c-op-x")
		} else {
			g.tag("range:x-op-c")
		}
		return g.negations(fmt.Sprintf("(%s %s %s)", g.cmp(), x, c))
	case k < 7: // overflow idiom
		var x string
		switch g.c.Intn(3) {
		case 0:
			x = fmt.Sprintf("(bvadd %s %s)", t, g.lit(w))
		case 1:
			x = fmt.Sprintf("(bvadd %s %s)", g.lit(w), t)
		default:
			x = fmt.Sprintf("(bvsub %s %s)", t, g.lit(w))
		}
		g.tag("wrap")
		if g.c.Intn(2) == 0 {
			return g.negations(fmt.Sprintf("(%s %s %s)", g.cmp(), x, t))
		}
		return g.negations(fmt.Sprintf("(%s %s %s)", g.cmp(), t, x))
	case k < 8: // two groups of the same width
		for range 8 {
			u, v := g.group()
			if v == w {
				g.tag("two-groups")
				return fmt.Sprintf("(%s %s %s)", g.cmp(), g.offset(t, w), u)
			}
		}
		return fmt.Sprintf("(%s %s %s)", g.cmp(), t, g.lit(w))
	case k < 9: // ite
		g.tag("ite")
		return fmt.Sprintf("(= (ite (%s %s %s) %s %s) %s)", g.cmp(), t, g.lit(w), g.lit(8), g.lit(8), g.lit(8))
	}
	g.tag("arith")
	ops := []string{"bvmul", "bvand", "bvudiv", "bvurem", "bvashr", "bvshl", "bvadd"}
	op := ops[g.c.Intn(len(ops))]
	return fmt.Sprintf("(%s (%s %s %s) %s)", g.cmp(), op, t, g.lit(w), g.lit(w))
}

// conjunct is an atom, or atoms under Boolean structure (ranges and
// definitions hold only for atoms under and's).
func (g *gen) conjunct() string {
	switch g.c.Intn(22) {
	case 16, 17, 18, 19:
		return g.definition()
	case 20:
		g.tag("bool:not-or")
		return fmt.Sprintf("(not (or %s %s))", g.atom(), g.definition())
	case 0:
		g.tag("bool:or")
		return fmt.Sprintf("(or %s %s)", g.atom(), g.atom())
	case 1:
		g.tag("bool:not-and")
		return fmt.Sprintf("(not (and %s %s))", g.atom(), g.atom())
	case 2:
		g.tag("bool:=>")
		return fmt.Sprintf("(=> %s %s)", g.atom(), g.atom())
	case 3:
		g.tag("bool:and")
		return fmt.Sprintf("(and %s %s)", g.atom(), g.atom())
	case 4:
		g.tag("bool:=")
		return fmt.Sprintf("(= %s %s)", g.atom(), g.atom())
	}
	return g.atom()
}

// definition is a conjunct that fixes the bytes of its group (§III-B.2):
// an equality or a singleton interval, on g or through an offset.
func (g *gen) definition() string {
	t, w := g.group()
	x := g.offset(t, w)
	m := uint64(1)<<uint(w) - 1
	sb := uint64(1) << uint(w-1)
	switch g.c.Intn(6) {
	case 0:
		g.tag("unique:c=x")
		return fmt.Sprintf("(= %s %s)", g.lit(w), x)
	case 1:
		g.tag("unique:singleton")
		return fmt.Sprintf("(bvult %s %s)", x, litText(w, 1))
	case 2:
		g.tag("unique:singleton")
		return fmt.Sprintf("(not (bvult %s %s))", x, litText(w, m))
	case 3:
		g.tag("unique:singleton")
		return fmt.Sprintf("(bvsle %s %s)", x, litText(w, sb))
	}
	g.tag("unique:x=c")
	if g.c.Intn(3) == 0 {
		// the zero seed agrees with 0: a definition that takes the raw
		// constant for the shifted one shows
		return fmt.Sprintf("(= %s %s)", x, litText(w, 0))
	}
	return fmt.Sprintf("(= %s %s)", x, g.lit(w))
}

// AllTags are the shapes the generator tags its cases with.
var AllTags = []string{
	"arith",
	"bool:=",
	"bool:=>",
	"bool:and",
	"bool:not-and",
	"bool:not-or",
	"bool:or",
	"cmp:=",
	"cmp:bvsge",
	"cmp:bvsgt",
	"cmp:bvsle",
	"cmp:bvslt",
	"cmp:bvuge",
	"cmp:bvugt",
	"cmp:bvule",
	"cmp:bvult",
	"cmp:distinct",
	"goal:and",
	"group:bvadd-disjoint",
	"group:bvlshr",
	"group:bvor-disjoint",
	"group:bvshl",
	"group:bvxor-disjoint",
	"group:byte",
	"group:concat",
	"group:concat3",
	"group:const-byte",
	"group:extract",
	"group:zero_extend",
	"group:zero_extend-concat",
	"ite",
	"nongroup:bits-mix",
	"nongroup:unaligned-extract",
	"not",
	"not-not",
	"offset:c+g",
	"offset:c-g",
	"offset:g",
	"offset:g+c",
	"offset:g-c",
	"offset:nested",
	"range:c-op-x",
	"range:x-op-c",
	"two-groups",
	"unique:c=x",
	"unique:singleton",
	"unique:x=c",
	"wrap",
}
