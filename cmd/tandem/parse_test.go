package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestParsePrintErrorsToStderr: with --print, standard output is the
// script, so errors go to standard error (issue 23 item 4); a file with a
// redeclaration after (exit) is accepted and printed whole (item 2).
func TestParsePrintErrorsToStderr(t *testing.T) {
	dir := t.TempDir()
	tandem := reduceBuild(t, dir, "tandem", "tandem/cmd/tandem")
	bad := filepath.Join(dir, "bad.smt2")
	good := filepath.Join(dir, "good.smt2")
	if err := os.WriteFile(bad, []byte("(declare-const x Int)\n(assert (+ x true))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, []byte("(declare-const x Int)\n(exit)\n(declare-const x Int)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(tandem, "parse", "--print", good, bad)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err == nil {
		t.Fatal("parse --print of a bad file exited 0")
	}
	if want := "(declare-const x Int)\n(exit)\n(declare-const x Int)\n"; stdout.String() != want {
		t.Errorf("stdout %q, want only the good script %q", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "bad.smt2:2:9: + argument 2 must be Int or Real") {
		t.Errorf("stderr %q lacks the located error", stderr.String())
	}
}
