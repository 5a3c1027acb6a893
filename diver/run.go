package diver

import (
	"context"
	"fmt"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// answer is what the solver said about one mutant, whichever way it ran:
// one process per mutant (solver.Run) or one scope of an incremental
// session (solver.Session.Isolated).
type answer struct {
	status solver.Status
	// signature is the crash or self-check line ("" for none), signal the
	// signal that ended a one-shot process.
	signature, signal string
	// model is the get-model answer's text ("" when there is none).
	model string
	// errors are the (error "…") messages; reason says why status is not
	// an answer.
	errors []string
	reason string
	res    *solver.Result // the one-shot run, for findings and kept errors
	// output is what the solver printed, for a kept error answer.
	output []byte
	// reset says the mutant ran in a session after a (reset).
	reset bool
	// ses is the session that answered (nil for one-shot), for its
	// history when a finding shows only there.
	ses *solver.Session
	// cpu is the solver CPU the mutant cost (a session's: its processes'
	// CPU over the call, a restart included); cut says the run was
	// stopped by the adaptive limit below Options.Timeout (mutantLimit).
	cpu time.Duration
	cut bool
	// saidSat: the solver printed sat, whatever came before or after
	// (an error, a failed self-check): the unsat oracle's candidate;
	// answered: it printed an answer to check-sat
	saidSat, answered bool
	// errBefore are the (error "…") messages printed before the answer;
	// refused is the first when every one of them refuses an option of
	// the run (see refusedOption): the answer then stands, as a
	// default-mode answer.
	errBefore []string
	refused   string
	said      solver.Status // the check-sat answer printed, when answered
	// cancelled: a stop of tandem's (the budget, a signal) ended the call
	// before its answer: no outcome, the caller returns.
	cancelled bool
}

func resultAnswer(res *solver.Result) answer {
	a := answer{status: res.Status, signature: res.Signature, signal: res.Signal, errors: res.Errors, reason: res.Reason, res: res, output: output(res)}
	if a.answered = len(res.Answers) > 0; a.answered {
		a.said = res.Answers[len(res.Answers)-1]
	}
	a.saidSat = a.answered && a.said == solver.StatusSat
	for _, raw := range res.RawResponses {
		if solver.LooksLikeModel(raw) {
			a.model = raw
			break
		}
	}
	a.errBefore = solver.ErrorsBeforeAnswer(res)
	return a
}

// refusedOption applies the rule for an option the solver refuses before
// it answers (z3 trunk: "invalid parameter for smt.string_solver, valid
// options are …", then sat or unsat): the call ran without that option,
// so its answer is a default-mode answer, counted and judged as such, not
// an error (campaign.RefusedCounter counts it; the refusal's text goes to
// the error kinds). It applies only when every error before the answer
// refuses one of p's options; any other error before the answer still
// means the solver skipped a command of the mutant.
func refusedOption(p *solver.Profile, a *answer) {
	if !a.answered || !solver.RefusedOptions(a.errBefore, p.Options) {
		return
	}
	a.refused = a.errBefore[0]
	if a.status == solver.StatusError {
		a.status, a.reason = a.said, ""
	}
}

// exchangeAnswer reads the replies of one isolated exchange ((push 1),
// the mutant's declarations and assertions, check-sat, get-model, (pop 1))
// with the rules Run applies to a one-shot run's output: a crash or
// self-check signature (z3's model_validate prints its error after sat)
// makes a crash; an error before the answer means the solver skipped a
// command, so the answer is not about the mutant.
func exchangeAnswer(p *solver.Profile, ex solver.Exchange) answer {
	a := answer{status: solver.StatusError}
	answered, errBefore := false, ""
	var out strings.Builder
	for _, r := range ex.Replies {
		out.WriteString(r.Raw + "\n")
		switch r.Kind {
		case solver.RespAnswer:
			if !answered {
				a.status, answered = r.Status, true
				a.saidSat, a.answered, a.said = r.Status == solver.StatusSat, true, r.Status
			}
		case solver.RespError, solver.RespUnsupported:
			if line, _, ok := p.MatchSignature(r.Raw); ok && a.signature == "" {
				a.signature = line
			}
			if r.Kind == solver.RespError {
				a.errors = append(a.errors, r.Message)
			}
			if !answered {
				msg := r.Message
				if r.Kind == solver.RespUnsupported {
					msg = "unsupported"
				}
				if errBefore == "" {
					errBefore = msg
				}
				a.errBefore = append(a.errBefore, msg)
			}
		case solver.RespOther:
			if answered && a.model == "" && solver.LooksLikeModel(r.Raw) {
				a.model = r.Raw
			}
		}
	}
	a.output = []byte(out.String())
	switch {
	case ex.Failed():
		a.status, a.reason, a.signature = ex.Failure.Status, ex.Failure.Message, ex.Failure.Signature
		if a.status == solver.StatusCrash && a.signature == "" {
			a.signature = "crash: " + ex.Failure.Message
		}
	case a.signature != "":
		a.status, a.reason = solver.StatusCrash, "crash signature: "+solver.NormalizeSignature(a.signature)
	case errBefore != "":
		a.status, a.reason = solver.StatusError, "the solver reported an error before answering, so its answer ignores a command: "+errBefore
		if len(a.errors) == 0 {
			a.errors = []string{errBefore}
		}
	case !answered:
		a.reason = "no answer to check-sat"
	}
	return a
}

// HangFactor and HangSlack set the wall-clock limit of a solver call as a
// hang detector around its CPU limit (Options.Timeout): a call ends as a
// timeout when the solver's process tree has used Timeout of CPU, or when
// HangFactor×Timeout+HangSlack of wall time has passed (a solver that
// sleeps, or a machine so loaded that the CPU limit is far away).
const (
	HangFactor = 3
	HangSlack  = 10 * time.Second
)

func hangWall(cpu time.Duration) time.Duration { return HangFactor*cpu + HangSlack }

// oneShotLimits are the limits of one solver process for one mutant
// whose CPU limit is cpu (Options.Timeout, or a mutant's adaptive limit).
func oneShotLimits(cpu time.Duration) solver.Limits {
	return solver.Limits{CPU: cpu, Wall: hangWall(cpu)}
}

// SessionStyle is how an incremental session runs a mutant (see
// Options.Session).
type SessionStyle string

// The session styles.
const (
	// SessionAuto measures both styles on a seed's first mutants and
	// keeps the cheaper (see ProbeMutants).
	SessionAuto SessionStyle = "auto"
	// SessionPush runs a mutant in a (push 1)…(pop 1) scope over the
	// seed's declarations, sent once.
	SessionPush SessionStyle = "push"
	// SessionReset sends (reset) and the whole mutant script
	// (solver.Session.Fresh): the solver's one-shot strategy without a
	// process start.
	SessionReset SessionStyle = "reset"
)

// ProbeMutants is how many mutants of a seed SessionAuto solves in each
// style, alternating push and reset from the first, before it keeps the
// style whose mutants cost the solver less CPU (push on a tie). Which
// mutants are generated does not depend on the choice (only on the
// answers, which the styles share but for timeouts).
const ProbeMutants = 3

// runner runs the mutants of one seed (one iteration): in an incremental
// session per option set (the default), or one solver process each.
type runner struct {
	d        *Diver
	unsat    bool // the unsat side's mutants (see outcome)
	ss       *seedScript
	cst      *campaign.Stats
	st       *Stats
	limit    *mutantLimit // the mutants' CPU limit
	oneShot  bool
	reset    bool                    // sessions run each mutant after a (reset) (Options.Session)
	probing  int                     // SessionAuto: mutants left to measure, alternating styles
	probeCPU [2]time.Duration        // solver CPU of the probed mutants: push, reset
	sessions map[string]*seedSession // by solver spec
	declared map[*smt.Func]bool      // fresh constants made known to ss.sc
	judge    judgeMemo               // judges every mutant (see evaluate)
	names    map[string]*smt.Func    // the constants a model may name (see readPlainModel)
	texts    assertTexts             // the printed assertions (see body)
	// lastModel is the last model text judged, its parse and how many
	// fresh constants were declared then
	lastModel struct {
		text     string
		sm       *smtlib.Model
		declared int
	}
}

// seedSession is one option set's session for a seed.
type seedSession struct {
	s       *solver.Session
	base    bool // the seed's header is declared at the base level
	mutants int
	wall    time.Duration
}

func newRunner(d *Diver, ss *seedScript, st *Stats, cst *campaign.Stats) *runner {
	rn := &runner{d: d, ss: ss, cst: cst, st: st, sessions: map[string]*seedSession{}, declared: map[*smt.Func]bool{}, limit: newMutantLimit(&d.opt)}
	rn.oneShot = d.opt.OneShot
	rn.reset = d.opt.Session == SessionReset
	if d.opt.Session == SessionAuto {
		rn.probing = 2 * ProbeMutants
	}
	if why := incrementalRefusal(d.profile, ss); !rn.oneShot && why != "" {
		rn.oneShot = true
		st.fallback(why)
	}
	return rn
}

// incrementalRefusal says why a seed is run one-shot although incremental
// mode is on ("" when it is not). parseSeed already refuses scripts with
// push, pop or check-sat-assuming; set-option, set-info and named
// assertions of a seed never reach the solver (mutants are printed from
// the seed's declarations and expanded terms), so none of them can leak
// from one mutant into the next.
func incrementalRefusal(p *solver.Profile, ss *seedScript) string {
	switch {
	case !p.Incremental() || p.Quirks.NoPrintSuccess:
		return "no interactive mode: " + p.Name
	case ss.logic == "":
		return "no set-logic"
	}
	return ""
}

// run solves one mutant with profile p (the solver under test with the
// mutant's options) under the seed's current mutant limit, and raises
// that limit's reference by the mutant's CPU when it was answered.
func (rn *runner) run(ctx context.Context, p *solver.Profile, mu *Mutant, script []byte) (answer, error) {
	a, err := rn.runLimited(ctx, p, mu, script, rn.limit.limit())
	if err != nil {
		return a, err
	}
	switch a.status {
	case solver.StatusSat, solver.StatusUnsat, solver.StatusUnknown:
		rn.limit.answered(a.cpu)
	}
	if a.cut && rn.d.opt.RecheckCuts && ctx.Err() == nil {
		probing := rn.probing
		rn.probing = 0 // the re-run is no probe: same style as the cut run
		b, err := rn.runLimited(ctx, p, mu, script, rn.d.opt.Timeout)
		rn.probing = probing
		if err != nil {
			return a, err
		}
		rn.st.cutRecheck(b.status.String(), b.cpu)
	}
	return a, nil
}

// runLimited is run with the CPU limit lim; a timeout under a lim below
// Options.Timeout is a cut (answer.cut, campaign.Stats.LimitCut).
func (rn *runner) runLimited(ctx context.Context, p *solver.Profile, mu *Mutant, script []byte, lim time.Duration) (answer, error) {
	if !rn.oneShot {
		a, ok, err := rn.runIncremental(ctx, p, mu, lim)
		if err != nil || ok {
			return a, err
		}
	}
	res, err := solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{Limits: oneShotLimits(lim), Mode: rn.d.mode()})
	if err != nil {
		return answer{}, fmt.Errorf("diver: running %s: %w", p.Name, err)
	}
	a := resultAnswer(res)
	a.cpu = res.CPU()
	a.cut = res.Status == solver.StatusTimeout && rn.limit.cuts(lim)
	rn.record(ctx, p, &a, res)
	return a, nil
}

