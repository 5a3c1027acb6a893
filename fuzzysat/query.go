package fuzzysat

import (
	"fmt"

	"tandem/smt"
	"tandem/smtlib"
)

// Query is one SOLVE query: the branch condition Goal (the paper's e, the
// negated branch a concolic executor wants to flip) and the path
// constraints Pi (π), which the seed satisfies when it drove the run.
type Query struct {
	Name   string
	Layout *Layout
	Goal   *smt.Term
	Pi     []*smt.Term
}

// BranchPos says which conjunct of an assertion is the branch condition.
type BranchPos int

const (
	// BranchFirst is the FUZZY-SAT convention: (and e π1 π2 …).
	BranchFirst BranchPos = iota
	// BranchLast reads (and π1 … πn e), the order of a path condition
	// that grows at its end (the SAGE corpus).
	BranchLast
)

// File is a parsed query file: its script, the byte layout of its
// variables and one Query per assert.
type File struct {
	Script  *smtlib.Script
	Layout  *Layout
	Queries []*Query
}

// LoadFile reads a query file. Each assert is one query; its top-level
// conjunction is split into the branch condition (at pos) and π. Literal
// true conjuncts carry nothing and are dropped first (SAGE writes
// (and true c1 … cn)). Lets and defined functions are inlined. When every
// declared constant is a FUZZY-SAT symbol k!i the layout is [KLayout]
// with seedSize bytes at least, otherwise [NewLayout] in declaration order.
func LoadFile(path string, pos BranchPos, seedSize int) (*File, error) {
	sc, err := smtlib.ParseFile(path)
	if err != nil {
		return nil, err
	}
	return FromScript(sc, pos, seedSize)
}

// FromScript is [LoadFile] on a parsed script.
func FromScript(sc *smtlib.Script, pos BranchPos, seedSize int) (*File, error) {
	var funcs []*smt.Func
	k := true
	for _, c := range sc.Commands {
		if c.Kind != smtlib.CmdDeclareFun && c.Kind != smtlib.CmdDeclareConst {
			continue
		}
		for _, f := range c.Funcs {
			if !f.IsConst() {
				return nil, fmt.Errorf("%s: %s takes arguments; fuzzysat reads constants only (use the search engine with a Callee for functions)", sc.Filename, f.Name)
			}
			if _, ok := KIndex(f); !ok {
				k = false
			}
			funcs = append(funcs, f)
		}
	}
	var l *Layout
	var err error
	if k && len(funcs) > 0 {
		l, err = KLayout(funcs, seedSize)
	} else {
		l, err = NewLayout(funcs)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Filename, err)
	}
	f := &File{Script: sc, Layout: l}
	ex := smt.NewExpander(sc.Store)
	for i, a := range sc.Assertions() {
		t, err := ex.Expand(a)
		if err != nil {
			return nil, fmt.Errorf("%s: assertion %d: %w", sc.Filename, i+1, err)
		}
		cs := Conjuncts(t)
		if len(cs) == 0 {
			cs = []*smt.Term{sc.Store.True()}
		}
		q := &Query{Name: fmt.Sprintf("%s#%d", sc.Filename, i+1), Layout: l}
		if pos == BranchLast {
			q.Goal, q.Pi = cs[len(cs)-1], cs[:len(cs)-1]
		} else {
			q.Goal, q.Pi = cs[0], cs[1:]
		}
		f.Queries = append(f.Queries, q)
	}
	return f, nil
}

// Conjuncts flattens nested top-level and's of t into their conjuncts,
// in order, dropping literal true.
func Conjuncts(t *smt.Term) []*smt.Term {
	var out []*smt.Term
	var walk func(*smt.Term)
	walk = func(t *smt.Term) {
		if t.Kind() == smt.App && t.Op() == smt.OpAnd {
			for _, a := range t.Args() {
				walk(a)
			}
			return
		}
		if t.Kind() == smt.App && t.Op() == smt.OpTrue {
			return
		}
		out = append(out, t)
	}
	walk(t)
	return out
}

// ReadSeed reads a seed file for a k!i layout.
func ReadSeed(path string) ([]byte, error) {
	b, err := smtlib.ReadFile(path, "seed", 0)
	if err != nil {
		return nil, fmt.Errorf("reading the seed: %w", err)
	}
	return b, nil
}
