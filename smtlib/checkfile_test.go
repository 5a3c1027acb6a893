package smtlib

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CheckFile checks a file as Check does; ErrorText prints located errors
// one per line and any other error after the file's name; ReadAll stops
// at its limit with a *TooLargeError.
func TestCheckFileErrorTextReadAll(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.smt2")
	bad := filepath.Join(dir, "bad.smt2")
	// Check keeps only the terms of definitions: the store holds one's body.
	os.WriteFile(good, []byte("(declare-const x Int)\n(define-fun one () Int 1)\n(assert (> x one))\n"), 0o644)
	os.WriteFile(bad, []byte("(declare-const x Int)\n(assert (+ x true))\n(assert y)\n"), 0o644)
	if n, st, err := CheckFile(good); err != nil || n != 3 || st.NumTerms() == 0 {
		t.Errorf("CheckFile(good) = %d, %v", n, err)
	}
	_, _, err := CheckFile(bad)
	text := ErrorText(bad, err)
	if lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], bad+":2:9: ") ||
		!strings.HasPrefix(lines[1], bad+":3:9: ") {
		t.Errorf("ErrorText of located errors:\n%s", text)
	}
	missing := filepath.Join(dir, "missing")
	_, _, err = CheckFile(missing)
	if text := ErrorText(missing, err); !strings.HasPrefix(text, missing+": open ") || !strings.HasSuffix(text, "\n") {
		t.Errorf("ErrorText of an I/O error: %q", text)
	}
	if b, err := ReadAll(strings.NewReader("12345"), "standard input", "script", 5); err != nil || string(b) != "12345" {
		t.Errorf("ReadAll at the limit: %q, %v", b, err)
	}
	_, err = ReadAll(strings.NewReader("123456"), "standard input", "script", 5)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Name != "standard input" || !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadAll over the limit: %v", err)
	}
}
