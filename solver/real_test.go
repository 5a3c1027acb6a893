package solver_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tandem/internal/corpus"
	"tandem/internal/testutil"
	"tandem/solver"
)

// knownMismatches lists corpus files where a solver's sat/unsat answer
// contradicts the label and the cause is the solver or the label, not
// tandem (checked by hand). Empty: none seen in the samples tested.
var knownMismatches = map[string]string{}

// TestRealSolversCorpus runs each installed solver on a small, fixed sample
// of labelled corpus files and checks that the statuses parse and that
// every sat/unsat answer matches the label. The 300-file version is
// go run ./bench/solvercorpus.
func TestRealSolversCorpus(t *testing.T) {
	root := filepath.Dir(testutil.Corpus(t, "seeds"))
	all, err := corpus.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	var small []corpus.Item
	for _, it := range all {
		if it.Size <= 8<<10 {
			small = append(small, it)
		}
	}
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5", "cvc4", "boolector"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			p, _ := reg.Get(name)
			items := corpus.Sample(corpus.ForProfile(small, p), 40)
			if len(items) < 40 {
				t.Fatalf("only %d corpus files for %s", len(items), name)
			}
			results := make([]*solver.Result, len(items))
			var wg sync.WaitGroup
			sem := make(chan struct{}, 2)
			for i, it := range items {
				wg.Add(1)
				sem <- struct{}{}
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					r, err := solver.Run(context.Background(), p, solver.FileInput(it.Path), solver.RunOptions{Limits: solver.Limits{Wall: 5 * time.Second}})
					if err != nil {
						t.Errorf("%s: %v", it.Rel, err)
						return
					}
					results[i] = r
				}()
			}
			wg.Wait()
			answered := 0
			for i, r := range results {
				if r == nil {
					continue
				}
				it := items[i]
				if r.Status.IsAnswer() {
					answered++
					if r.Status != r.Answers[len(r.Answers)-1] {
						t.Errorf("%s: status %v is not the last answer of %v", it.Rel, r.Status, r.Answers)
					}
					if k := corpus.Mismatch(it.Expected, r.Answers); k >= 0 {
						if why, ok := knownMismatches[name+" "+it.Rel]; ok {
							t.Logf("known mismatch %s: %s", it.Rel, why)
						} else {
							t.Errorf("%s: answer %d is %v, label says %v (answers %v, labels %v)", it.Rel, k, r.Answers[k], it.Expected[k], r.Answers, it.Expected)
						}
					}
				}
				if r.Status == solver.StatusError && len(r.Answers) == 0 && len(r.Errors) == 0 && r.ExitCode == 0 {
					t.Errorf("%s: exit 0 but no answer parsed from %.200q", it.Rel, r.Stdout)
				}
			}
			if answered < len(items)/2 {
				t.Errorf("%s answered sat/unsat/unknown on only %d of %d files", name, answered, len(items))
			}
			t.Logf("%s: %d of %d answered", name, answered, len(items))
		})
	}
}

// random3SAT returns declarations and one assertion: a random 3-SAT
// formula with n variables at the hard clause/variable ratio 4.26. At n = 400
// z3 and cvc5 both search for many seconds (more than 8 s each measured), so a
// kill 300 ms in lands mid-query.
func random3SAT(n int) (decls []string, assertion string) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		decls = append(decls, fmt.Sprintf("(declare-const v%d Bool)", i))
	}
	var b strings.Builder
	b.WriteString("(assert (and")
	for c := 0; c < n*426/100; c++ {
		b.WriteString(" (or")
		for _, v := range rng.Perm(n)[:3] {
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, " v%d", v)
			} else {
				fmt.Fprintf(&b, " (not v%d)", v)
			}
		}
		b.WriteString(")")
	}
	b.WriteString("))")
	return decls, b.String()
}

