package solver

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// The quiet exchange. With :print-success on, a solver answers every
// command of an exchange, and z3 writes each success on its own: a DIVER
// mutant of twenty commands drew ~23 separate writes, each a wake-up and
// a read of tandem's. In a quiet exchange print-success is off for the
// whole exchange, so the solver prints only what a command has to print:
// an error, a check-sat answer, a model. Its end is the answer of a
// closing (get-info :assertion-stack-levels), which also says whether
// the closing pop (or reset) left the stack where the session's tracked
// stack is. Print-success stays off afterwards, so a run of exchanges
// costs no print-success command at all; a call that reads one response
// per command (Exec, Batch) turns it on again first (Session.loud).
//
// Without a success per command, an error is not tied to its command by
// position. The replies of a quiet exchange are rebuilt (spreadReplies)
// as the solver would have printed them with print-success on: a success
// for each command that prints nothing but an error, placed among the
// printed responses. An error in a run of such commands is given to the
// last ones of the run (a refused assertion is usually right before the
// check-sat); everything else about the replies is as printed, so an
// error before the check-sat answer still comes before it.

// quietProbe asks the stack depth: its answer ends a quiet exchange.
const (
	quietProbe    = "(get-info :assertion-stack-levels)"
	quietProbeAns = "(:assertion-stack-levels"
	psOff         = "(set-option :print-success false)"
	psOn          = "(set-option :print-success true)"
)

// quietCmd is one command of a quiet exchange.
type quietCmd struct {
	text string
	// silent: it prints nothing on success with print-success off
	// (declarations, assertions, options, push, pop, reset); otherwise
	// it always prints a response (check-sat, get-…, echo)
	silent bool
	// internal: the session's own command (print-success off, a reset
	// of Fresh): a success of it is no reply, an error is
	internal bool
	// pop: the exchange's closing pop, which the depth check confirms
	pop bool
}

// quietClass says whether cmd prints nothing but an error with
// print-success off (silent) and whether a quiet exchange can frame it
// at all (ok): commands of unknown output, and a get-info of the closing
// probe's keyword, go through the print-success exchange.
func quietClass(cmd string) (silent, ok bool) {
	head, arg := commandHead(cmd)
	switch {
	case head == "assert", head == "push", head == "pop", head == "reset", head == "reset-assertions",
		head == "set-option", head == "set-info", head == "set-logic", isDeclaration(head):
		return true, true
	case head == "get-info" && strings.HasPrefix(arg, ":assertion-stack-levels"):
		return false, false
	case head == "check-sat", head == "check-sat-assuming", head == "echo", strings.HasPrefix(head, "get-"):
		return false, true
	}
	return false, false
}

// quietUsable says whether an exchange of cmds can run quiet with this
// session's solver: the profile allows it, the solver answered the depth
// probe (see probeQuiet) and every command's output is known.
func (s *Session) quietUsable(cmds []string) bool {
	if s.p.Quirks.NoGetInfo || s.p.Quirks.LoudExchange || s.quietState < 0 {
		return false
	}
	for _, c := range cmds {
		if _, ok := quietClass(c); !ok {
			return false
		}
	}
	return true
}

// probeQuiet asks the solver its stack depth once per session, before the
// first quiet exchange: a solver that does not answer it with the depth
// gets the print-success exchange from then on. fail is the reply of a
// probe that got no response (the process is gone).
func (s *Session) probeQuiet(ctx context.Context) (fail *Reply) {
	if s.quietState != 0 {
		return nil
	}
	r := s.roundTrip(ctx, quietProbe)
	if r.Kind == ReplyNone {
		if r.Status != StatusTimeout {
			s.quietState = -1 // it died of the question
		}
		return &r
	}
	s.quietState = -1
	if d, ok := probeDepth(r.Raw); ok && d == len(s.levels)-1 {
		s.quietState = 1
	}
	return nil
}

// probeDepth reads the depth in "(:assertion-stack-levels N)".
func probeDepth(raw string) (int, bool) {
	rest, ok := strings.CutPrefix(raw, quietProbeAns)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(rest, ")")))
	return n, err == nil && n >= 0
}

// loud turns print-success on again after a quiet exchange, for a call
// that reads one response per command; a reply means it failed (the
// process is gone).
func (s *Session) loud(ctx context.Context) *Reply {
	if s.cur == nil || !s.cur.quiet {
		return nil
	}
	r := s.roundTrip(ctx, psOn)
	if r.Kind == RespSuccess {
		s.cur.quiet = false
		return nil
	}
	if r.Kind != ReplyNone {
		s.teardown()
		r = Reply{Kind: ReplyNone, Status: StatusError, Message: fmt.Sprintf("turning :print-success on again failed (%s %s); solver process killed", r.Raw, r.Message)}
	}
	return &r
}

