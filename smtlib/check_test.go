package smtlib

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckForgetsCommandTerms: Check rolls back the terms of each command
// that defines nothing, so a long stream of assertions leaves the store as
// small as one assertion, while definitions (define-fun, :named) stay
// usable by later commands, and errors are those ParseReader reports.
func TestCheckForgetsCommandTerms(t *testing.T) {
	var b strings.Builder
	b.WriteString("(declare-const x (_ BitVec 32))\n(define-fun f ((y (_ BitVec 32))) Bool (bvult y #x00000010))\n")
	b.WriteString("(assert (! (= x #x00000001) :named n1))\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "(assert (or n1 (f (bvadd x #x%08x))))\n", i)
	}
	b.WriteString("(assert (bvult x 1))\n(assert (f x))\n")
	src := b.String()
	n, st, err := Check("s.smt2", strings.NewReader(src))
	if err == nil || !strings.Contains(err.Error(), "s.smt2:2004:") {
		t.Fatalf("want the error of line 2004, got %v", err)
	}
	_, perr := ParseReader("s.smt2", strings.NewReader(src))
	if err.Error() != perr.Error() {
		t.Errorf("Check: %v\nParseReader: %v", err, perr)
	}
	if n != 2004 { // the bad one is not counted
		t.Errorf("%d commands, want 2004", n)
	}
	if st.NumTerms() > 40 {
		t.Errorf("the store kept %d terms after 2000 assertions", st.NumTerms())
	}
}