// TestSessionRealKill kills the solver process in the middle of a query and
// checks that the session goes on with the same assertion stack.
func TestSessionRealKill(t *testing.T) {
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			before := runtime.NumGoroutine()
			ctx := context.Background()
			p, _ := solver.NewRegistry().Get(name)
			s := modelSession(t, p)
			ok := solver.MustOK(t)
			decls, hard := random3SAT(400)
			ok(s.Exec(ctx, "(set-logic ALL)"))
			for _, d := range decls {
				ok(s.Exec(ctx, d))
			}
			ok(s.Exec(ctx, "(declare-const x (_ BitVec 8))"))
			ok(s.Assert(ctx, "(= x #x05)"))
			ok(s.Push(ctx, 1))
			ok(s.Assert(ctx, "(bvugt x #x01)"))
			if r := ok(s.CheckSat(ctx)); r.Status != solver.StatusSat {
				t.Fatalf("check-sat: %v", r.Status)
			}
			ok(s.Push(ctx, 1))
			ok(s.Exec(ctx, hard))
			pid := s.PID()
			go func() { time.Sleep(300 * time.Millisecond); syscall.Kill(pid, syscall.SIGKILL) }()
			r, err := s.CheckSat(ctx)
			if err != nil || r.Status != solver.StatusCrash || r.Restarted {
				t.Fatalf("killed check-sat: %+v, %v", r, err)
			}
			solver.CheckNoStrays(t, pid)
			if s.PID() != 0 {
				t.Fatalf("a process was started after the kill, before any call")
			}
			// A pop needs no process; the next check-sat restarts with
			// the stack, whose level-1 assertion and declarations are
			// still there.
			ok(s.Pop(ctx, 1))
			if r := ok(s.CheckSat(ctx)); r.Status != solver.StatusSat || !r.Restarted {
				t.Fatalf("check-sat after restart: %v", r.Status)
			}
			v := ok(s.GetValue(ctx, "x"))
			if !strings.Contains(v.Raw, "#x05") && !strings.Contains(v.Raw, "#b00000101") {
				t.Errorf("get-value after restart: %q", v.Raw)
			}
			ok(s.Assert(ctx, "(= x #x06)"))
			if r := ok(s.CheckSat(ctx)); r.Status != solver.StatusUnsat {
				t.Errorf("level-0 assertion lost in the restart: %v", r.Status)
			}
			ok(s.Pop(ctx, 1))
			ok(s.Assert(ctx, "(bvult x #x02)"))
			if r := ok(s.CheckSatAssuming(ctx, "true")); r.Status != solver.StatusUnsat {
				t.Errorf("check-sat-assuming: %v", r.Status)
			}
			if st := s.Stats(); st.Restarts != 1 || st.Crashes != 1 || st.Replayed < 6 {
				t.Errorf("stats %+v", st)
			}
			last := s.PID()
			s.Close()
			solver.CheckNoStrays(t, last)
			solver.CheckGoroutines(t, before)
		})
	}
}

// TestRealSessionBatch: z3 and cvc5 answer a pipelined batch in order,
// and go on after the error a get-value after unsat draws (what the
// fuzzysat fallback relies on: check-sat and get-value in one write).
func TestRealSessionBatch(t *testing.T) {
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			p, _ := reg.Get(name)
			ctx := context.Background()
			s, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			rs, err := s.Batch(ctx, "(declare-fun x () (_ BitVec 8))", "(push 1)", "(assert (= x #x30))", "(check-sat)", "(get-value (x))", "(pop 1)",
				"(push 1)", "(assert (distinct x x))", "(check-sat)", "(get-value (x))", "(pop 1)", "(check-sat)")
			if err != nil {
				t.Fatal(err)
			}
			if rs[3].Status != solver.StatusSat || !strings.Contains(rs[4].Raw, "#x30") && !strings.Contains(rs[4].Raw, "#b00110000") {
				t.Errorf("sat part: %+v %+v", rs[3], rs[4])
			}
			if rs[8].Status != solver.StatusUnsat || rs[9].Kind != solver.RespError {
				t.Errorf("unsat part: %+v %+v", rs[8], rs[9])
			}
			if rs[10].Kind != solver.RespSuccess || rs[11].Status != solver.StatusSat || s.Depth() != 0 {
				t.Errorf("after the error: %+v %+v depth %d", rs[10], rs[11], s.Depth())
			}
		})
	}
}

