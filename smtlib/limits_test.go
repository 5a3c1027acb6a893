package smtlib

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// endless is an input that never ends (as /dev/zero or a runaway
// generator): it repeats a valid command.
type endless struct{ s string }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], e.s)
	}
	return n, nil
}

// TestEndlessScriptStops: a script stream larger than MaxBytes ends with
// a TooLargeError naming the input, not with memory exhaustion (issue 28
// item 7); the same for Check and for ReadFile of a model.
func TestEndlessScriptStops(t *testing.T) {
	opts := Options{MaxBytes: 1 << 20}
	_, err := ParseReader("stdin", endless{"(push 1)(pop 1)"}, opts)
	var tl *TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), "stdin: the script is larger than 1 MiB") {
		t.Fatalf("ParseReader: got %v", err)
	}
	if _, _, err := Check("stdin", endless{"(push 1)"}, opts); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Check: got %v", err)
	}
	// A script of exactly the limit is fine.
	src := strings.Repeat("(push 1)", 1<<17)
	if _, err := ParseReader("exact", strings.NewReader(src), opts); err != nil {
		t.Fatalf("a script of exactly the limit: %v", err)
	}
	if _, err := ReadFile("/dev/zero", "model", 1<<20); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "/dev/zero: the model is larger than 1 MiB") {
		t.Fatalf("ReadFile(/dev/zero): got %v", err)
	}
	p := filepath.Join(t.TempDir(), "m.smt2")
	if err := os.WriteFile(p, []byte("()"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(p, "model", 2); err != nil || string(b) != "()" {
		t.Fatalf("ReadFile of a file at the limit: %q, %v", b, err)
	}
	var _ io.Reader = endless{}
}

// TestHostileScripts: inputs that already pass keep passing: an empty
// file, garbage bytes, 10^6 nested parentheses (deeper than MaxDepth:
// a located error, no stack exhaustion), an unterminated string.
func TestHostileScripts(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"empty", "", ""},
		{"garbage", "\x00\xff\xfe garbage )))(((", "unexpected"},
		{"10^6 nested parens", "(assert " + strings.Repeat("(", 1000000) + strings.Repeat(")", 1000000), "expected an operator"},
		{"10^6 nested parens, unclosed", strings.Repeat("(", 1000000), "expected a command name"},
		{"10^6 nested terms", "(assert " + strings.Repeat("(not ", 1000000) + "true" + strings.Repeat(")", 1000001), "parentheses nested deeper than 100000"},
		{"unterminated string", `(assert (= "abc`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseReader("h.smt2", strings.NewReader(c.src))
			if c.want == "" {
				if c.name == "empty" && err != nil {
					t.Fatalf("empty script: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "h.smt2:") {
				t.Fatalf("got %v, want a located error saying %q", err, c.want)
			}
		})
	}
}
