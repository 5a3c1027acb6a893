package modelcheck

import (
	"context"
	"fmt"
	"strings"

	"tandem/eval"
	"tandem/smtlib"
	"tandem/solver"
)

// Check is the outcome of one check-sat (or check-sat-assuming) of a
// script: the solver's answer and, for sat, its model evaluated against
// the assertions and the symbols live at that check-sat.
type Check struct {
	// Command is the check-sat's index in the script's commands; Pos is
	// where it is in the file.
	Command int
	Pos     smtlib.Pos
	// Answer is the solver's answer; when the solver gave none (it timed
	// out, crashed or rejected the command) it is the run's status.
	Answer solver.Status
	// Untrusted says why the answer is not about this script: the solver
	// rejected an earlier command (an unknown symbol, a sort it does not
	// take), so it went on with a different assertion stack. Its model is
	// still read but not judged ([Run.Holds] ignores it).
	Untrusted string
	// ModelText, Report and NoModel are as in [Run], for this check-sat.
	ModelText string
	Report    *Report
	NoModel   string
	// Err says the model could not be read or converted.
	Err error
}

// sent is one command of the script written for the solver.
type sent struct {
	kind smtlib.CommandKind
	cmd  int  // index in the script's commands; -1 for one tandem added
	get  bool // the (get-model) after a check-sat
	pos  smtlib.Pos
}

// NeedsIncremental reports whether a one-shot run of the script needs the
// solver's incremental mode: it pushes, pops, resets its assertions,
// checks under assumptions or checks more than once.
func NeedsIncremental(sc *smtlib.Script) bool {
	checks := 0
	for _, c := range sc.Commands {
		switch c.Kind {
		case smtlib.CmdPush, smtlib.CmdPop, smtlib.CmdResetAssertions, smtlib.CmdCheckSatAssuming:
			return true
		case smtlib.CmdCheckSat:
			checks++
		}
	}
	return checks > 1
}

// ScriptForChecks is the script check-model sends to a solver: print-success
// on (so that every command has exactly one response, and an error is
// tied to its command), the script's commands up to its last check-sat
// with a (get-model) after each check-sat (a check-sat added when there is
// none), without what would only add output (get-value, echo, get-info,
// …) or confuse the solver: set-info (cvc5 1.0.3 misreads a multi-line
// |symbol| on standard input) and the set-option commands the profile
// says the solver does not take (nil: every one). It returns the text
// and, for each command sent, what it is.
func ScriptForChecks(sc *smtlib.Script, p *solver.Profile) ([]byte, []sent) {
	var b strings.Builder
	var out []sent
	emit := func(text string, s sent) {
		b.WriteString(text)
		b.WriteByte('\n')
		out = append(out, s)
	}
	const printSuccess = "(set-option :print-success true)"
	emit(printSuccess, sent{kind: smtlib.CmdSetOption, cmd: -1})
	last := -1
	for i, c := range sc.Commands {
		if c.Kind == smtlib.CmdCheckSat || c.Kind == smtlib.CmdCheckSatAssuming {
			last = i
		}
	}
	for i, c := range sc.Commands {
		if last >= 0 && i > last {
			break
		}
		switch c.Kind {
		case smtlib.CmdExit, smtlib.CmdGetModel, smtlib.CmdGetValue, smtlib.CmdEcho, smtlib.CmdGetInfo, smtlib.CmdGetOption,
			smtlib.CmdGetAssignment, smtlib.CmdGetAssertions, smtlib.CmdGetProof, smtlib.CmdGetUnsatCore,
			smtlib.CmdGetUnsatAssumptions, smtlib.CmdSetInfo:
			continue
		case smtlib.CmdSetOption:
			if c.Name == ":print-success" || (p != nil && !p.TakesOption(c.Name)) {
				continue
			}
		}
		emit(c.String(), sent{kind: c.Kind, cmd: i, pos: c.Pos})
		switch c.Kind {
		case smtlib.CmdReset:
			// reset turns print-success off
			emit(printSuccess, sent{kind: smtlib.CmdSetOption, cmd: -1})
		case smtlib.CmdCheckSat, smtlib.CmdCheckSatAssuming:
			emit("(get-model)", sent{kind: smtlib.CmdGetModel, cmd: i, get: true, pos: c.Pos})
		}
	}
	if last < 0 {
		emit("(check-sat)", sent{kind: smtlib.CmdCheckSat, cmd: -1})
		emit("(get-model)", sent{kind: smtlib.CmdGetModel, cmd: -1, get: true})
	}
	return []byte(b.String()), out
}

// reply is the solver's response to one sent command ("" when none came).
type reply struct {
	kind solver.ResponseKind
	st   solver.Status
	text string
	msg  string
	ok   bool
}

