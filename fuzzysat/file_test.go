package fuzzysat

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/internal/testutil"
)

// SolveFile, as `tandem fuzzysat` runs it: queries in file order on two
// workers, each solution written as a patched seed (k!i convention) or as
// a model (general convention, seed from a model file), and the text and
// JSON reports.
func TestSolveFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return testutil.WriteFile(t, dir, name, text) }
	kq := write("k.smt2", `(declare-const k!0 (_ BitVec 8)) (declare-const k!1 (_ BitVec 8))
(assert (= (concat k!0 k!1) #xbeef))
(assert (and (= k!1 #x01) (= k!0 #x02)))
(assert (= k!0 #x07))`)
	out := filepath.Join(dir, "out")
	o := FileOptions{Options: Options{MaxEvals: 100000}, Jobs: 2, OutDir: out}
	res, err := SolveFile(context.Background(), kq, []byte{0, 0}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 3 || !res.AllSat() {
		t.Fatalf("results %+v, want 3 sat answers", res.Results)
	}
	for i, want := range [][]byte{{0xbe, 0xef}, {0x02, 0x01}, {0x07, 0}} {
		r := res.Results[i]
		if r.Output != filepath.Join(out, "k-"+string(rune('1'+i))+".bin") {
			t.Fatalf("query %d written to %q", i+1, r.Output)
		}
		got, _ := os.ReadFile(r.Output)
		if !bytes.Equal(got, want) {
			t.Errorf("query %d: solution %x, want %x", i+1, got, want)
		}
	}
	var text, js bytes.Buffer
	if err := res.WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(text.String()), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], kq+"#1: sat (") {
		t.Errorf("text report:\n%s", text.String())
	}
	if err := res.WriteJSON(&js, true); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Results []Outcome       `json:"results"`
		Stats   json.RawMessage `json:"stats"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || len(doc.Results) != 3 || doc.Results[1].Status != "sat" || len(doc.Stats) == 0 {
		t.Errorf("JSON report %v:\n%s", err, js.String())
	}

	// The general convention: any constants, the seed as a model.
	gq := write("g.smt2", "(declare-const x (_ BitVec 16)) (declare-const b Bool)\n(assert (= x #x1234))")
	model := write("seed.smt2", "(model (define-fun x () (_ BitVec 16) #x0000) (define-fun b () Bool false))")
	res, err = SolveFile(context.Background(), gq, nil, FileOptions{Options: Options{MaxEvals: 100000}, SeedModel: model, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if !res.AllSat() {
		t.Fatalf("general convention: %+v", res.Results)
	}
	got, _ := os.ReadFile(res.Results[0].Output)
	if !strings.HasSuffix(res.Results[0].Output, "g-1.model.smt2") || !strings.Contains(string(got), "#x1234") {
		t.Errorf("model solution %s:\n%s", res.Results[0].Output, got)
	}

	empty := write("empty.smt2", "")
	if _, err := SolveFile(context.Background(), empty, []byte{}, FileOptions{}); err == nil || !strings.Contains(err.Error(), "no assert") {
		t.Errorf("empty file: %v", err)
	}
	if _, err := SolveFile(context.Background(), gq, nil, FileOptions{SeedModel: filepath.Join(dir, "missing")}); err == nil || !strings.Contains(err.Error(), "seed model") {
		t.Errorf("missing seed model: %v", err)
	}
	if b, err := ParseBranch("last"); err != nil || b != BranchLast {
		t.Errorf("ParseBranch(last) = %v, %v", b, err)
	}
	if _, err := ParseBranch("middle"); err == nil {
		t.Error("ParseBranch(middle) succeeded")
	}
}