// TestRealSessionIsolated: z3 and cvc5 answer (get-info :name), which ends
// an isolated exchange, with their self-checks on; the scope's
// declarations are gone afterwards and the stack is as before.
func TestRealSessionIsolated(t *testing.T) {
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := checkingSession(t, reg, name)
			solver.MustOK(t)(s.Exec(ctx, "(set-logic QF_LIA)"))
			solver.MustOK(t)(s.Exec(ctx, "(declare-fun x () Int)"))
			for i := 0; i < 2; i++ {
				ex, err := s.Isolated(ctx, "(declare-fun y () Int)", "(assert (> (+ x y) 3))", "(check-sat)", "(get-model)")
				if err != nil || ex.Failed() || len(ex.Replies) != 6 {
					t.Fatalf("exchange %d: %+v, %v", i, ex, err)
				}
				if ex.Replies[3].Status != solver.StatusSat || !strings.Contains(ex.Replies[4].Raw, "define-fun y") || ex.Replies[5].Kind != solver.RespSuccess {
					t.Errorf("exchange %d replies: %+v", i, ex.Replies)
				}
			}
			if s.Depth() != 0 || s.Stats().Restarts != 0 {
				t.Errorf("after the exchanges: depth %d, stats %+v", s.Depth(), s.Stats())
			}
		})
	}
}

// TestRealSessionFresh: z3, cvc5 and cvc4 run whole scripts after a reset
// in one process, one after the other: a script's declarations are gone
// in the next (the same name declared again with another sort, which
// would be an error otherwise), models and print-success survive the
// reset (the closing (get-info :name) is read however many successes the
// reset drew), and the stack stays empty; push/pop calls and Fresh ones
// mix in one process.
func TestRealSessionFresh(t *testing.T) {
	reg := solver.NewRegistry()
	for _, name := range []string{"z3", "cvc5", "cvc4"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := checkingSession(t, reg, name)
			scripts := [][]string{
				{"(set-logic QF_LIA)", "(declare-fun x () Int)", "(assert (> x 3))", "(check-sat)", "(get-model)"},
				{"(set-logic QF_BV)", "(declare-fun x () (_ BitVec 4))", "(assert (= x #x5))", "(check-sat)", "(get-model)"},
				{"(set-logic QF_LIA)", "(declare-fun x () Int)", "(assert (< x x))", "(check-sat)"},
			}
			want := []solver.Status{solver.StatusSat, solver.StatusSat, solver.StatusUnsat}
			for i, sc := range scripts {
				ex, err := s.Fresh(ctx, sc...)
				if err != nil || ex.Failed() {
					t.Fatalf("script %d: %+v, %v", i, ex, err)
				}
				status, errs, model := solver.StatusUnknown, 0, ""
				for _, r := range ex.Replies {
					switch r.Kind {
					case solver.RespAnswer:
						status = r.Status
					case solver.RespError:
						errs++
					case solver.RespOther:
						model = r.Raw
					}
				}
				switch {
				case errs != 0 || status != want[i]:
					t.Errorf("script %d: %v with %d errors, want %v: %+v", i, status, errs, want[i], ex.Replies)
				case i < 2 && !strings.Contains(model, "define-fun x"):
					t.Errorf("script %d: no model: %+v", i, ex.Replies)
				}
			}
			if s.Depth() != 0 || s.Stats().Restarts != 0 {
				t.Errorf("after the scripts: depth %d, stats %+v", s.Depth(), s.Stats())
			}
			// the solver holds nothing after a Fresh exchange: a push/pop
			// caller can declare the same names again
			rs, err := s.Batch(ctx, "(set-logic QF_LIA)", "(declare-fun x () Int)")
			if err != nil || rs[0].Kind != solver.RespSuccess || rs[1].Kind != solver.RespSuccess {
				t.Fatalf("declaring after the scripts: %+v, %v", rs, err)
			}
			ex, err := s.Isolated(ctx, "(assert (> x 4))", "(check-sat)")
			if err != nil || ex.Failed() {
				t.Fatalf("push/pop after the scripts: %+v, %v", ex, err)
			}
			if ex, err = s.Fresh(ctx, scripts[0]...); err != nil || ex.Failed() || !slices.ContainsFunc(ex.Replies, func(r solver.Reply) bool { return r.Status == solver.StatusSat }) {
				t.Fatalf("Fresh after push/pop: %+v, %v", ex, err)
			}
		})
	}
}

