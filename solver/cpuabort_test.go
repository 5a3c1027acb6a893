package solver_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tandem/solver"
)

// TestCPULimitAbortIsTimeout: cvc5 1.0.3 answers RLIMIT_CPU's SIGXCPU with
// "cvc5 interrupted by timeout." and SIGABRT; a solver that aborts or is
// killed once its CPU limit is used up ran out of time, and is a timeout,
// not a crash (a crash there was a false bug report in BanditFuzz's runs).
// A fault signal stays a crash however late it comes.
func TestCPULimitAbortIsTimeout(t *testing.T) {
	for _, c := range []struct {
		signal string
		want   solver.Status
	}{{"ABRT", solver.StatusTimeout}, {"SEGV", solver.StatusCrash}} {
		path := filepath.Join(t.TempDir(), "aborter")
		script := "#!/bin/sh\ntrap 'echo \"fake interrupted by timeout.\" >&2; kill -" + c.signal + " $$' XCPU\nwhile :; do :; done\n"
		if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		p := solver.Command("aborter", path)
		res, err := solver.Run(context.Background(), p, solver.BytesInput([]byte("(check-sat)\n")), solver.RunOptions{Limits: solver.Limits{Wall: time.Minute, CPU: time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != c.want {
			t.Errorf("SIG%s: status %v (%s), signal %s after %v of CPU; want %v", c.signal, res.Status, res.Reason, res.Signal, res.CPU(), c.want)
		}
	}
}
