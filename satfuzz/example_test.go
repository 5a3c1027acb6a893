package satfuzz_test

import (
	"context"
	"fmt"

	"tandem/satfuzz"
	"tandem/satfuzz/trace"
)

// A trace replayed on tandem's sat with a planted bug that drops a failed
// assumption from each core: the check re-solves the core and finds it
// satisfiable.
func Example() {
	tr, _ := trace.Parse([]byte("1 init\n2 addClause -1 -2\n3 assuming 1 2\n4 failed\n"))
	for _, name := range []string{"tandem", "tandem-bug-core"} {
		tg, _ := satfuzz.NewTarget(name)
		res, _ := tg.Run(context.Background(), tr, satfuzz.Limits{})
		fmt.Println(name, res.Answers[2].Status)
		for _, p := range satfuzz.Check(context.Background(), tr, res) {
			fmt.Printf("  %s: %s\n", p.Class, p.Message)
		}
	}
	// Output:
	// tandem UNSATISFIABLE
	// tandem-bug-core UNSATISFIABLE
	//   soundness: the failed assumptions are satisfiable with the clauses
	//   crash: proof check: unsatisfiable core implication check failed
}
