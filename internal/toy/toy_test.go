package toy

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
)

// A script that writes a negative numeral as -3 (a symbol in SMT-LIB) is
// rejected by cvc5 and accepted by z3: the z3toy judge reports an api-error
// for cvc5, and tandem/reduce shrinks the script to what shows it.
func TestZ3JudgeAndReduce(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	testutil.RequireBinary(t, "cvc5")
	cfg, _ := json.Marshal(Z3Options{Solvers: []string{"z3", "cvc5"}, Timeout: 5 * time.Second})
	z, err := NewZ3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	script := []byte(`(set-logic QF_LIA)
(declare-const x0 Int)
(declare-const x1 Int)
(declare-const x2 Int)
(assert (> (+ x0 x1) 3))
(assert (< (* 2 x2) (- x1 x0)))
(assert (distinct x0 -3))
(assert (>= x1 (mod x2 5)))
(check-sat)
`)
	ctx := context.Background()
	f, err := z.Reproduce(ctx, &campaign.Finding{Class: campaign.APIError}, script)
	if err != nil {
		t.Fatal(err)
	}
	if f == nil || !strings.HasPrefix(f.Solver, "cvc5") {
		t.Fatalf("no cvc5 api-error finding: %+v", f)
	}
	out, err := z.Reduce(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 60 || !strings.Contains(string(out), "-3") {
		t.Fatalf("reduced to %d of %d bytes:\n%s", len(out), len(script), out)
	}
	g, err := z.Reproduce(ctx, f, out)
	if err != nil || g == nil || campaign.Signature(Z3Name, g) != campaign.Signature(Z3Name, f) {
		t.Fatalf("the reduced script does not reproduce: %+v, %v", g, err)
	}
	t.Logf("reduced %d → %d bytes:\n%s", len(script), len(out), out)
}

// The toy's iterations depend on the iteration seed alone.
func TestFakeDeterministic(t *testing.T) {
	f, _ := NewFake([]byte(`{"rate":0.5}`))
	for i := uint64(0); i < 50; i++ {
		a, _, _ := f.Iterate(context.Background(), campaign.NewIteration(9, i))
		b, _, _ := f.Iterate(context.Background(), campaign.NewIteration(9, i))
		if len(a) != len(b) {
			t.Fatalf("iteration %d: %d then %d findings", i, len(a), len(b))
		}
		for k := range a {
			if a[k].Message != b[k].Message || string(a[k].Trigger) != string(b[k].Trigger) {
				t.Fatalf("iteration %d differs between runs", i)
			}
		}
	}
}

// The z3toy scripts of a seed never change, so a campaign started by an
// older tandem resumes and replays the same scripts. The hash was taken
// with the first (fmt-based) generator; the faster one writes the same
// bytes from the same random draws.
func TestZ3ScriptsUnchanged(t *testing.T) {
	h := sha256.New()
	for _, logic := range []string{"", "QF_BV", "QF_LIA"} {
		for _, size := range [][2]int{{0, 0}, {1, 1}, {7, 10}} {
			cfg, _ := json.Marshal(Z3Options{Logic: logic, Vars: size[0], Asserts: size[1]})
			z, err := NewZ3(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := uint64(0); i < 3000; i++ {
				it := campaign.NewIteration(7, i)
				h.Write(z.Script(it.Rand))
				h.Write([]byte{byte(it.Rand.IntN(256))}) // and the generator's state after it
			}
		}
	}
	const want = "5452e9c0ab46eeea6eab586e54fd9b8ec565a7e893e0d4511b58aa992614bca4"
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != want {
		t.Errorf("scripts hash to %s, want %s", got, want)
	}
}