// record counts one call of a mutant in the campaign's counters, once,
// under the outcome its oracle judges it to be (outcome): the invariant
// that Stats.reconcile checks. A call a stop of tandem's ended (the
// budget's deadline, a cancel: answer.cancelled) is no outcome, only its
// CPU time is counted; an answer after a refused option is counted as
// that answer (refusedOption).
func (rn *runner) record(ctx context.Context, p *solver.Profile, a *answer, res *solver.Result) {
	refusedOption(p, a)
	if ctx.Err() != nil && (a.status == solver.StatusTimeout || a.status == solver.StatusError) {
		a.cancelled = true
	}
	switch {
	case a.cancelled:
		if res != nil {
			rn.cst.SolverCPU += res.CPU()
			rn.cst.SolverWall += res.Wall
		}
		return
	case a.cut:
		rn.cst.RecordCut(res)
	case res != nil:
		rn.cst.RecordAs(res, rn.outcome(a))
	default:
		rn.cst.RecordStatus(rn.outcome(a))
	}
	if a.refused != "" {
		rn.cst.Count(campaign.RefusedCounter, 1)
		rn.st.errorKind(a.refused)
	}
}

// recordSeed counts a seed's run as record counts a mutant's: a run a
// stop of tandem's ended is no outcome, only its CPU time counts.
func recordSeed(ctx context.Context, cst *campaign.Stats, st *Stats, res *solver.Result) {
	if ctx.Err() != nil && (res.Status == solver.StatusTimeout || res.Status == solver.StatusError) {
		cst.SolverCPU += res.CPU()
		cst.SolverWall += res.Wall
		return
	}
	cst.Record(res)
	st.seedRun(res)
}

