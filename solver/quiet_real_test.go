package solver_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/solver"
)

// quietSession starts a session of the named solver with models on; loud
// forces the print-success exchange (Quirks.LoudExchange).
func quietSession(t *testing.T, name string, loud bool, opts solver.SessionOptions) *solver.Session {
	t.Helper()
	testutil.RequireBinary(t, name)
	p, _ := solver.NewRegistry().Get(name)
	p.Quirks.LoudExchange = loud
	opts.Mode = solver.Mode{Models: true}
	if opts.CallTimeout == 0 {
		opts.CallCPU, opts.CallTimeout = 30*time.Second, 5*time.Minute
	}
	s, err := solver.StartSession(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// wasQuiet checks that the session's process ran quiet exchanges (or, with
// loud, none).
func wasQuiet(t *testing.T, s *solver.Session, loud bool) {
	t.Helper()
	h, _ := s.History()
	if quiet := strings.Contains(string(h), "(set-option :print-success false)"); quiet == loud {
		t.Errorf("quiet exchange used: %v, want %v; history:\n%.2000s", quiet, !loud, h)
	}
}

// positions are the input positions in error messages (z3's "line 7
// column 12: ", cvc5's "<stdin>:6.12: "), which differ between the two
// protocols: the quiet one sends other lines.
var positions = regexp.MustCompile(`line \d+ column \d+: |<stdin>:\d+\.\d+: `)

// normalReplies is replies without positions and times; with sorted, each
// run of successes and errors has its successes first (the quiet exchange
// cannot tell which command of a run printed an error).
func normalReplies(rs []solver.Reply, sorted bool) []string {
	var out []string
	for i := 0; i < len(rs); {
		e := i
		for e < len(rs) && (rs[e].Kind == solver.RespSuccess || rs[e].Kind == solver.RespError || rs[e].Kind == solver.RespUnsupported) {
			e++
		}
		if e == i {
			e++
		}
		var run []string
		for _, r := range rs[i:e] {
			run = append(run, fmt.Sprintf("%d %v %s", r.Kind, r.Status, positions.ReplaceAllString(r.Raw, "")))
		}
		if sorted {
			slices.SortStableFunc(run, func(a, b string) int {
				return boolInt(!strings.HasPrefix(a, fmt.Sprint(int(solver.RespSuccess))+" ")) - boolInt(!strings.HasPrefix(b, fmt.Sprint(int(solver.RespSuccess))+" "))
			})
		}
		out = append(out, run...)
		i = e
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// randomExchange draws the commands of one exchange over the Int constants
// x and y: fresh declarations, linear assertions (some unsat), check-sat,
// get-model or get-value (an error after unsat), sometimes a second
// assertion and check-sat; with bad, an assertion the solver refuses but
// goes on after (z3: an unknown constant or a term that is not Boolean).
func randomExchange(rng *rand.Rand, bad bool) []string {
	vars := []string{"x", "y"}
	var cmds []string
	for i := range rng.IntN(3) {
		z := fmt.Sprintf("z%d", i)
		cmds = append(cmds, fmt.Sprintf("(declare-fun %s () Int)", z))
		vars = append(vars, z)
	}
	atom := func() string {
		op := []string{"<", ">", "<=", ">=", "="}[rng.IntN(5)]
		k := fmt.Sprint(rng.IntN(5))
		if rng.IntN(2) == 0 {
			k = "(- " + k + ")"
		}
		return fmt.Sprintf("(assert (%s (+ %s %s) %s))", op, vars[rng.IntN(len(vars))], vars[rng.IntN(len(vars))], k)
	}
	refused := []string{"(assert (> x undeclared))", "(assert (+ x 1))"}
	for range 1 + rng.IntN(4) {
		if bad && rng.IntN(3) == 0 {
			cmds = append(cmds, refused[rng.IntN(len(refused))])
		}
		cmds = append(cmds, atom())
	}
	cmds = append(cmds, "(check-sat)")
	switch rng.IntN(3) {
	case 0:
		cmds = append(cmds, "(get-model)")
	case 1:
		cmds = append(cmds, "(get-value (x))")
	}
	if rng.IntN(4) == 0 {
		if bad && rng.IntN(2) == 0 {
			cmds = append(cmds, refused[rng.IntN(len(refused))])
		}
		cmds = append(cmds, atom(), "(check-sat)", "(get-value (y))")
	}
	return cmds
}

// TestRealQuietDifferential runs the same random exchanges (isolated and
// fresh ones, and Exec calls between them, which turn print-success on
// again) through z3 and cvc5 sessions with the print-success exchange and
// with the quiet one: the replies are the same, up to positions in error
// messages and, when an assertion was refused, the place of its error in
// its run of commands that print nothing else (normalReplies).
func TestRealQuietDifferential(t *testing.T) {
	n := 150
	if testutil.Short() {
		n = 40
	}
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			loud := quietSession(t, name, true, solver.SessionOptions{})
			quiet := quietSession(t, name, false, solver.SessionOptions{})
			header := []string{"(set-logic QF_LIA)", "(declare-fun x () Int)", "(declare-fun y () Int)"}
			for _, s := range []*solver.Session{loud, quiet} {
				if rs, err := s.Batch(ctx, header...); err != nil || slices.ContainsFunc(rs, solver.Reply.Failed) {
					t.Fatalf("header: %+v, %v", rs, err)
				}
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			exact, sorted := 0, 0
			for i := range n {
				// cvc5 exits on a refused assertion (a parse error)
				cmds := randomExchange(rng, name == "z3" && rng.IntN(2) == 0)
				kind := rng.IntN(10)
				var exs [2]solver.Exchange
				for k, s := range []*solver.Session{loud, quiet} {
					var err error
					switch {
					case kind == 0:
						exs[k], err = s.Fresh(ctx, append(slices.Clone(header), cmds...)...)
					case kind == 1:
						// an Exec between exchanges: print-success on again
						solver.MustOK(t)(s.Exec(ctx, "(assert (< x 1000))"))
						fallthrough
					default:
						exs[k], err = s.Isolated(ctx, cmds...)
					}
					if err != nil {
						t.Fatalf("exchange %d (%s): %v", i, []string{"loud", "quiet"}[k], err)
					}
				}
				if kind == 0 {
					for _, s := range []*solver.Session{loud, quiet} {
						solver.MustOK(t)(s.Exec(ctx, "(set-logic QF_LIA)"))
						for _, h := range header[1:] {
							solver.MustOK(t)(s.Exec(ctx, h))
						}
					}
				}
				if exs[0].Failed() || exs[1].Failed() {
					t.Fatalf("exchange %d failed: loud %+v, quiet %+v", i, exs[0].Failure, exs[1].Failure)
				}
				// only a refused assertion's error may move in its run
				hasErr := slices.ContainsFunc(cmds, func(c string) bool { return strings.Contains(c, "undeclared") || strings.Contains(c, "(+ x 1))") })
				if kind == 0 {
					// the replies of the protocol's own (reset)s and
					// print-success commands differ: compare the rest
					exs[0].Replies = slices.DeleteFunc(exs[0].Replies, func(r solver.Reply) bool { return r.Kind == solver.RespSuccess })
					exs[1].Replies = slices.DeleteFunc(exs[1].Replies, func(r solver.Reply) bool { return r.Kind == solver.RespSuccess })
				}
				a, b := normalReplies(exs[0].Replies, hasErr), normalReplies(exs[1].Replies, hasErr)
				if !slices.Equal(a, b) {
					t.Fatalf("exchange %d %q:\nloud  %q\nquiet %q", i, cmds, a, b)
				}
				if hasErr {
					sorted++
				} else {
					exact++
				}
			}
			t.Logf("%s: %d exchanges equal exactly, %d with a refused assertion equal up to its error's place in its run", name, exact, sorted)
			if name == "z3" && sorted == 0 {
				t.Error("no exchange with a refused assertion was drawn")
			}
			for _, s := range []*solver.Session{loud, quiet} {
				if st := s.Stats(); st.Restarts != 0 || s.Depth() != 0 {
					t.Errorf("stats %+v, depth %d", st, s.Depth())
				}
			}
			wasQuiet(t, loud, true)
			wasQuiet(t, quiet, false)
		})
	}
}

// TestRealQuietErrorMidExchange: an error in the middle of a quiet
// exchange (z3: a refused assertion before the check-sat; cvc5, which
// exits on those: a get-value after unsat between two check-sats) comes
// before the answer it precedes, the exchange ends normally, and the
// session goes on without a restart.
func TestRealQuietErrorMidExchange(t *testing.T) {
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := quietSession(t, name, false, solver.SessionOptions{})
			solver.MustOK(t)(s.Exec(ctx, "(set-logic QF_LIA)"))
			solver.MustOK(t)(s.Exec(ctx, "(declare-fun x () Int)"))
			cmds := []string{"(declare-fun y () Int)", "(assert (> x undeclared))", "(assert (> y x))", "(check-sat)", "(get-value (y))"}
			want := []solver.ResponseKind{solver.RespSuccess, solver.RespSuccess, solver.RespSuccess, solver.RespError, solver.RespAnswer, solver.RespOther, solver.RespSuccess}
			if name == "cvc5" {
				cmds = []string{"(assert (< x 0))", "(assert (> x 0))", "(check-sat)", "(get-value (x))", "(assert (> x x))", "(check-sat)"}
				want = []solver.ResponseKind{solver.RespSuccess, solver.RespSuccess, solver.RespSuccess, solver.RespAnswer, solver.RespError, solver.RespSuccess, solver.RespAnswer, solver.RespSuccess}
			}
			for i := range 2 {
				ex, err := s.Isolated(ctx, cmds...)
				if err != nil || ex.Failed() {
					t.Fatalf("exchange %d: %+v, %v", i, ex, err)
				}
				var kinds []solver.ResponseKind
				for _, r := range ex.Replies {
					kinds = append(kinds, r.Kind)
				}
				if !slices.Equal(kinds, want) {
					t.Fatalf("exchange %d: replies %v, want %v: %+v", i, kinds, want, ex.Replies)
				}
			}
			if st := s.Stats(); st.Restarts != 0 || s.Depth() != 0 {
				t.Errorf("stats %+v, depth %d", st, s.Depth())
			}
			// the session reads one response per command again
			if r := solver.MustOK(t)(s.CheckSat(ctx)); r.Status != solver.StatusSat {
				t.Errorf("check-sat after the exchanges: %+v", r)
			}
			wasQuiet(t, s, false)
		})
	}
}

