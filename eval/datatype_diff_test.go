package eval_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"tandem/eval"
	"tandem/internal/evaltest"
	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

// TestDifferentialDatatypes compares the interpreter with z3 and cvc5 on
// random ground terms over datatypes (issue 23): constructors, testers,
// selectors, match with constructor, nullary and variable patterns, and
// (_ update s), over an enumeration, a list, a tree and parametric Opt
// and P. For each term whose value tandem defines, the solver is asked
// whether (distinct t value) is satisfiable: unsat is agreement. z3 4.8.12
// does not parse (_ update s), so it gets the terms without updates (with
// parametric constructors qualified by as, which it needs); cvc5 1.0.3
// gets everything. z3 also gets no testers on parametric datatypes (a
// z3 4.8.12 bug, see [evaltest.DTGen]).
func TestDifferentialDatatypes(t *testing.T) {
	total := 2000
	if testing.Short() {
		total = 300
	}
	for _, c := range []struct {
		solver  string
		args    []string
		updates bool
		qualify bool
	}{
		{"z3", []string{"-in", "-smt2"}, false, true},
		{"cvc5", []string{"--incremental", "--lang=smt2"}, true, false},
	} {
		bin := testutil.RequireBinary(t, c.solver)
		st := smt.NewStore()
		g, err := evaltest.NewDTGen(st, rand.New(rand.NewPCG(23, 5)), 5, c.updates, true)
		if err != nil {
			t.Fatal(err)
		}
		g.NoParametricTesters = c.solver == "z3"
		ev := eval.New(nil)
		var terms, vals []*smt.Term
		undefined := 0
		for len(terms)+undefined < total {
			x := g.Term(g.Sort(), 1+rand.N(5))
			v, err := ev.Eval(x)
			if err != nil {
				t.Fatalf("tandem cannot evaluate %s: %v", x, err)
			}
			if _, ok := v.(smt.Undefined); ok {
				undefined++
				continue
			}
			vt, err := st.ValueTerm(v)
			if err != nil {
				t.Fatalf("value %s of %s: %v", v, x, err)
			}
			terms, vals = append(terms, x), append(vals, vt)
		}
		answers, errs, err := evaltest.DistinctAnswers(context.Background(), bin, c.args, evaltest.DatatypePrelude, terms, vals, c.qualify, time.Minute)
		if err != nil {
			t.Fatalf("%s: %v", c.solver, err)
		}
		var kinds [4]int
		for _, x := range terms {
			for i, has := range constructs(x) {
				if has {
					kinds[i]++
				}
			}
		}
		agree, rejected, shown := 0, 0, 0
		for i, a := range answers {
			switch {
			case errs[i] != nil:
				rejected++
				if shown < 5 {
					shown++
					t.Errorf("%s rejected %s: %v", c.solver, terms[i], errs[i])
				}
			case a == "unsat":
				agree++
			default:
				if shown < 5 {
					shown++
					t.Errorf("%s: %s\n  tandem %s\n  %s says (distinct term value) is %s", c.solver, terms[i], vals[i], c.solver, a)
				}
			}
		}
		t.Logf("%s: %d terms, %d undefined for tandem (not compared), %d compared (with match %d, update %d, tester %d, selector %d), %d agree, %d rejected",
			c.solver, len(terms)+undefined, undefined, len(terms), kinds[0], kinds[1], kinds[2], kinds[3], agree, rejected)
		if agree != len(terms) {
			t.Errorf("%s: %d disagreements or rejections", c.solver, len(terms)-agree)
		}
	}
}

// constructs says whether x has a match, an update, a tester and a
// selector.
func constructs(x *smt.Term) (has [4]bool) {
	seen := map[*smt.Term]bool{}
	var walk func(*smt.Term)
	walk = func(t *smt.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Kind() == smt.MatchTerm {
			has[0] = true
		}
		if f := t.Func(); f != nil {
			switch f.Kind {
			case smt.FuncUpdater:
				has[1] = true
			case smt.FuncTester:
				has[2] = true
			case smt.FuncSelector:
				has[3] = true
			}
		}
		for _, a := range t.Args() {
			walk(a)
		}
	}
	walk(x)
	return has
}

// FuzzDatatypeTerms checks, on datatype terms generated from the fuzzed
// seed, that match and update keep their meaning through every form the
// code base gives a term: printed and parsed back (byte for byte), expanded,
// and with match eliminated into testers and selectors (equal values, or
// both undefined).
func FuzzDatatypeTerms(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 23, 99} {
		f.Add(s, uint8(4))
	}
	f.Fuzz(func(t *testing.T, seed uint64, depth uint8) {
		st := smt.NewStore()
		g, err := evaltest.NewDTGen(st, rand.New(rand.NewPCG(seed, 1)), int(depth%6), true, true)
		if err != nil {
			t.Fatal(err)
		}
		x := g.Term(g.Sort(), int(depth%6))
		src := evaltest.DatatypePrelude + "(declare-const q Bool)\n(assert (= q (= " + x.String() + " " + x.String() + ")))\n"
		sc, err := smtlib.Parse("fuzz.smt2", []byte(src), smtlib.Options{Store: st})
		if err != nil {
			t.Fatalf("generated term does not parse back: %v\n%s", err, x)
		}
		back := sc.Assertions()[0].Arg(1).Arg(0)
		if back.String() != x.String() {
			t.Fatalf("printed %s, parsed back %s", x, back)
		}
		ex := smt.NewExpander(st)
		ex.EliminateMatch = true
		elim, err := ex.Expand(x)
		if err != nil {
			t.Fatal(err)
		}
		ev := eval.New(nil)
		v1, err1 := ev.Eval(x)
		v2, err2 := ev.Eval(elim)
		if err1 != nil || err2 != nil {
			t.Fatalf("eval: %v / %v", err1, err2)
		}
		_, u1 := v1.(smt.Undefined)
		_, u2 := v2.(smt.Undefined)
		// A match is exhaustive here, so eliminating it keeps the value.
		// Undefined means "depends on an unspecified value" and the
		// evaluator is strict where ite is lazy: a match whose matched
		// term has an undefined field is undefined, its ite form may not
		// be (then its value holds for every interpretation).
		if !u1 && !u2 && !smt.ValueEqual(v1, v2) || !u1 && u2 {
			t.Fatalf("%s = %s, with match eliminated %s = %s", x, v1, elim, v2)
		}
	})
}