// outcome is the status a mutant's call is counted under: its status,
// but on the unsat side (runner.unsat) a sat answer whatever came with it
// (z3's model_validate printing "an invalid model was generated" after
// sat, which alone makes a crash status): the unsat oracle judges it as
// the sat candidate it is, and counting it a crash as well made the
// crash counter of a campaign count every sat answer of z3 trunk's
// unsound configurations (issue 26).
func (rn *runner) outcome(a *answer) solver.Status {
	if rn.unsat && a.saidSat {
		return solver.StatusSat
	}
	return a.status
}

// body is the commands of one mutant inside its scope: the fresh
// constants' declarations, the assertions, check-sat and get-model.
// The assertions' texts come from c (see assertTexts; nil: printed).
func body(mu *Mutant, c *assertTexts) []string {
	if c != nil {
		c.edit = mu.edit
	}
	cmds := make([]string, 0, len(mu.Fresh)+len(mu.Formula.Assertions())+2)
	for _, f := range mu.Fresh {
		cmds = append(cmds, fmt.Sprintf("(declare-fun %s () %s)", smt.QuoteSymbol(f.Name), f.Result))
	}
	for _, a := range mu.Formula.Assertions() {
		cmds = append(cmds, c.assert(a))
	}
	return append(cmds, "(check-sat)", "(get-model)")
}

