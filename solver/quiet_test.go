package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSpreadRepliesSimulated checks spreadReplies against simulated
// solvers: random exchanges where each command prints with print-success
// on what a solver would (a silent command success or an error, the
// others an answer or an error, a check-sat sometimes an extra error
// after its answer, as z3's model_validate does); the quiet output is
// that without the successes, and spreading it must give the loud
// output back: exactly when no silent command failed, and up to the
// place of the errors inside their run of silent commands otherwise.
// Extra errors are drawn only in exchanges of DIVER's shape (see
// simulateExchange); a failed exchange is cut after a random number of
// responses.
func TestSpreadRepliesSimulated(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 20000 {
		cmds, loud, silentErr := simulateExchange(rng)
		var quiet []Reply
		for _, r := range loud {
			if r.Kind != RespSuccess {
				quiet = append(quiet, r)
			}
		}
		complete := rng.IntN(4) > 0
		if !complete {
			// cut the output after a random response; the loud
			// replies end where the solver stopped
			cut := rng.IntN(len(quiet) + 1)
			quiet = quiet[:cut]
			loud = cutLoud(cmds, loud, cut)
		}
		got := spreadReplies(cmds, quiet, complete, true)
		if !complete {
			// where a silent command's success ends a stopped
			// exchange is not known: compare the responses
			if !slices.Equal(nonSuccess(got), nonSuccess(loud)) {
				t.Fatalf("case %d (stopped) %q:\nloud %q\ngot  %q", n, texts(cmds), raws(loud), raws(got))
			}
			continue
		}
		a, b := raws(loud), raws(got)
		if silentErr {
			a, b = sortRuns(a), sortRuns(b)
		}
		if !slices.Equal(a, b) {
			t.Fatalf("case %d %q:\nloud %q\ngot  %q", n, texts(cmds), raws(loud), raws(got))
		}
	}
}

// simulateExchange draws a quiet exchange's commands (push, a body, pop)
// and what a solver prints for them with print-success on.
func simulateExchange(rng *rand.Rand) (cmds []quietCmd, loud []Reply, silentErr bool) {
	errReply := func(i int) Reply {
		msg := fmt.Sprintf("e%d", i)
		return Reply{Kind: RespError, Status: StatusError, Raw: `(error "` + msg + `")`, Message: msg}
	}
	cmds = append(cmds, quietCmd{text: psOff, silent: true, internal: true}, quietCmd{text: "(push 1)", silent: true})
	for range rng.IntN(8) {
		if rng.IntN(2) == 0 {
			cmds = append(cmds, quietCmd{text: "(assert a)", silent: true})
		} else {
			cmds = append(cmds, quietCmd{text: []string{"(check-sat)", "(get-model)", "(get-value (x))"}[rng.IntN(3)]})
		}
	}
	cmds = append(cmds, quietCmd{text: "(pop 1)", silent: true, pop: true})
	// extra errors only in half the exchanges of DIVER's shape (silent
	// commands, then the rest, then the pop), and in those no other
	// errors: spreadReplies gives an error between responses to a
	// silent command before it calls it an extra response, and where
	// both can be there they cannot be told apart
	extras, answered := rng.IntN(2) == 0, false
	for _, c := range cmds {
		answered = answered || !c.silent
		extras = extras && !(answered && c.silent && !c.pop)
	}
	// which silent commands fail: only before the first command that
	// prints a response (a refused declaration or assertion of a DIVER
	// exchange); a failure after one, where other responses may be
	// errors too, cannot always be told from theirs
	fails := make([]bool, len(cmds))
	answered = false
	for i, c := range cmds {
		fails[i] = !extras && !answered && c.silent && !c.pop && !c.internal && rng.IntN(5) == 0
		answered = answered || !c.silent
		silentErr = silentErr || fails[i]
	}
	for i, c := range cmds {
		switch {
		case c.silent && fails[i]:
			loud = append(loud, errReply(i))
		case c.internal:
		case c.silent:
			loud = append(loud, quietSuccess)
		default:
			switch rng.IntN(3) {
			case 0:
				if extras {
					loud = append(loud, Reply{Kind: RespAnswer, Status: StatusUnsat, Raw: "unsat"})
					break
				}
				loud = append(loud, errReply(i))
			case 1:
				loud = append(loud, Reply{Kind: RespAnswer, Status: StatusSat, Raw: "sat"})
			default:
				loud = append(loud, Reply{Kind: RespOther, Status: StatusUnknown, Raw: fmt.Sprintf("(model%d)", i)})
			}
			// an extra error
			if extras && rng.IntN(4) == 0 {
				loud = append(loud, errReply(100+i))
			}
		}
	}
	return cmds, loud, silentErr
}

// cutLoud is the loud replies of a solver that stopped after printing
// cut responses other than success: up to that response, and the
// successes after it.
func cutLoud(cmds []quietCmd, loud []Reply, cut int) []Reply {
	seen := 0
	for i, r := range loud {
		if r.Kind != RespSuccess {
			if seen == cut {
				return loud[:i]
			}
			seen++
		}
	}
	return loud
}

func nonSuccess(rs []Reply) []string {
	var out []string
	for _, r := range rs {
		if r.Kind != RespSuccess {
			out = append(out, r.Raw)
		}
	}
	return out
}

