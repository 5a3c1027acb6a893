package idrup_test

import (
	"context"
	"fmt"
	"strings"

	"tandem/idrup"
)

// Check a proof alone, then a wrong one: the lemma "2" does not follow by
// unit propagation from the clause "1 2".
func ExampleCheck() {
	good := "p idrup\ni 1 2 0\ni -1 0\nq 0\nl 2 0\ns SATISFIABLE\nm -1 2 0\n"
	bad := "p idrup\ni 1 2 0\nq 0\nl 2 0\ns SATISFIABLE\nm -1 2 0\n"
	for _, proof := range []string{good, bad} {
		st, err := idrup.Check(context.Background(), idrup.Source{},
			idrup.Source{Name: "proof.idrup", R: strings.NewReader(proof)}, idrup.Options{})
		fmt.Println(st.Lemmas, err)
	}
	// Output:
	// 1 <nil>
	// 1 proof.idrup:4: error: lemma implication check failed: l 2 0
}