// runIncremental solves the mutant in the seed's session for p under the
// CPU limit lim; ok is false when the session cannot be used (then the
// caller runs it one-shot, and so does every later mutant of the seed).
func (rn *runner) runIncremental(ctx context.Context, p *solver.Profile, mu *Mutant, lim time.Duration) (answer, bool, error) {
	ses, err := rn.session(ctx, p)
	if err != nil || ses == nil {
		return answer{}, false, err
	}
	if rn.probing > 0 {
		rn.reset = rn.probing%2 == 1 // push first
	}
	usedReset := rn.reset
	var ex solver.Exchange
	if !rn.reset && !ses.base {
		if err := rn.header(ctx, ses); err != nil {
			return answer{}, false, nil
		}
	}
	if err := ses.s.SetCallLimits(lim, hangWall(lim)); err != nil {
		return answer{}, false, err
	}
	cpu0 := ses.s.CPU()
	if rn.reset {
		ses.base = false // the reset drops the header
		ex, err = ses.s.Fresh(ctx, append(rn.ss.header[:len(rn.ss.header):len(rn.ss.header)], body(mu, &rn.texts)...)...)
	} else {
		ex, err = ses.s.Isolated(ctx, body(mu, &rn.texts)...)
	}
	cpu := ses.s.CPU() - cpu0
	if rn.probing > 0 && err == nil {
		rn.probeCPU[boolIndex(rn.reset)] += cpu
		if rn.probing--; rn.probing == 0 {
			rn.reset = rn.probeCPU[1] < rn.probeCPU[0]
			rn.st.AutoReset += int64(boolIndex(rn.reset))
			rn.st.AutoPush += int64(1 - boolIndex(rn.reset))
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return answer{status: solver.StatusError, reason: "cancelled", cancelled: true}, true, nil
		}
		// the session cannot go on (the solver no longer starts)
		rn.closeSession(spec(p))
		rn.oneShot = true
		rn.st.fallback("session: " + err.Error())
		return answer{}, false, nil
	}
	ses.mutants++
	ses.wall += ex.Wall
	a := exchangeAnswer(p, ex)
	a.reset, a.ses, a.cpu = usedReset, ses.s, cpu
	a.cut = a.status == solver.StatusTimeout && rn.limit.cuts(lim)
	if a.status == solver.StatusError && mentionsIncremental(a.errors) {
		// the solver refuses something in incremental mode: this
		// mutant and the rest of the seed go one-shot (whose run is
		// the one counted)
		rn.closeSession(spec(p))
		rn.oneShot = true
		rn.st.fallback("solver: " + campaign.ErrorKind(a.errors[0]))
		return answer{}, false, nil
	}
	rn.record(ctx, p, &a, nil)
	if rn.d.opt.SessionMutants > 0 && ses.mutants >= rn.d.opt.SessionMutants {
		rn.closeSession(spec(p)) // a fresh process for the next mutants
	}
	rn.st.Incremental++
	if usedReset {
		rn.st.ResetMutants++
	}
	return a, true, nil
}

