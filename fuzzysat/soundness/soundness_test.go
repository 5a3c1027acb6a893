package soundness

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"tandem/internal/testutil"
	"tandem/solver"
)

// TestSoundnessAgainstZ3 is the differential soundness test of issue 22:
// generated queries, three kinds of seed each, every unsat answer
// checked by z3 and every sat assignment by the evaluator. It also checks
// that the run covered every shape and that each kind of proof answered.
// FUZZYSOUND_CASES sets the number of cases (default 1000).
func TestSoundnessAgainstZ3(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	n := 1000
	if testing.Short() {
		n = 300
	}
	if v, err := strconv.Atoi(os.Getenv("FUZZYSOUND_CASES")); err == nil && v > 0 {
		n = v
	}
	ctx := context.Background()
	p, err := solver.NewRegistry().Lookup("z3")
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChecker(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Opts.MaxEvals = 5000
	rng := rand.New(rand.NewPCG(22, 28))
	for id := range uint64(n) {
		if err := c.Check(ctx, id, Generate(RandChooser{rng}, 3)); err != nil {
			t.Fatal(err)
		}
	}
	st := &c.Stats
	var sb strings.Builder
	st.Write(&sb)
	t.Log(sb.String())
	if st.WrongSat+st.WrongUnsat+st.Errors > 0 {
		t.Fatalf("%d wrong sat, %d wrong unsat, %d errors", st.WrongSat, st.WrongUnsat, st.Errors)
	}
	// the run exercised what it checks
	for _, tag := range AllTags {
		if st.Tags[tag] == 0 {
			t.Errorf("no case of shape %s", tag)
		}
	}
	for _, ph := range []string{"pinned", "range", "byte-bf"} {
		n := 0
		for _, rs := range st.Runs {
			n += rs.UnsatBy[ph]
		}
		if n == 0 && !testing.Short() {
			t.Errorf("no unsat answer by %s", ph)
		}
	}
}
