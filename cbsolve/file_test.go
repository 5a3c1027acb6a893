package cbsolve

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/internal/testutil"
)

// SolveFile on the README's example: the closed box f is the C function
// of examples/cb/mul.c, opened through a --cb spec; the verdict, model,
// JSON and statistics writers say what `tandem solve` prints. Time limits
// that are not positive are refused before anything runs.
func TestSolveFile(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	testutil.RequireBinary(t, "z3")
	root := testutil.RepoRoot()
	path := filepath.Join(root, "examples", "cb", "motivating.smt2")
	o := FileOptions{Options: Options{Timeout: 60 * time.Second, FuzzEvals: 100000},
		Boxes: []string{"f=" + filepath.Join(root, "examples", "cb", "mul.c")}, CallTimeout: time.Second}
	sc, res, err := SolveFile(context.Background(), path, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Sat {
		t.Fatalf("status %s (%s), want sat", res.Status, res.Reason)
	}
	var text, js, stats bytes.Buffer
	res.WriteText(&text, sc)
	if !strings.HasPrefix(text.String(), "sat\n(") || !strings.Contains(text.String(), "(define-fun x () (_ BitVec 32)") {
		t.Errorf("text:\n%s", text.String())
	}
	if err := res.WriteJSON(&js, sc); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || doc["file"] != path || doc["model"] == nil {
		t.Errorf("JSON %v:\n%s", err, js.String())
	}
	res.Stats.Write(&stats)
	if !strings.HasPrefix(stats.String(), "mode                 cdfl\n") || !strings.Contains(stats.String(), "closed-box calls") {
		t.Errorf("statistics:\n%s", stats.String())
	}
	o.CallTimeout = 0
	if _, _, err := SolveFile(context.Background(), path, o); err == nil || !strings.Contains(err.Error(), "must be positive") {
		t.Errorf("zero --cb-timeout: %v", err)
	}
}