func mentionsIncremental(errs []string) bool {
	for _, e := range errs {
		if strings.Contains(strings.ToLower(e), "incremental") {
			return true
		}
	}
	return false
}

// session returns the seed's session for p, started with the seed's
// header (set-logic, sort and constant declarations) when there is none.
// nil (and no error) means incremental mode does not work for this seed:
// the caller falls back to one-shot.
func (rn *runner) session(ctx context.Context, p *solver.Profile) (*seedSession, error) {
	key := spec(p)
	if ses := rn.sessions[key]; ses != nil {
		return ses, nil
	}
	if len(rn.sessions) >= MaxSessions {
		for k := range rn.sessions { // any one: option sets are drawn at random
			rn.closeSession(k)
			break
		}
	}
	t := rn.d.opt.Timeout
	s, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: rn.d.mode(), CallCPU: t, CallTimeout: hangWall(t)})
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil
		}
		rn.oneShot = true
		rn.st.fallback("session: " + campaign.ErrorKind(err.Error()))
		return nil, nil
	}
	ses := &seedSession{s: s}
	rn.sessions[key] = ses
	if err := rn.header(ctx, ses); err != nil {
		return nil, nil
	}
	return ses, nil
}

// header declares the seed's header at the base of a session; when the
// solver refuses it the session is closed and the seed goes one-shot.
func (rn *runner) header(ctx context.Context, ses *seedSession) error {
	t := rn.d.opt.Timeout // declarations are not a mutant: no adaptive limit
	if err := ses.s.SetCallLimits(t, hangWall(t)); err != nil {
		return err
	}
	rs, err := ses.s.Batch(ctx, rn.ss.header...)
	for _, r := range rs {
		if err == nil && r.Kind != solver.RespSuccess {
			err = fmt.Errorf("%s", r.Message)
		}
	}
	if err != nil {
		for k, x := range rn.sessions {
			if x == ses {
				rn.closeSession(k)
			}
		}
		if ctx.Err() == nil {
			rn.oneShot = true
			rn.st.fallback("header: " + campaign.ErrorKind(err.Error()))
		}
		return err
	}
	ses.base = true
	return nil
}

// modelNames is the seed's constants by quoted symbol, for
// readPlainModel; judgeMutant adds the fresh ones as it declares them.
func (rn *runner) modelNames() map[string]*smt.Func {
	if rn.names == nil {
		rn.names = make(map[string]*smt.Func, len(rn.ss.consts))
		for _, c := range rn.ss.consts {
			rn.names[smt.QuoteSymbol(c.Name)] = c
		}
	}
	return rn.names
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// MaxSessions bounds the sessions (solver processes) one iteration keeps
// open at once: one per option set in use (see Options.OneShot).
const MaxSessions = 3

func (rn *runner) closeSession(key string) {
	ses := rn.sessions[key]
	if ses == nil {
		return
	}
	delete(rn.sessions, key)
	rn.cst.SolverCPU += closeCPU(ses.s)
	rn.cst.SolverWall += ses.wall
	st := ses.s.Stats()
	rn.st.SessionRestarts += int64(st.Restarts)
	rn.st.Sessions++
}

// closeCPU closes a session and returns the CPU its processes used (from
// their rusage, exact once they have been reaped).
func closeCPU(s *solver.Session) time.Duration {
	s.Close()
	return s.Stats().EndedCPU
}

// close ends every session of the iteration.
func (rn *runner) close() {
	for k := range rn.sessions {
		rn.closeSession(k)
	}
}
