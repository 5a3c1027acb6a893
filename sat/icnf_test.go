package sat_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
)

// guardedPigeonhole returns an iCNF script of PHP(p, p-1) whose
// at-most-one clauses are guarded by one selector, with three queries: the
// selector off (answered at once), on (hard), off.
func guardedPigeonhole(p int) string {
	sc := satgen.SelectorPigeonhole(p, 1, 0)
	sel := sc.Vars
	for _, a := range []int{-sel, sel, -sel} {
		sc.Steps = append(sc.Steps, satgen.Step{Query: true, Lits: []int{a}})
	}
	var b strings.Builder
	sc.WriteICNF(&b)
	return b.String()
}

// cancelOnAnswer cancels a context as soon as an answer reaches it: the
// answer must be written out before the next query runs.
type cancelOnAnswer struct {
	bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelOnAnswer) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte("\ns ")) {
		w.cancel()
	}
	return w.Buffer.Write(p)
}

// Issue 29: RunICNF held its output until the end of the script, so a run
// stopped by timeout(1) left an empty file. Each answer is now flushed with
// the proof, and a stopped run returns what is complete, which checks.
func TestRunICNFFlushesEachAnswer(t *testing.T) {
	script := guardedPigeonhole(12)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelOnAnswer{cancel: cancel}
	var proof bytes.Buffer
	s := sat.New(nil)
	s.SetProof(&proof)
	st, err := sat.RunICNF(ctx, s, strings.NewReader(script), "php.icnf", out, false)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Stopped || st.Queries != 1 || st.Sat != 1 {
		t.Fatalf("stats %+v; want stopped after the first (satisfiable) query", st)
	}
	if !strings.Contains(out.String(), "s SATISFIABLE\nm ") {
		t.Fatalf("the first answer was not written out:\n%s", out.String())
	}
	if proof.Len() == 0 || !strings.Contains(proof.String(), "s SATISFIABLE") {
		t.Fatalf("the proof was not flushed with the answer:\n%s", proof.String())
	}
	if _, err := idrup.Check(context.Background(), idrup.Source{Name: "out.icnf", R: &out.Buffer},
		idrup.Source{Name: "proof.idrup", R: &proof}, idrup.Options{}); err != nil {
		t.Fatalf("the output of a stopped run does not check: %v", err)
	}
}
