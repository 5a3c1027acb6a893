package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C reaches check-model's solver through cmd.Context() (issue 24
// item 2: it ran under context.Background(), so SIGINT left the solver
// running to its --timeout). The fake solver sleeps far beyond the
// test's life; after SIGINT, tandem must stop it and exit on its own.
func TestCheckModelStopsOnSIGINT(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := campaignBinary(t)
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	fake := filepath.Join(dir, "slow-solver")
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'slow 1.0'; exit 0; fi\ntouch " + started + "\nexec sleep 600\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	profiles := filepath.Join(dir, "solvers.toml")
	if err := os.WriteFile(profiles, []byte("[solver.slow]\nbinary = \""+fake+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := filepath.Join(dir, "q.smt2")
	if err := os.WriteFile(q, []byte("(declare-const x Int)\n(assert (> x 1))\n(check-sat)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check-model", q, "--solver", "slow", "--profiles", profiles, "--timeout", "10m")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFile(t, cmd, started, "the solver did not start", &stderr)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-done:
		if exitCode(err) == 0 || exitCode(err) == 130 {
			t.Errorf("check-model after SIGINT: exit %d, want a failed run (not 0, and not the second signal's 130)\n%s", exitCode(err), stderr.String())
		}
	case <-time.After(2 * time.Minute): // a safety net, not a timing assertion
		cmd.Process.Kill()
		<-done
		t.Fatalf("check-model still runs 2 minutes after SIGINT (its solver has a 10-minute limit)")
	}
	if strings.Count(stderr.String(), "tandem:") > 1 {
		t.Errorf("more than one error line:\n%s", stderr.String())
	}
}