// TestRealSessionReplayKeepsGlobalDeclarations: with z3 under
// :global-declarations, a constant declared inside a push is still known
// to the process a restart starts, after the pop and after
// reset-assertions.
func TestRealSessionReplayKeepsGlobalDeclarations(t *testing.T) {
	testutil.RequireBinary(t, "z3")
	p, _ := solver.NewRegistry().Get("z3")
	ctx := context.Background()
	s, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}, CallCPU: 30 * time.Second, CallTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ok := solver.MustOK(t)
	ok(s.Exec(ctx, "(set-option :global-declarations true)"))
	ok(s.Exec(ctx, "(set-logic QF_LIA)"))
	ok(s.Push(ctx, 1))
	ok(s.Exec(ctx, "(declare-fun g () Int)"))
	ok(s.Pop(ctx, 1))
	restart := func(what string) {
		t.Helper()
		syscall.Kill(s.PID(), syscall.SIGKILL)
		// the first call may still find the dying process (a crash
		// reply); the next one restarts
		r, err := s.Assert(ctx, "(> g "+what+")")
		if err == nil && r.Status == solver.StatusCrash {
			r, err = s.Assert(ctx, "(> g "+what+")")
		}
		if err != nil || r.Kind != solver.RespSuccess || !r.Restarted {
			t.Fatalf("asserting on g after %s and a restart: %+v, %v", what, r, err)
		}
		if r := ok(s.CheckSat(ctx)); r.Status != solver.StatusSat {
			t.Fatalf("check-sat after %s: %+v", what, r)
		}
	}
	restart("1")
	ok(s.Exec(ctx, "(reset-assertions)"))
	restart("2")
}

// checkingSession starts a session of the named solver with models and
// its self-check on, closed when the test ends.
func checkingSession(t *testing.T, reg *solver.Registry, name string) *solver.Session {
	t.Helper()
	testutil.RequireBinary(t, name)
	p, _ := reg.Get(name)
	s, err := solver.StartSession(context.Background(), p, solver.SessionOptions{Mode: solver.Mode{Models: true, SelfCheck: true}, CallCPU: 30 * time.Second, CallTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestRealSessionReset: (reset) through Exec ends promptly with z3 (which
// answers it) and cvc5 (which prints nothing for it), in the same
// process, and leaves a solver that accepts the same declarations again.
func TestRealSessionReset(t *testing.T) {
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			testutil.RequireBinary(t, name)
			ctx := context.Background()
			p, _ := solver.NewRegistry().Get(name)
			s := modelSession(t, p)
			ok := solver.MustOK(t)
			for round := 0; round < 2; round++ {
				ok(s.Exec(ctx, "(set-logic QF_LIA)"))
				ok(s.Exec(ctx, "(declare-const x Int)"))
				ok(s.Assert(ctx, "(> x 3)"))
				if r := ok(s.CheckSat(ctx)); r.Status != solver.StatusSat {
					t.Fatalf("round %d: check-sat: %v", round, r.Status)
				}
				pid := s.PID()
				if r := ok(s.Exec(ctx, "(reset)")); r.Restarted || s.PID() != pid {
					t.Fatalf("round %d: reset restarted the solver: %+v", round, r)
				}
			}
			if st := s.Stats(); st.Restarts != 0 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

// modelSession starts a session of p with models on and a 30 s call
// limit, closed when the test ends.
func modelSession(t *testing.T, p *solver.Profile) *solver.Session {
	t.Helper()
	s, err := solver.StartSession(context.Background(), p, solver.SessionOptions{Mode: solver.Mode{Models: true}, CallTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