// TestRealQuietCrashAndTimeout: a quiet exchange whose check-sat is killed
// from outside ends as a crash, one that reaches its CPU limit as a
// timeout, each with the process gone; the next exchange restarts the
// solver, replays the stack (the header's x) and answers.
func TestRealQuietCrashAndTimeout(t *testing.T) {
	for _, name := range []string{"z3", "cvc5"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := quietSession(t, name, false, solver.SessionOptions{CallCPU: 30 * time.Second, CallTimeout: 5 * time.Minute})
			decls, hard := random3SAT(400)
			solver.MustOK(t)(s.Exec(ctx, "(set-logic ALL)"))
			solver.MustOK(t)(s.Exec(ctx, "(declare-fun x () Int)"))
			solver.MustOK(t)(s.Exec(ctx, "(assert (= x 5))"))
			if ex, err := s.Isolated(ctx, "(assert (> x 1))", "(check-sat)"); err != nil || ex.Failed() {
				t.Fatalf("first exchange: %+v, %v", ex, err)
			}
			scope := append(slices.Clone(decls), hard, "(check-sat)", "(get-model)")
			pid := s.PID()
			go func() { time.Sleep(300 * time.Millisecond); syscall.Kill(pid, syscall.SIGKILL) }()
			ex, err := s.Isolated(ctx, scope...)
			if err != nil || ex.Failure.Status != solver.StatusCrash || ex.Failure.Signature != "signal SIGKILL" {
				t.Fatalf("killed exchange: %+v, %v", ex.Failure, err)
			}
			solver.CheckNoStrays(t, pid)
			again := func(what string) {
				t.Helper()
				ex, err := s.Isolated(ctx, "(assert (> x 4))", "(check-sat)", "(get-value (x))")
				if err != nil || ex.Failed() || !ex.Restarted || len(ex.Replies) != 5 || ex.Replies[2].Status != solver.StatusSat || !strings.Contains(ex.Replies[3].Raw, "5") {
					t.Fatalf("exchange after the %s: %+v, %v", what, ex, err)
				}
			}
			again("kill")
			if err := s.SetCallLimits(300*time.Millisecond, time.Minute); err != nil {
				t.Fatal(err)
			}
			pid = s.PID()
			ex, err = s.Isolated(ctx, scope...)
			if err != nil || ex.Failure.Status != solver.StatusTimeout || !strings.Contains(ex.Failure.Message, "CPU") {
				t.Fatalf("exchange over its CPU limit: %+v, %v", ex.Failure, err)
			}
			solver.CheckNoStrays(t, pid)
			if err := s.SetCallLimits(30*time.Second, 5*time.Minute); err != nil {
				t.Fatal(err)
			}
			again("timeout")
			if st := s.Stats(); st.Restarts != 2 || st.Crashes != 1 || st.Timeouts != 1 || s.Depth() != 0 {
				t.Errorf("stats %+v, depth %d", st, s.Depth())
			}
			wasQuiet(t, s, false)
		})
	}
}
