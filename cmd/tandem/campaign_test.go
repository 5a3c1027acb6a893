package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func campaignBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tandem")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// waitForFile waits until path exists while cmd runs; after a minute (a
// safety net, not a timing assertion) it kills cmd and fails the test with
// what (and cmd's stderr so far).
func waitForFile(t *testing.T, cmd *exec.Cmd, path, what string, stderr *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("%s within a minute; stderr:\n%s", what, stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// The campaign commands end to end: demo with the JSON event stream, a
// SIGINT stop and a resume, report (HTML and JSON) and replay.
func TestCampaignCLI(t *testing.T) {
	bin := campaignBinary(t)
	dir := filepath.Join(t.TempDir(), "c")

	// A stop by SIGINT commits what is done and prints the summary.
	cmd := exec.Command(bin, "campaign", "demo", dir, "-n", "3000", "--seed", "4", "--work", "4ms", "-j", "2", "--json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if c := exitCode(err); c != 0 && c != 10 {
			t.Fatalf("demo after SIGINT: exit %d\n%s", c, stderr.String())
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("demo did not stop within 20 s of SIGINT")
	}
	if !strings.Contains(stderr.String(), "stopping") || !strings.Contains(stderr.String(), "resume with") {
		t.Errorf("no stop message or summary:\n%s", stderr.String())
	}
	var last map[string]any
	kinds := map[string]int{}
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var e map[string]any
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("event stream line %q: %v", sc.Text(), err)
		}
		kinds[fmt.Sprint(e["event"])]++
		last = e
	}
	if kinds["start"] != 1 || kinds["summary"] != 1 || last["event"] != "summary" {
		t.Errorf("events: %v, last %v", kinds, last)
	}
	if s, _ := last["summary"].(map[string]any); s == nil || s["interrupted"] != true {
		t.Errorf("summary not marked interrupted: %v", last)
	}

	// Resume to the end of the budget.
	out, err := exec.Command(bin, "campaign", "resume", dir, "-q").CombinedOutput()
	if c := exitCode(err); c != 10 {
		t.Fatalf("resume: exit %d\n%s", c, out)
	}

	// Report, as JSON and HTML.
	out, err = exec.Command(bin, "report", dir, "--json").Output()
	if err != nil {
		t.Fatalf("report --json: %v", err)
	}
	var rep struct {
		Iterations int `json:"iterations"`
		Signatures []struct {
			FirstIteration int `json:"first_iteration"`
		} `json:"signatures"`
	}
	if err := json.Unmarshal(out, &rep); err != nil || rep.Iterations != 3000 || len(rep.Signatures) == 0 {
		t.Fatalf("report --json: %d iterations, %d signatures, %v", rep.Iterations, len(rep.Signatures), err)
	}
	if out, err := exec.Command(bin, "report", dir).CombinedOutput(); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if page, err := os.ReadFile(filepath.Join(dir, "report.html")); err != nil || !bytes.Contains(page, []byte("<svg")) {
		t.Errorf("report.html: %v", err)
	}

	// Replay the iteration that found the first bug.
	it := fmt.Sprint(rep.Signatures[0].FirstIteration)
	out, err = exec.Command(bin, "replay", dir, it).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "same findings as recorded") {
		t.Errorf("replay %s: %v\n%s", it, err, out)
	}

	// Usage errors say what to do.
	out, err = exec.Command(bin, "campaign", "demo", filepath.Join(t.TempDir(), "x")).CombinedOutput()
	if exitCode(err) == 0 || !strings.Contains(string(out), "budget") {
		t.Errorf("demo without a budget: %v\n%s", err, out)
	}
}
