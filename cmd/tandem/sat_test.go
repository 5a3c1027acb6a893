package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/idrup"
	"tandem/internal/satgen"
)

// Issue 29: 'tandem sat X.icnf' held its stdout until exit, so under
// timeout(1) the output stayed empty although queries were answered. The
// first answer must reach stdout while the second (hard) query runs, and
// SIGTERM must stop the run with both files complete and checking.
func TestSatCLIAnswersBeforeExitAndStopsOnSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := campaignBinary(t)
	// PHP(13,12) with its at-most-one clauses under one selector: the
	// query with the selector off is answered at once, the one with it on
	// takes far beyond the test's life.
	sc := satgen.SelectorPigeonhole(13, 1, 0)
	sel := sc.Vars
	for _, a := range []int{-sel, sel, -sel} {
		sc.Steps = append(sc.Steps, satgen.Step{Query: true, Lits: []int{a}})
	}
	var b strings.Builder
	sc.WriteICNF(&b)
	script := filepath.Join(dir, "php.icnf")
	if err := os.WriteFile(script, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	proof := filepath.Join(dir, "run.idrup")
	out := filepath.Join(dir, "run.icnf")
	of, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer of.Close()
	cmd := exec.Command(bin, "sat", script, "--proof", proof)
	cmd.Stdout = of         // a file, as under 'timeout 10 tandem sat X.icnf > out'
	var stderr bytes.Buffer // read only after Wait has returned
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait (no time limit asserted, only a safety net) for the first answer
	// to reach the file while the process is still running.
	safety := time.Now().Add(2 * time.Minute)
	for {
		data, _ := os.ReadFile(out)
		if strings.Contains(string(data), "s SATISFIABLE\nm ") {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("tandem sat exited (%v) before its first answer reached stdout:\n%s", err, data)
		default:
		}
		if time.Now().After(safety) {
			cmd.Process.Kill()
			t.Fatalf("the first answer never reached stdout while the run went on:\n%s", data)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("tandem sat after SIGTERM: %v\n%s", err, stderr.String())
	}
	data, _ := os.ReadFile(out)
	if got := strings.Count(string(data), "\ns "); got != 2 || !strings.Contains(string(data), "s UNKNOWN\n") {
		t.Fatalf("want the satisfiable answer and UNKNOWN for the interrupted query, got:\n%s", data)
	}
	if !strings.Contains(stderr.String(), "stopped") {
		t.Errorf("stderr does not say the run stopped:\n%s", stderr.String())
	}
	if _, err := idrup.CheckFiles(context.Background(), out, proof, idrup.Options{}); err != nil {
		t.Fatalf("the output of the stopped run does not check against its proof: %v", err)
	}
}
