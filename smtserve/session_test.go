package smtserve

import (
	"context"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"

	"tandem/fuzzysat"
	"tandem/solver"
)

// fakeBackend is an in-process fallback: it records what it is sent and
// answers every check-sat with answer, every get-model with model.
type fakeBackend struct {
	sent   []string
	answer solver.Status
	model  string
	closed int
}

func (f *fakeBackend) Batch(_ context.Context, cmds ...string) ([]solver.Reply, error) {
	out := make([]solver.Reply, len(cmds))
	for i, c := range cmds {
		f.sent = append(f.sent, c)
		switch head(c) {
		case "check-sat", "check-sat-assuming":
			out[i] = solver.Reply{Kind: solver.RespAnswer, Status: f.answer}
		case "get-model":
			if f.answer != solver.StatusSat {
				out[i] = solver.Reply{Kind: solver.RespError, Status: solver.StatusError, Message: "model is not available"}
				continue
			}
			out[i] = solver.Reply{Kind: solver.RespOther, Raw: f.model}
		case "get-value", "get-assignment", "get-unsat-core", "get-proof", "get-unsat-assumptions":
			out[i] = solver.Reply{Kind: solver.RespOther, Raw: "(from-fallback)"}
		default:
			out[i] = solver.Reply{Kind: solver.RespSuccess}
		}
	}
	return out, nil
}

func (f *fakeBackend) Close() error { f.closed++; return nil }