// align pairs the commands sent with the solver's responses. With
// print-success every command has exactly one; a solver that does not
// print success (or stops early) is read loosely: answers go to the
// check-sats in order, and the response right after an answer is the
// model of that check-sat.
func align(cmds []sent, rs []string) []reply {
	out := make([]reply, len(cmds))
	strict := true
	for i, c := range cmds {
		if i >= len(rs) {
			break
		}
		k, st, msg := solver.ClassifyResponse(rs[i])
		isCheck := !c.get && (c.kind == smtlib.CmdCheckSat || c.kind == smtlib.CmdCheckSatAssuming)
		if (isCheck && k != solver.RespAnswer && k != solver.RespError && k != solver.RespUnsupported) ||
			(!isCheck && k == solver.RespAnswer) || (!c.get && k == solver.RespOther) || k == solver.RespNoise {
			strict = false
			break
		}
		out[i] = reply{kind: k, st: st, text: rs[i], msg: msg, ok: true}
	}
	if strict {
		return out
	}
	out = make([]reply, len(cmds))
	ci := 0
	for j := 0; j < len(rs); j++ {
		k, st, msg := solver.ClassifyResponse(rs[j])
		if k != solver.RespAnswer {
			continue
		}
		for ci < len(cmds) && (cmds[ci].get || (cmds[ci].kind != smtlib.CmdCheckSat && cmds[ci].kind != smtlib.CmdCheckSatAssuming)) {
			ci++
		}
		if ci >= len(cmds) {
			break
		}
		out[ci] = reply{kind: k, st: st, text: rs[j], msg: msg, ok: true}
		if ci+1 < len(cmds) && cmds[ci+1].get && j+1 < len(rs) {
			if k2, st2, msg2 := solver.ClassifyResponse(rs[j+1]); k2 == solver.RespOther || k2 == solver.RespError {
				out[ci+1] = reply{kind: k2, st: st2, text: rs[j+1], msg: msg2, ok: true}
				j++
			}
		}
		ci++
	}
	return out
}

// harmless reports whether an error or unsupported answer to this command
// leaves the assertion stack as the script means it: options, infos and
// the logic.
func harmless(k smtlib.CommandKind) bool {
	return k == smtlib.CmdSetOption || k == smtlib.CmdSetInfo || k == smtlib.CmdSetLogic
}

// checks turns the aligned replies into one Check per check-sat, reading
// each model against the scope of its check-sat.
func checks(ctx context.Context, sc *smtlib.Script, p *solver.Profile, limits solver.Limits, res *solver.Result, cmds []sent, rs []reply) []Check {
	var out []Check
	st := smtlib.NewStack(sc)
	untrusted := ""
	for i, c := range cmds {
		r := rs[i]
		isCheck := !c.get && (c.kind == smtlib.CmdCheckSat || c.kind == smtlib.CmdCheckSatAssuming)
		switch {
		case c.get:
			if len(out) == 0 {
				continue
			}
			ck := &out[len(out)-1]
			if ck.Answer != solver.StatusSat {
				continue
			}
			switch {
			case !r.ok:
				ck.NoModel = noModelFor(p.Name, res, limits, "")
			case r.kind == solver.RespError:
				ck.NoModel = noModelFor(p.Name, res, limits, r.msg)
			case r.kind != solver.RespOther:
				ck.NoModel = fmt.Sprintf("%s answered (get-model) with %q, not a model", p.Name, r.text)
			default:
				ck.ModelText = r.text
				ck.Report, ck.Err = checkModel(ctx, st, c.cmd, p.Name, r.text)
			}
		case isCheck:
			ck := Check{Command: c.cmd, Pos: c.pos, Answer: res.Status, Untrusted: untrusted}
			switch {
			case r.ok && r.kind == solver.RespAnswer:
				ck.Answer = r.st
			case r.ok:
				ck.Answer = solver.StatusError
				if r.kind == solver.RespUnsupported {
					ck.Answer = solver.StatusUnsupported
				}
				ck.NoModel = fmt.Sprintf("%s answered the check-sat with %q", p.Name, r.text)
			}
			out = append(out, ck)
		case r.ok && (r.kind == solver.RespError || r.kind == solver.RespUnsupported) && !harmless(c.kind) && untrusted == "":
			what := r.msg
			if r.kind == solver.RespUnsupported {
				what = "unsupported"
			}
			untrusted = fmt.Sprintf("%s rejected the %s at %s (%s), so its later answers are about a different script", p.Name, c.kind, c.pos, firstLine(what))
		}
	}
	return out
}

// checkModel reads a model of the check-sat at command k against the
// symbols live there and evaluates the assertions live there.
func checkModel(ctx context.Context, st *smtlib.Stack, k int, name, text string) (*Report, error) {
	if k >= 0 {
		st.Seek(k)
	} else {
		for st.Step() != nil {
		}
	}
	sm, err := st.ParseModel([]byte(text))
	if err != nil {
		return nil, fmt.Errorf("reading %s's model: %w", name, err)
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return nil, fmt.Errorf("converting %s's model: %w", name, err)
	}
	return EvaluateContext(ctx, st.Assertions(), m), nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// noModelFor says why a sat answer has no model: the output cap, the
// solver's error to get-model (msg), or nothing printed.
func noModelFor(name string, res *solver.Result, limits solver.Limits, msg string) string {
	if res.StdoutDropped > 0 {
		limit := limits.OutputCap
		if limit <= 0 {
			limit = solver.DefaultOutputCap
		}
		return fmt.Sprintf("%s answered sat, but its output passed the %d-byte output cap (%d more bytes were dropped): the model is cut off and cannot be checked",
			name, limit, res.StdoutDropped)
	}
	if msg != "" {
		return fmt.Sprintf("%s answered sat, then answered (get-model) with an error: %s", name, msg)
	}
	if res.Status.IsAnswer() || res.Reason == "" {
		return fmt.Sprintf("%s answered sat but printed no model", name)
	}
	return fmt.Sprintf("%s answered sat but printed no model (%s: %s)", name, res.Status, res.Reason)
}
