package bandit

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smtlib"
	"tandem/solver"
)

// TestGenerateParses checks that every generated script of every grammar
// parses with tandem's type-checking front end (well-sortedness).
func TestGenerateParses(t *testing.T) {
	for _, name := range GrammarNames {
		g, err := LookupGrammar(name)
		if err != nil {
			t.Fatal(err)
		}
		gen := NewGenerator(g, GenOptions{})
		r := rand.New(rand.NewPCG(1, uint64(len(name))))
		for i := 0; i < 200; i++ {
			in := gen.Generate(r)
			s := in.Script(true)
			if _, err := smtlib.Parse("gen.smt2", s); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, s)
			}
			for c := range g.Constructs {
				m, err := gen.Mutate(r, in, c)
				if err != nil {
					continue
				}
				if _, err := smtlib.Parse("mut.smt2", m.Script(false)); err != nil {
					t.Fatalf("%s mutate %s: %v\n%s", name, g.Constructs[c].Name, err, m.Script(false))
				}
			}
		}
	}
}

// TestZ3Accepts runs z3 on generated scripts of every grammar: it must not
// answer with an error (a short timeout is fine).
// TestSolversAccept: z3 and cvc5 answer every grammar's queries without
// an error, and every grammar sets a logic of the SMT-LIB standard named
// like the grammar. A query a solver refuses scores no disagreement and no
// gap, so a grammar one of them refuses silently wastes a third of a bug
// run's calls: the nonlinear grammars once set "QF_LNA" (z3 took it,
// cvc5 refused every query), and cvc5 1.0.3 refuses re.range over
// anything but one-character literals.
func TestSolversAccept(t *testing.T) {
	logics := map[string]string{"fp": "QF_FP", "str": "QF_SLIA", "bv": "QF_BV", "lia": "QF_LIA", "nia": "QF_NIA", "lra": "QF_LRA", "nra": "QF_NRA"}
	reg := solver.NewRegistry()
	for _, sv := range []string{"z3", "cvc5"} {
		testutil.RequireBinary(t, sv)
		p, ok := reg.Get(sv)
		if !ok {
			t.Fatalf("no %s profile", sv)
		}
		for _, name := range GrammarNames {
			g, _ := LookupGrammar(name)
			if g.Name != name || g.Logic != logics[name] {
				t.Errorf("grammar %s: name %q, logic %q; want %q, %q", name, g.Name, g.Logic, name, logics[name])
			}
			gen := NewGenerator(g, GenOptions{})
			r := rand.New(rand.NewPCG(2, uint64(len(name))))
			for i := 0; i < 8; i++ {
				s := gen.Generate(r).Script(false)
				res, err := solver.Run(context.Background(), p, solver.BytesInput(s), solver.RunOptions{Limits: solver.Limits{CPU: time.Second, Wall: 10 * time.Second}})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Errors) > 0 {
					t.Errorf("%s: %s error %q on\n%s", name, sv, res.Errors[0], s)
				}
			}
		}
	}
}
