package smtserve

import (
	"context"
	"strings"
	"testing"

	"tandem/solver"
)

// TestUnsatCoreAfterFuzzingUnsat: fuzzing's unsat proofs are no SMT-LIB
// cores or proofs, so get-unsat-core, get-proof and get-unsat-assumptions
// after one re-ask the fallback the same query (once; the next get-* is
// relayed) and give its answer; without the option, or once the answer is
// not current, they are z3's errors (issue 27).
func TestUnsatCoreAfterFuzzingUnsat(t *testing.T) {
	fb := &fakeBackend{answer: solver.StatusUnsat}
	out, s := serve(t, fb, `(set-option :produce-unsat-cores true)
(set-option :produce-proofs true)
(declare-const x (_ BitVec 8))
(assert (! (= x #x01) :named a1))
(assert (! (= x #x02) :named a2))
(check-sat)
(get-unsat-core)
(get-proof)
(get-unsat-assumptions)
(assert (= x #x03))
(get-unsat-core)
`)
	want := []string{
		"unsat", "(from-fallback)", "(from-fallback)",
		`(error "line 9 column 1: unsat assumptions construction is not enabled, use command (set-option :produce-unsat-assumptions true)")`,
		`(error "line 11 column 1: unsat core is not available")`,
	}
	if got := lines(out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if st := s.Stats(); st.InProcessUnsat() != 1 || st.RoundTrips != 2 {
		t.Errorf("stats %+v", st)
	}
	sent := strings.Join(fb.sent, "\n")
	if !strings.Contains(sent, "(check-sat)\n(get-unsat-core)\n(get-proof)") {
		t.Errorf("the fallback was not re-asked the query:\n%s", sent)
	}
	out, _ = serve(t, nil, `(set-option :produce-unsat-cores true)
(declare-const x (_ BitVec 8))
(assert (= x #x01))
(assert (= x #x02))
(check-sat)
(get-unsat-core)
`)
	if got := lines(out); len(got) != 2 || got[0] != "unsat" || !strings.Contains(got[1], "--fallback z3") {
		t.Errorf("without a fallback: %q", got)
	}
}

// TestGetAfterEachAnswer: every get-* command after each kind of answer
// (fuzz-sat, fuzz-unsat, fallback-sat, fallback-unsat, unknown) with the
// options on: a model only after a current sat, a core only after a
// current unsat, errors otherwise.
func TestGetAfterEachAnswer(t *testing.T) {
	gets := "(get-model)\n(get-value (x))\n(get-assignment)\n(get-unsat-core)\n(get-proof)\n(get-unsat-assumptions)\n"
	const (
		ok  = "ok"
		bad = "error"
	)
	for _, c := range []struct {
		name, query string
		answer      solver.Status
		want        []string
	}{
		{"fuzz-sat", "(assert (= x #x01))(check-sat)", solver.StatusUnsat, []string{"sat", ok, ok, ok, bad, bad, bad}},
		{"fuzz-unsat", "(assert (= x #x01))(assert (= x #x02))(check-sat)", solver.StatusUnsat, []string{"unsat", bad, bad, bad, ok, ok, ok}},
		{"fallback-sat", "(declare-const i Int)(assert (> i 1))(check-sat)", solver.StatusSat, []string{"sat", ok, ok, ok, bad, bad, bad}},
		{"fallback-unsat", "(declare-const i Int)(assert (> i 1))(check-sat)", solver.StatusUnsat, []string{"unsat", bad, bad, bad, ok, ok, ok}},
		{"unknown", "(declare-const i Int)(assert (> i 1))(check-sat)", solver.StatusUnknown, []string{"unknown", bad, bad, bad, bad, bad, bad}},
		{"closed-box", "(declare-cb f ((_ BitVec 8)) (_ BitVec 8))(assert (= (f x) x))(check-sat)", solver.StatusSat, []string{"unknown", bad, bad, bad, bad, bad, bad}},
	} {
		t.Run(c.name, func(t *testing.T) {
			fb := &fakeBackend{answer: c.answer, model: "((define-fun i () Int 2) (define-fun x () (_ BitVec 8) #x00))"}
			out, _ := serve(t, fb, "(set-option :produce-unsat-cores true)(set-option :produce-proofs true)(set-option :produce-unsat-assumptions true)\n(declare-const x (_ BitVec 8))"+c.query+"\n"+gets)
			got, err := solver.Responses([]byte(out))
			if err != nil || len(got) < len(c.want) {
				t.Fatalf("got %q", got)
			}
			got = got[len(got)-len(c.want):]
			for i, w := range c.want {
				shape := ok
				if strings.HasPrefix(got[i], "(error") {
					shape = bad
				}
				if i == 0 {
					shape = got[0]
				}
				if shape != w {
					t.Errorf("response %d is %s, want %s: %q", i, got[i], w, got)
				}
			}
		})
	}
}

// TestResetAssertionsRestartsFallback: SMT-LIB 2.6 drops every declaration
// but the global ones on reset-assertions and z3 keeps them, so a fallback that
// was sent one is restarted and given only what outlives reset-assertions
// (options, logic, global declarations); one that was not is sent
// (reset-assertions), and unsent scoped commands are dropped.
func TestResetAssertionsRestartsFallback(t *testing.T) {
	var started []*fakeBackend
	o := Options{Fallback: func(context.Context) (Backend, error) {
		fb := &fakeBackend{answer: solver.StatusUnsat}
		started = append(started, fb)
		return fb, nil
	}}
	s, _ := New(o)
	var out strings.Builder
	if err := s.Serve(context.Background(), strings.NewReader(`(set-option :produce-unsat-cores true)
(set-logic ALL)
(set-option :global-declarations true)
(declare-const g Int)
(set-option :global-declarations false)
(declare-const i Int)
(assert (> i g))
(check-sat)
(reset-assertions)
(assert (> g 2))
(check-sat)
(push 1)
(declare-const j Int)
(assert (> j 2))
(reset-assertions)
(assert (> g 3))
(check-sat)
`), &out); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if got := lines(out.String()); strings.Join(got, " ") != "unsat unsat unsat" {
		t.Errorf("answers %q", got)
	}
	if len(started) != 2 || started[0].closed != 1 {
		t.Fatalf("%d fallbacks started, the first closed %d times", len(started), started[0].closed)
	}
	want := "(set-option :produce-unsat-cores true)\n(set-logic ALL)\n(set-option :global-declarations true)\n(declare-const g Int)\n(set-option :global-declarations false)\n" +
		"(assert (> g 2))\n(check-sat)\n(get-model)\n" +
		"(reset-assertions)\n(assert (> g 3))\n(check-sat)\n(get-model)"
	if got := strings.Join(started[1].sent, "\n"); got != want {
		t.Errorf("the restarted fallback was sent\n%s\nwant\n%s", got, want)
	}

	// a :named label is a declaration too
	started = nil
	s, _ = New(o)
	if err := s.Serve(context.Background(), strings.NewReader(`(set-option :global-declarations true)
(declare-const g Int)
(set-option :global-declarations false)
(assert (! (> g 1) :named n))
(check-sat)
(reset-assertions)
(assert (! (< g 1) :named n))
(check-sat)
`), &out); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if len(started) != 2 {
		t.Errorf("%d fallbacks started; a label sent to the fallback must restart it on reset-assertions", len(started))
	}
}

// TestGlobalDeclarationsFuzzed: constants declared under
// :global-declarations outlive pop and reset-assertions, and fuzzing
// searches them (with no fallback, so only fuzzing can answer); a push that
// holds a global declaration reaches the fallback with its pop.
func TestGlobalDeclarationsFuzzed(t *testing.T) {
	out, s := serve(t, nil, `(set-option :global-declarations true)
(push 1)
(declare-const g (_ BitVec 8))
(pop 1)
(assert (= (bvmul g #x03) #x15))
(check-sat)
(get-value (g))
(reset-assertions)
(assert (= g #x02))
(check-sat)
(get-model)
`, Options{Fuzz: fuzzOptions()})
	if got := strings.Join(strings.Fields(out), " "); got != "sat ((g #x07)) sat ( (define-fun g () (_ BitVec 8) #x02) )" {
		t.Errorf("got %q", got)
	}
	if st := s.Stats(); st.FuzzSat != 2 {
		t.Errorf("stats %+v", st)
	}
	fb := &fakeBackend{answer: solver.StatusSat, model: "((define-fun g () Int 2))"}
	out, _ = serve(t, fb, `(set-option :global-declarations true)
(push 1)
(declare-const g Int)
(pop 1)
(assert (> g 1))
(check-sat)
`)
	if out != "sat\n" || !strings.Contains(strings.Join(fb.sent, "\n"), "(push 1)\n(declare-const g Int)\n(pop 1)") {
		t.Errorf("got %q; sent %q", out, fb.sent)
	}
}