// quietExchange runs an exchange of cmds (Isolated, or Fresh with reset)
// with print-success off; see the comment at the top of this file. It
// reads up to the answer of the closing depth probe and drops the process
// when that depth is not the tracked stack's.
func (s *Session) quietExchange(ctx context.Context, inc *incarnation, w *callWait, reset bool, cmds []string, ex *Exchange) {
	all := make([]quietCmd, 0, len(cmds)+6)
	if !inc.quiet {
		all = append(all, quietCmd{text: psOff, silent: true, internal: true})
	}
	want := 0
	if reset {
		if len(s.levels) > 1 || len(s.levels[0]) > 0 {
			all = append(all, quietCmd{text: "(reset)", silent: true, internal: true}, quietCmd{text: psOff, silent: true, internal: true})
		}
		s.levels = [][]stackCmd{nil}
		s.global = false
	} else {
		want = len(s.levels) - 1
		all = append(all, quietCmd{text: "(push 1)", silent: true})
	}
	for _, c := range cmds {
		silent, _ := quietClass(c)
		all = append(all, quietCmd{text: c, silent: silent})
	}
	if reset {
		all = append(all, quietCmd{text: "(reset)", silent: true, internal: true}, quietCmd{text: psOff, silent: true, internal: true})
	} else {
		all = append(all, quietCmd{text: "(pop 1)", silent: true, pop: true})
	}
	texts := make([]string, 0, len(all)+1)
	for _, c := range all {
		texts = append(texts, c.text)
	}
	werr := s.writeAll(inc, joinCommands(append(texts, quietProbe)), w.deadline)
	inc.quiet = true
	var outs []Reply
	for limit := 4*len(all) + 64; ; limit-- {
		r := s.readReply(ctx, inc, w)
		if r.Kind == ReplyNone {
			<-werr
			ex.Failure = r
			ex.Replies = spreadReplies(all, outs, false, true)
			return
		}
		if r.Kind == RespOther && strings.HasPrefix(r.Raw, quietProbeAns) {
			<-werr // everything was answered, so everything was written
			d, ok := probeDepth(r.Raw)
			depthOK := ok && d == want
			ex.Replies = spreadReplies(all, outs, true, depthOK)
			if !depthOK {
				s.teardown() // the pop or reset did not leave the stack as tracked
			}
			if printedSuccess(afterPsOff(all, outs)) {
				// the solver ignores print-success off: the
				// replies above are as printed, but a later
				// exchange gets the print-success protocol
				s.quietState = -1
			}
			return
		}
		outs = append(outs, r)
		if limit == 0 {
			s.teardown()
			<-werr
			ex.Replies = spreadReplies(all, outs, false, true)
			ex.Failure = Reply{Kind: ReplyNone, Status: StatusError, Message: fmt.Sprintf("no end of the exchange after %d responses; solver process killed", len(outs))}
			return
		}
	}
}

// afterPsOff is outs without the success a solver may print for the
// exchange's opening print-success off before it takes effect.
func afterPsOff(cmds []quietCmd, outs []Reply) []Reply {
	if len(cmds) > 0 && cmds[0].text == psOff && len(outs) > 0 && outs[0].Kind == RespSuccess {
		return outs[1:]
	}
	return outs
}

func printedSuccess(outs []Reply) bool {
	for _, r := range outs {
		if r.Kind == RespSuccess {
			return true
		}
	}
	return false
}

func isErrorReply(r Reply) bool { return r.Kind == RespError || r.Kind == RespUnsupported }

var quietSuccess = Reply{Kind: RespSuccess, Status: StatusUnknown, Raw: "success"}

// spreadReplies rebuilds the replies of a quiet exchange of cmds from
// the responses printed (outs, the closing probe's answer left out) as
// the print-success exchange gives them: one per command, a success for
// each silent command that printed nothing, and a response's extra
// responses (z3's model_validate error after sat) after it. complete says
// the exchange ended with the probe's answer; otherwise the solver
// stopped (a timeout, a crash), and the replies end at the first command
// that prints a response whose response is missing. popOK says the depth
// probe confirmed the closing pop (it then printed nothing).
//
// Placement of an error printed between responses: it answers a silent
// command of the run of silent commands before the next response, the
// last ones of the run first, as long as the commands that print a
// response still get one each; an error the run cannot take is the
// response of the next command, or an extra response of the one before
// the run when there are more errors than silent commands left to take
// them. A solver that printed success (it ignores print-success off) is
// read one response per command, as printed.
func spreadReplies(cmds []quietCmd, outs []Reply, complete, popOK bool) []Reply {
	if outs = afterPsOff(cmds, outs); printedSuccess(outs) {
		return outs
	}
	res := make([]Reply, 0, len(cmds)+2)
	j := 0
	for i := 0; i < len(cmds); {
		e := i // the run of silent commands cmds[i:e]
		for e < len(cmds) && cmds[e].silent {
			e++
		}
		failable := e - i
		if e > i && cmds[e-1].pop && popOK && complete {
			failable--
		}
		r := 0 // errors printed in a row from outs[j]
		for j+r < len(outs) && isErrorReply(outs[j+r]) {
			r++
		}
		// rest: commands after the run that print a response; later:
		// silent ones that may print an error
		rest, later := 0, 0
		for _, c := range cmds[e:] {
			switch {
			case !c.silent:
				rest++
			case !(c.pop && popOK && complete):
				later++
			}
		}
		m, extra := min(failable, r), r-min(failable, r)
		if complete {
			// the outputs beyond one per command that prints a
			// response are errors of silent commands, this run's
			// first, then later ones', and extra responses only
			// when those cannot take them all
			surplus := max(0, len(outs)-j-rest)
			m = min(m, surplus)
			extra = min(r-m, max(0, surplus-m-later))
		}
		res = append(res, outs[j:j+extra]...)
		j += extra
		for x := i; x < e; x++ {
			c := cmds[x]
			var rep Reply
			switch pos := x - i; {
			case c.pop && popOK && complete:
				rep = quietSuccess
			case pos >= failable-m && pos < failable:
				rep = outs[j]
				j++
			case c.pop && complete:
				rep = Reply{Kind: RespError, Status: StatusError, Raw: `(error "the closing pop left the stack at another depth")`,
					Message: "the closing pop left the stack at another depth"}
			default:
				rep = quietSuccess
			}
			if !c.internal || rep.Kind != RespSuccess {
				res = append(res, rep)
			}
		}
		if e == len(cmds) {
			break
		}
		// cmds[e] prints a response
		if j >= len(outs) {
			if !complete {
				break // the solver stopped here
			}
			i = e + 1
			continue
		}
		res = append(res, outs[j])
		j++
		i = e + 1
	}
	return append(res, outs[j:]...)
}
