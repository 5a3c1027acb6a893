package sat_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"tandem/idrup"
	"tandem/sat"
	"tandem/sat/satgen"
)

// guardedPigeonhole writes an iCNF script whose clauses are PHP(p, p-1)
// guarded by the selector variable sel: the query -sel is answered at once,
// the query sel is hard.
func guardedPigeonhole(p int, queries ...string) string {
	vars, clauses := satgen.Pigeonhole(p, p-1)
	sel := vars + 1
	var b strings.Builder
	b.WriteString("p icnf\n")
	for _, c := range clauses {
		b.WriteString("i")
		for _, l := range c {
			fmt.Fprintf(&b, " %d", l)
		}
		fmt.Fprintf(&b, " %d 0\n", -sel)
	}
	for _, q := range queries {
		fmt.Fprintf(&b, "q %s 0\n", strings.ReplaceAll(q, "sel", fmt.Sprint(sel)))
	}
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
	script := guardedPigeonhole(12, "-sel", "sel", "-sel")
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
