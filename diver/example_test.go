package diver_test

import (
	"fmt"
	"math/rand/v2"

	"tandem/diver"
)

// A built-in seed has a known model; DIVER mutates it keeping that model.
func Example() {
	r := rand.New(rand.NewPCG(1, 1))
	script, model, err := diver.BuiltinSeed(r, "QF_LIA")
	fmt.Println(err == nil, len(script) > 0, len(model) > 0)
	// Output: true true true
}
