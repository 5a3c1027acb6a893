package bandit

import (
	"context"
	"math/rand/v2"
	"os/exec"
	"strings"
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
func TestZ3Accepts(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	_ = z3
	reg := solver.NewRegistry()
	p, _ := reg.Get("z3")
	for _, name := range GrammarNames {
		g, _ := LookupGrammar(name)
		gen := NewGenerator(g, GenOptions{})
		r := rand.New(rand.NewPCG(2, uint64(len(name))))
		for i := 0; i < 3; i++ {
			s := gen.Generate(r).Script(false)
			res, err := solver.Run(context.Background(), p, solver.BytesInput(s), solver.RunOptions{Limits: solver.Limits{Wall: time.Second}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Errors) > 0 {
				t.Errorf("%s: z3 error %q on\n%s", name, res.Errors[0], s)
			}
		}
	}
	_ = exec.Command
	_ = strings.Contains
}
