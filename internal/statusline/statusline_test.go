package statusline

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// On a terminal the line is redrawn in place: a shorter line is padded
// over the longer one, a log line first clears the status line, and
// Clear leaves nothing behind. Tick prints at most once per interval.
func TestLineInPlace(t *testing.T) {
	var b bytes.Buffer
	l := &Line{w: &b, tty: true}
	l.Set("abcdef")
	l.Set("xy")
	l.Logf("log %d", 1)
	l.Set("z")
	l.Clear()
	want := "\rabcdef" + "\rxy    " + "\r  \r" + "log 1\n" + "\rz" + "\r \r"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	n := 0
	for range 3 {
		if l.Tick(func() string { n++; return "t" }, time.Hour, time.Hour) {
			continue
		}
	}
	if n != 1 {
		t.Errorf("Tick printed %d times within its interval, want 1", n)
	}
	var nilLine *Line
	nilLine.Set("x")
	nilLine.Logf("x")
	nilLine.Clear()
	New(nil, true).Set("nothing")
	s := New(&b, true)
	b.Reset()
	s.Logf("stamped")
	if !strings.HasSuffix(b.String(), " stamped\n") || len(b.String()) != len("15:04:05 stamped\n") {
		t.Errorf("stamped log line %q", b.String())
	}
}
