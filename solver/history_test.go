package solver

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestSessionHistory checks that a session's history is every command its
// process read, in order, that it outlives the process's crash (so a
// finding can replay it), and that a restart begins a new one.
func TestSessionHistory(t *testing.T) {
	ctx := context.Background()
	s, err := StartSession(ctx, fakeProfile("interactive"), SessionOptions{CallTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.History(); !ok {
		t.Fatal("no history after the start")
	}
	ok := mustOK(t)
	ok(s.Exec(ctx, "(declare-const x Int)"))
	if ex, err := s.Fresh(ctx, "(declare-const y Int)", "(check-sat)"); err != nil || ex.Failed() {
		t.Fatalf("fresh exchange: %+v, %v", ex, err)
	}
	ex, err := s.Isolated(ctx, "(assert crash)", "(check-sat)")
	if err != nil || ex.Failure.Status != StatusCrash {
		t.Fatalf("crashing exchange: %+v, %v", ex, err)
	}
	h, found := s.History()
	want := []string{"(set-option :print-success true)", "(declare-const x Int)", "(reset)", "(declare-const y Int)",
		"(push 1)", "(assert crash)", "(check-sat)"}
	if !found || !inOrder(string(h), want) {
		t.Fatalf("history after the crash:\n%s\nwant in order %q", h, want)
	}
	if ex, err := s.Isolated(ctx, "(check-sat)"); err != nil || ex.Failed() || !ex.Restarted {
		t.Fatalf("exchange after the crash: %+v, %v", ex, err)
	}
	h, _ = s.History()
	if strings.Contains(string(h), "crash") || !strings.HasPrefix(string(h), "(set-option :print-success true)") {
		t.Fatalf("history of the restarted process:\n%s", h)
	}
}

// TestHistoryBound checks that a history past MaxHistory is dropped whole
// rather than kept cut (a cut history would replay a different session).
func TestHistoryBound(t *testing.T) {
	var h history
	h.add([]byte("(check-sat)\n"))
	h.add(make([]byte, MaxHistory))
	h.add([]byte("(get-model)\n"))
	if !h.over || h.b != nil {
		t.Fatalf("history over the bound kept %d bytes (over %v)", len(h.b), h.over)
	}
}

func inOrder(s string, parts []string) bool {
	for _, p := range parts {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}
