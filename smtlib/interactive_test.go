package smtlib

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestInteractiveReaderAnswersEachCommandAtOnce feeds a reader through a
// pipe one command at a time: each Next must return before the next
// command is written (a reader that looked past the closing parenthesis
// would block here forever), errors are located and reading goes on, and
// exit does not wait for the end of the input.
func TestInteractiveReaderAnswersEachCommandAtOnce(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	r := NewReader("<stdin>", pr, Options{Interactive: true})
	send := func(s string) {
		go func() { io.WriteString(pw, s) }()
	}
	send("(declare-const x (_ BitVec 8))\n")
	c, err := r.Next()
	if err != nil || c.Kind != CmdDeclareConst || c.Text != "(declare-const x (_ BitVec 8))" {
		t.Fatalf("got %v %v", c, err)
	}
	send("(push 1)")
	if c, err = r.Next(); err != nil || c.Kind != CmdPush {
		t.Fatalf("got %v %v", c, err)
	}
	send("  (assert (bvadd x))")
	_, err = r.Next()
	var el ErrorList
	if !errors.As(err, &el) || len(el) != 1 || el[0].Pos.Line != 2 {
		t.Fatalf("want one located error on line 2, got %v", err)
	}
	send("(pop 2)")
	if _, err = r.Next(); err == nil || !strings.Contains(err.Error(), "only 1 push levels") {
		t.Fatalf("pop beyond the stack: got %v", err)
	}
	send("(assert (= x #x01))(frob 1 2)")
	if c, err = r.Next(); err != nil || c.Kind != CmdAssert {
		t.Fatalf("got %v %v", c, err)
	}
	if c, err = r.Next(); err != nil || c.Kind != CmdUnknown || c.Text != "(frob 1 2)" {
		t.Fatalf("got %v %v", c, err)
	}
	send("(pop 1)(assert (= x #x02))")
	if c, err = r.Next(); err != nil || c.Kind != CmdPop {
		t.Fatalf("got %v %v", c, err)
	}
	if c, err = r.Next(); err != nil || c.Kind != CmdAssert {
		t.Fatalf("x must still be declared after pop: got %v %v", c, err)
	}
	send("(exit)")
	if c, err = r.Next(); err != nil || c.Kind != CmdExit {
		t.Fatalf("got %v %v", c, err)
	}
	if _, err = r.Next(); err != io.EOF {
		t.Fatalf("after exit: %v", err)
	}
}
