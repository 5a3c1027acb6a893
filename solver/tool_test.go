package solver_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tandem/solver"
)

// TestTool: a helper program runs in the given directory, its output
// comes back with a failing exit as an error, and a limit stops it.
func TestTool(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	out, err := solver.Tool(ctx, dir, solver.Limits{Wall: time.Minute}, "sh", "-c", "pwd; echo oops >&2")
	if err != nil || !strings.Contains(string(out), dir) || !strings.Contains(string(out), "oops") {
		t.Fatalf("got %q, %v; want the directory and stderr", out, err)
	}
	out, err = solver.Tool(ctx, "", solver.Limits{Wall: time.Minute}, "sh", "-c", "echo half; exit 3")
	if err == nil || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(string(out), "half") {
		t.Fatalf("got %q, %v; want exit status 3 with the output", out, err)
	}
	// a child that would outlive the limit is killed with its parent
	if _, err = solver.Tool(ctx, "", solver.Limits{Wall: 300 * time.Millisecond}, "sh", "-c", "sleep 60 & wait"); err == nil {
		t.Fatal("a run past its wall limit gave no error")
	}
	if _, err = solver.Tool(ctx, "", solver.Limits{}); err == nil {
		t.Fatal("no program gave no error")
	}
}
