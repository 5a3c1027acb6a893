package solver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The text of a result (`tandem run`): one "key value" line per field,
// multi-line responses indented under their key, the command and the
// output only when verbose.
func TestResultWriteText(t *testing.T) {
	r := &Result{Status: StatusSat, Answers: []Status{StatusSat, StatusUnsat}, Wall: 1500 * time.Millisecond,
		RawResponses: []string{"(\n(define-fun x () Int 1)\n)"}, Argv: []string{"z3", "-in"}, Stdout: []byte("sat\n")}
	var b bytes.Buffer
	r.WriteText(&b, false)
	for _, want := range []string{"status     sat\n", "answers    sat unsat\n", "exit       0\n",
		"response   (\n           (define-fun x () Int 1)\n           )\n", "wall       1.500s\n", "peak rss   "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "command") {
		t.Errorf("not verbose, but the command is shown:\n%s", b.String())
	}
	b.Reset()
	r.WriteText(&b, true)
	if !strings.Contains(b.String(), "command    z3 -in\n--- stdout\nsat\n--- stderr\n") {
		t.Errorf("verbose text:\n%s", b.String())
	}
}

// InputFrom reads "-" from the given reader and checks that a file
// exists; LookupSpec finds a built-in profile with its options.
func TestInputFromAndLookupSpec(t *testing.T) {
	in, err := InputFrom("-", strings.NewReader("(check-sat)\n"))
	if err != nil || string(in.Data) != "(check-sat)\n" {
		t.Errorf("InputFrom(-) = %+v, %v", in, err)
	}
	p := filepath.Join(t.TempDir(), "q.smt2")
	if _, err := InputFrom(p, nil); err == nil {
		t.Error("InputFrom of a missing file succeeded")
	}
	os.WriteFile(p, []byte("(check-sat)\n"), 0o644)
	if in, err := InputFrom(p, nil); err != nil || in.Path != p {
		t.Errorf("InputFrom(%s) = %+v, %v", p, in, err)
	}
	t.Setenv("TANDEM_SOLVERS", "")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	if prof, err := LookupSpec("", "z3 smt.arith.solver=2"); err != nil || prof.Name != "z3" {
		t.Errorf("LookupSpec(z3 …) = %v, %v", prof, err)
	}
	if _, err := LookupSpec("", "no-such-solver"); err == nil {
		t.Error("LookupSpec of an unknown profile succeeded")
	}
}

// WriteInstalled lists found binaries, and the others only with all.
func TestWriteInstalled(t *testing.T) {
	reg := NewRegistry()
	z3, _ := reg.Get("z3")
	cvc5, _ := reg.Get("cvc5")
	list := []Installed{{Profile: z3, Path: "/usr/bin/z3", Version: "4.8.12"}, {Profile: cvc5, Version: "not found"}}
	var b bytes.Buffer
	if n, err := WriteInstalled(&b, list, false); err != nil || n != 1 || strings.Contains(b.String(), "cvc5") ||
		!strings.Contains(b.String(), "/usr/bin/z3") || !strings.HasPrefix(b.String(), "NAME ") {
		t.Errorf("WriteInstalled = %d, %v:\n%s", n, err, b.String())
	}
	b.Reset()
	if n, _ := WriteInstalled(&b, list, true); n != 1 || !strings.Contains(b.String(), "not found") {
		t.Errorf("WriteInstalled(all):\n%s", b.String())
	}
}
