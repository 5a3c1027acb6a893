package bandit_test

import (
	"fmt"
	"math/rand/v2"

	"tandem/bandit"
)

// Generate an FP instance, mutate it with the construct a Thompson-sampling
// agent selects, and reward the agent.
func Example() {
	g := bandit.FPGrammar(11, 53)
	gen := bandit.NewGenerator(g, bandit.GenOptions{Vars: 2, MinAsserts: 1, MaxAsserts: 1, MinDepth: 2, MaxDepth: 2})
	r := rand.New(rand.NewPCG(1, 2))
	in := gen.Generate(r)
	agent, _ := bandit.NewAgent("thompson", len(g.Constructs))
	arm := agent.Select(r, nil)
	if m, err := gen.Mutate(r, in, arm); err == nil {
		fmt.Println(len(m.Asserts), "assertion, mutated with an arm of", len(g.Constructs))
	} else {
		fmt.Println(len(in.Asserts), "assertion, mutated with an arm of", len(g.Constructs))
	}
	agent.Update(arm, 1) // the mutant was slower: α += 1
	fmt.Println(bandit.AgentRanking(g, agent)[0].Construct == g.Constructs[arm].Name)
	// Output:
	// 1 assertion, mutated with an arm of 27
	// true
}