func raws(rs []Reply) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Raw)
	}
	return out
}

func texts(cs []quietCmd) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.text)
	}
	return out
}

// sortRuns puts the successes of each run of successes and errors first.
func sortRuns(rs []string) []string {
	out := slices.Clone(rs)
	isRun := func(s string) bool { return s == "success" || strings.HasPrefix(s, "(error") }
	for i := 0; i < len(out); {
		e := i
		for e < len(out) && isRun(out[e]) {
			e++
		}
		slices.SortStableFunc(out[i:e], func(a, b string) int {
			return boolToInt(a != "success") - boolToInt(b != "success")
		})
		i = max(e, i+1)
	}
	return out
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSpreadRepliesPop: a pop the depth probe does not confirm answers
// with an error (the last one printed after the last response, or one of
// its own), a solver that prints success with print-success off is read
// one response per command, and a success printed for print-success off
// itself is no reply.
func TestSpreadRepliesPop(t *testing.T) {
	cmds := []quietCmd{{text: "(push 1)", silent: true}, {text: "(check-sat)"}, {text: "(pop 1)", silent: true, pop: true}}
	sat := Reply{Kind: RespAnswer, Status: StatusSat, Raw: "sat"}
	e := Reply{Kind: RespError, Status: StatusError, Raw: `(error "x")`, Message: "x"}
	for _, c := range []struct {
		outs  []Reply
		popOK bool
		want  []ResponseKind
	}{
		{[]Reply{sat}, true, []ResponseKind{RespSuccess, RespAnswer, RespSuccess}},
		{[]Reply{sat, e}, true, []ResponseKind{RespSuccess, RespAnswer, RespError, RespSuccess}},
		{[]Reply{sat, e}, false, []ResponseKind{RespSuccess, RespAnswer, RespError}},
		{[]Reply{sat}, false, []ResponseKind{RespSuccess, RespAnswer, RespError}},
		{[]Reply{quietSuccess, sat, quietSuccess}, true, []ResponseKind{RespSuccess, RespAnswer, RespSuccess}},
	} {
		for _, off := range []bool{false, true} {
			cs, outs := cmds, c.outs
			if off {
				// a solver that prints success for print-success
				// off itself, before it takes effect
				cs = append([]quietCmd{{text: psOff, silent: true, internal: true}}, cmds...)
				outs = append([]Reply{quietSuccess}, outs...)
			}
			var got []ResponseKind
			for _, r := range spreadReplies(cs, outs, true, c.popOK) {
				got = append(got, r.Kind)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%v (pop confirmed %v, print-success off first %v): %v, want %v", raws(outs), c.popOK, off, got, c.want)
			}
		}
	}
}

// TestQuietFakeSolvers: the fake solver's exchanges give the same replies
// quiet and loud, also when it ignores print-success off (argument loud:
// the session then falls back to the loud exchange) and when its reset
// turns print-success off (quiet-reset); the quiet exchange is used when
// the solver honours print-success.
func TestQuietFakeSolvers(t *testing.T) {
	ctx := context.Background()
	for _, arg := range []string{"interactive", "loud", "quiet-reset"} {
		t.Run(arg, func(t *testing.T) {
			var sessions [2]*Session
			for k := range sessions {
				p := fakeProfile("interactive")
				if arg != "interactive" {
					p.Options = append(p.Options, arg)
				}
				p.Quirks.LoudExchange = k == 0
				s, err := StartSession(ctx, p, SessionOptions{CallTimeout: 5 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				mustOK(t)(s.Exec(ctx, "(declare-const x Int)"))
				sessions[k] = s
			}
			exchanges := [][]string{
				{"(declare-const y Int)", "(assert twice)", "(check-sat)", "(get-model)"},
				{"(assert twice)", "(check-sat)"},
				{"(check-sat)", "(get-value (x))", "(assert y)", "(check-sat)"},
				{},
			}
			for i, cmds := range append(exchanges, exchanges...) {
				var exs [2]Exchange
				for k, s := range sessions {
					var err error
					if i == 5 {
						exs[k], err = s.Fresh(ctx, cmds...)
						mustOK(t)(s.Exec(ctx, "(declare-const x Int)"))
					} else {
						exs[k], err = s.Isolated(ctx, cmds...)
					}
					if err != nil || exs[k].Failed() {
						t.Fatalf("exchange %d: %+v, %v", i, exs[k], err)
					}
				}
				a, b := raws(exs[0].Replies), raws(exs[1].Replies)
				if i == 5 {
					a, b = nonSuccess(exs[0].Replies), nonSuccess(exs[1].Replies)
				}
				if !slices.Equal(a, b) {
					t.Errorf("exchange %d %q:\nloud  %q\nquiet %q", i, cmds, a, b)
				}
			}
			h, _ := sessions[1].History()
			// with loud, only the first exchange tries
			if quietRuns := strings.Count(string(h), psOff); quietRuns == 0 || arg == "loud" && quietRuns != 1 {
				t.Errorf("print-success off sent %d times; history:\n%s", quietRuns, h)
			}
			if arg != "loud" && sessions[1].quietState != 1 || arg == "loud" && sessions[1].quietState != -1 {
				t.Errorf("quiet state %d", sessions[1].quietState)
			}
		})
	}
}
