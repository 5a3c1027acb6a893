package bandit

import (
	"errors"
	"math/rand/v2"
)

// ErrNoPosition is returned by Mutate when the instance holds no position
// where the construct can go: none of its kind and result sort, or all of
// them already are the construct (a no-op). The loops then ban the arm for
// this step and select again (docs/bandit.md, open point 6).
var ErrNoPosition = errors.New("no position for the construct")

// positions returns the nodes where construct c can be inserted.
func positions(in *Instance, c int) []*Node {
	g := in.Grammar
	con := &g.Constructs[c]
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		switch {
		case con.Kind == RoundingMode:
			if n.RM >= 0 && n.RM != c {
				out = append(out, n)
			}
		case n.C >= 0 && n.C != c:
			o := &g.Constructs[n.C]
			if o.Kind == con.Kind && o.Result == con.Result {
				out = append(out, n)
			}
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

// Mutate is the paper's grammar-preserving Mutate(I, δ) (§4.2): it returns a
// copy of in where one position γ holding a construct of c's kind and result
// sort, chosen uniformly, holds c instead. Arguments are kept left to right
// while their sorts fit; when c has fewer arguments the rightmost subtrees
// are dropped, when it has more new random subtrees are grown down to the
// assertion's depth limit, and a rounding mode is added (drawn at random) or
// dropped as c's signature requires. in is not changed.
func (gen *Generator) Mutate(r *rand.Rand, in *Instance, c int) (*Instance, error) {
	out := in.Clone()
	ps := positions(out, c)
	if len(ps) == 0 {
		return nil, ErrNoPosition
	}
	n := ps[r.IntN(len(ps))]
	con := &gen.G.Constructs[c]
	if con.Kind == RoundingMode {
		n.RM = c
		return out, nil
	}
	n.C = c
	if con.RM {
		if n.RM < 0 {
			n.RM = gen.rm(r)
		}
	} else {
		n.RM = -1
	}
	kids := make([]*Node, 0, len(con.Args))
	for i, s := range con.Args {
		if i < len(n.Kids) && n.Kids[i].Sort == s && (!con.literal(i) || n.Kids[i].C < 0 && n.Kids[i].Leaf[0] != 'x' && (!con.nonZero(i) || !zeroLiteral(n.Kids[i].Leaf))) {
			kids = append(kids, n.Kids[i])
			continue
		}
		kids = append(kids, gen.arg(r, out, con, i, s, n.Level+1, n.Limit))
	}
	n.Kids = kids
	return out, nil
}

func zeroLiteral(s string) bool {
	for _, ch := range s {
		if ch >= '1' && ch <= '9' {
			return false
		}
	}
	return true
}