// serve runs script through a session with fb (nil: no fallback) and
// returns its output.
func serve(t *testing.T, fb *fakeBackend, script string, opts ...Options) (string, *Session) {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if fb != nil {
		o.Fallback = func(context.Context) (Backend, error) { return fb, nil }
	}
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := s.Serve(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	s.Close()
	return out.String(), s
}

func lines(s string) []string { return strings.Split(strings.TrimSpace(s), "\n") }

// TestProtocol checks the responses of a standard solver: print-success,
// located errors after which the session goes on, get-info and get-option,
// models only when available, and nothing read after exit.
func TestProtocol(t *testing.T) {
	out, s := serve(t, nil, `(set-option :print-success true)
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(get-model)
(assert (bvadd x))
(pop 1)
(assert (= x #x07))
(check-sat)
(get-value (x (bvadd x #x01)))
(get-info :name)
(get-info :reason-unknown)
(get-option :print-success)
(frobnicate)
(echo "hi")
(exit)
(check-sat)
`)
	want := []string{
		"success", "success", "success",
		`(error "line 4 column 1: model is not available")`,
		`(error "line 5 column 9: bvadd takes at least 2 arguments, got 1")`,
		`(error "line 6 column 1: pop 1: only 0 push levels are open")`,
		"success", "sat",
		"((x #x07)", " ((bvadd x #x01) #x08))",
		`(:name "tandem")`, `(:reason-unknown "unknown")`, "true", "unsupported", "hi", "success",
	}
	if got := lines(out); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if st := s.Stats(); st.Queries != 1 || st.FuzzSat != 1 || st.Errors != 3 {
		t.Errorf("stats %+v", st)
	}
}

// TestFuzzingAnswersNeverReachTheFallback: a branch in a push/pop that
// fuzzing answers costs the fallback nothing, and the commands a later
// query needs are sent once, in one batch, without the dropped scopes.
func TestFuzzingAnswersNeverReachTheFallback(t *testing.T) {
	fb := &fakeBackend{answer: solver.StatusUnsat}
	out, s := serve(t, fb, `(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(assert (bvult x #x00000100))
(push 1)
(assert (= (bvmul x #x00000003) #x00000021))
(check-sat)
(pop 1)
(push 1)
(assert (= (bvmul x x) #x0000e2e1))
(check-sat)
(pop 1)
(push 1)
(assert (= (bvmul y y) #x00000002))
(check-sat)
(pop 1)
(check-sat-assuming ((= (bvmul y y) #x00000003)))
`, Options{Budget: 20e6})
	if got := lines(out); strings.Join(got, " ") != "sat sat unsat unsat" {
		t.Fatalf("answers %q", got)
	}
	want := []string{
		"(declare-const x (_ BitVec 32))", "(declare-const y (_ BitVec 32))", "(assert (bvult x #x00000100))",
		"(push 1)", "(assert (= (bvmul y y) #x00000002))", "(check-sat)", "(get-model)",
		"(pop 1)", "(check-sat-assuming ((= (bvmul y y) #x00000003)))", "(get-model)",
	}
	if strings.Join(fb.sent, "\n") != strings.Join(want, "\n") {
		t.Errorf("sent to the fallback:\n%s\nwant\n%s", strings.Join(fb.sent, "\n"), strings.Join(want, "\n"))
	}
	if st := s.Stats(); st.FuzzSat != 2 || st.FallbackUnsat != 2 || st.RoundTrips != 2 {
		t.Errorf("stats %+v", st)
	}
}

// TestFallbackModelChecked: a fallback model that falsifies an assertion
// is not believed.
func TestFallbackModelChecked(t *testing.T) {
	script := `(declare-const x Int)
(assert (> x 5))
(check-sat)
(get-info :reason-unknown)
`
	fb := &fakeBackend{answer: solver.StatusSat, model: "((define-fun x () Int 3))"}
	out, s := serve(t, fb, script)
	if !strings.HasPrefix(out, "unknown\n(:reason-unknown \"the fallback's model falsifies") {
		t.Errorf("got %q", out)
	}
	if st := s.Stats(); st.InvalidModels != 1 || st.Unknown != 1 {
		t.Errorf("stats %+v", st)
	}
	fb = &fakeBackend{answer: solver.StatusSat, model: "((define-fun x () Int 6))"}
	out, s = serve(t, fb, script+"(get-model)\n(get-value (x))\n")
	if got := lines(out); len(got) != 4 || got[0] != "sat" || got[2] != "((define-fun x () Int 6))" || got[3] != "(from-fallback)" {
		t.Errorf("got %q", got)
	}
	if st := s.Stats(); st.FallbackSat != 1 || st.InvalidModels != 0 {
		t.Errorf("stats %+v", st)
	}
}

// TestNoFallback: what fuzzing cannot answer is unknown, with a reason.
func TestNoFallback(t *testing.T) {
	out, _ := serve(t, nil, `(set-logic QF_LIA)
(declare-const x Int)
(assert (> x 5))
(check-sat)
(get-info :reason-unknown)
`)
	if got := lines(out); got[0] != "unknown" || !strings.Contains(got[1], "no fallback solver") {
		t.Errorf("got %q", got)
	}
}

// TestRejectedCommandMakesFallbackUnknown: when the fallback refuses a
// mirrored assertion its stack is no longer ours, so its answers are not
// believed until reset.
func TestRejectedCommandMakesFallbackUnknown(t *testing.T) {
	fb := &rejecting{fakeBackend{answer: solver.StatusUnsat}}
	s, _ := New(Options{Fallback: func(context.Context) (Backend, error) { return fb, nil }})
	var out strings.Builder
	s.Serve(context.Background(), strings.NewReader(`(declare-const x Int)
(assert (> x 5))
(check-sat)
(reset)
(declare-const x Int)
(assert (> x 6))
(check-sat)
`), &out)
	if got := lines(out.String()); strings.Join(got, " ") != "unknown unsat" {
		t.Errorf("got %q", got)
	}
}

// TestRejectedInScopeRecovers: a rejected assertion inside a push no
// longer matters once its level is popped.
func TestRejectedInScopeRecovers(t *testing.T) {
	fb := &rejecting{fakeBackend{answer: solver.StatusUnsat}}
	s, _ := New(Options{Fallback: func(context.Context) (Backend, error) { return fb, nil }})
	var out strings.Builder
	s.Serve(context.Background(), strings.NewReader(`(declare-const x Int)
(push 1)
(assert (> x 5))
(check-sat)
(pop 1)
(assert (> x 7))
(check-sat)
(push 1)
(assert (> x 5))
(pop 1)
(check-sat)
`), &out)
	if got := lines(out.String()); strings.Join(got, " ") != "unknown unsat unsat" {
		t.Errorf("got %q", got)
	}
}

type rejecting struct{ fakeBackend }

func (r *rejecting) Batch(ctx context.Context, cmds ...string) ([]solver.Reply, error) {
	out, err := r.fakeBackend.Batch(ctx, cmds...)
	for i, c := range cmds {
		if c == "(assert (> x 5))" {
			out[i] = solver.Reply{Kind: solver.RespError, Status: solver.StatusError, Message: "no"}
		}
	}
	return out, err
}

// TestSeed: the seed model is where the search starts, so a query it
// satisfies is answered with it; the last model then takes over.
func TestSeed(t *testing.T) {
	out, _ := serve(t, nil, `(declare-const x (_ BitVec 16))
(declare-const b Bool)
(assert (bvugt x #x0100))
(check-sat)
(get-value (x b))
(set-info :tandem-seed ((x #x0300)))
(reset)
(declare-const x (_ BitVec 16))
(assert (bvugt x #x0100))
(check-sat)
(get-value (x))
`, Options{Seed: "((define-fun x () (_ BitVec 16) #x0200) (define-fun b () Bool true))"})
	if got := lines(out); strings.Join(got, " ") != "sat ((x #x0200)  (b true)) sat ((x #x0300))" {
		t.Errorf("got %q", got)
	}
	if _, err := New(Options{Seed: "((x banana))"}); err == nil {
		t.Error("a seed model that cannot be read is accepted")
	}
}

// TestClosedBoxesUnknown: closed boxes have no implementation here.
func TestClosedBoxesUnknown(t *testing.T) {
	out, _ := serve(t, &fakeBackend{answer: solver.StatusSat}, `(declare-cb f ((_ BitVec 8)) (_ BitVec 8))
(declare-const x (_ BitVec 8))
(assert (= (f x) #x01))
(check-sat)
`)
	if out != "unknown\n" {
		t.Errorf("got %q", out)
	}
}

// fuzzOptions bound the search by evaluations, so a test's answers do not
// depend on the machine's speed.
func fuzzOptions() (o fuzzysat.Options) {
	o.MaxEvals = 5000
	return o
}

// TestServeStopsOnCancel: a cancelled session (SIGTERM in tandem smt)
// returns at once, though its input is still open, and closes the
// fallback.
func TestServeStopsOnCancel(t *testing.T) {
	fb := &fakeBackend{answer: solver.StatusSat, model: "((define-fun x () Int 6))"}
	s, _ := New(Options{Fallback: func(context.Context) (Backend, error) { return fb, nil }})
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error)
	go func() { done <- s.Serve(ctx, pr, &out) }()
	io.WriteString(pw, "(declare-const x Int)(assert (> x 5))(check-sat)")
	for !strings.Contains(out.String(), "sat") {
		runtime.Gosched()
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Serve: %v", err)
	}
	if fb.closed == 0 {
		t.Error("the fallback was not closed")
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
