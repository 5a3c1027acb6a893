package diver

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// Outcome is the oracle's judgement of one solver run on a mutant.
type Outcome int

// Outcomes of Judge.
const (
	OutcomeSat            Outcome = iota // sat with a model tandem accepts: the mutant rejoins the pool
	OutcomeBug                           // a finding (soundness, invalid model, crash)
	OutcomeUnknown                       // unknown, timeout, memout
	OutcomeError                         // an error response or unreadable output: no finding
	OutcomeModelUndefined                // sat, but the model leaves the mutant undefined
)

// Judge is the oracle (paper §III): the mutant text is satisfied by the
// seed model (modelText), so unsat is a soundness bug and a sat model that
// the evaluator finds false on an assertion is an invalid-model bug; a
// crash or failed self-check is a crash (or, for a model self-check, an
// invalid-model) bug. It returns the finding for OutcomeBug. logic names
// the finding's message. Judge reads everything from the texts (the
// mutant is parsed anew): it is the re-verification of a finding; a
// campaign judges each mutant from the terms it holds (judgeMutant).
func Judge(script []byte, modelText, logic string, res *solver.Result) (Outcome, *campaign.Finding, string) {
	return judgeAnswer(resultAnswer(res), logic, textCheck(script, res))
}

// textCheck evaluates the mutant, parsed anew from its text, under a
// model read against that parse: res's (which also reads models that are
// not SMT-LIB, such as Boolector's), or, with res nil, the model text.
func textCheck(script []byte, res *solver.Result) func(model string) (*modelcheck.Report, string) {
	return func(model string) (*modelcheck.Report, string) {
		sc, err := smtlib.Parse("mutant", script)
		if err != nil {
			return nil, "reparse: " + err.Error()
		}
		var sm *smtlib.Model
		if res != nil {
			sm, err = res.Model(sc)
		} else if model == "" {
			err = solver.ErrNoModel
		} else {
			sm, err = smtlib.ParseModel([]byte(model), sc)
		}
		if err != nil {
			return nil, "model: " + err.Error()
		}
		em, err := eval.ModelFromSMTLIB(sm)
		if err != nil {
			return nil, "model: " + err.Error()
		}
		as, _ := modelcheck.AssertionsAtFirstCheck(sc)
		return modelcheck.Evaluate(as, em), ""
	}
}

// judgeMutant is Judge on the terms DIVER already holds: the solver's
// model text is parsed once, against the seed's script (with the
// mutant's fresh constants declared in it), straight into values, and the
// mutant's assertion terms are evaluated under it. Nothing is printed or
// re-parsed. A model text equal to the previous one (solvers often answer
// a mutant with the model of the one before) is not parsed again while
// no constant has been declared since: the parse depends only on the
// text and the declarations.
func (rn *runner) judgeMutant(a answer, mu *Mutant) (Outcome, *campaign.Finding, string) {
	return judgeAnswer(a, rn.ss.logic, func(model string) (*modelcheck.Report, string) {
		if model == "" {
			return nil, "model: " + solver.ErrNoModel.Error()
		}
		names := rn.modelNames()
		for _, f := range mu.Fresh {
			if !rn.declared[f] {
				if err := rn.ss.sc.Declare(f); err != nil {
					return nil, "model: " + err.Error()
				}
				rn.declared[f] = true
				names[smt.QuoteSymbol(f.Name)] = f
			}
		}
		if em, ok := readPlainModel(model, names); ok {
			if rn.d.checkPlainModel != nil {
				rn.d.checkPlainModel(model, em, rn.ss.sc, names)
			}
			return evaluate(rn.judge.evaluator(em, true, mu.Model), mu.Formula.Assertions()), ""
		}
		sm := rn.lastModel.sm
		if model != rn.lastModel.text || len(rn.declared) != rn.lastModel.declared || sm == nil {
			var err error
			if sm, err = smtlib.ParseModel([]byte(model), rn.ss.sc); err != nil {
				return nil, "model: " + err.Error()
			}
			rn.lastModel.text, rn.lastModel.sm, rn.lastModel.declared = model, sm, len(rn.declared)
		}
		em, err := eval.ModelFromSMTLIB(sm)
		if err != nil {
			return nil, "model: " + err.Error()
		}
		return evaluate(rn.judge.evaluator(em, plainModel(sm, em), mu.Model), mu.Formula.Assertions()), ""
	})
}

// evaluate is modelcheck.Evaluate with the runner's one evaluator (see
// judgeMemo): a new evaluator per mutant would allocate a memo as large
// as the seed's store, which every mutant grows, and evaluate all of the
// formula again.
func evaluate(ev *eval.Evaluator, assertions []*smt.Term) *modelcheck.Report {
	rep := &modelcheck.Report{}
	for i, a := range assertions {
		x := modelcheck.Assertion{Index: i, Term: a}
		v, err := ev.Eval(a)
		if err != nil {
			v = nil
		}
		switch b := v.(type) {
		case nil:
			x.Verdict, x.Err = modelcheck.Error, err
			rep.Errors++
		case smt.BoolValue:
			x.Value, x.Verdict = v, modelcheck.True
			if !b {
				x.Verdict = modelcheck.False
				rep.False++
			} else {
				rep.True++
			}
		case smt.Undefined:
			x.Value, x.Verdict = v, modelcheck.Undefined
			rep.Undefined++
		default:
			x.Verdict, x.Err = modelcheck.Error, fmt.Errorf("assertion has value %s, not a Bool", v)
			rep.Errors++
		}
		rep.Assertions = append(rep.Assertions, x)
	}
	return rep
}

// judgeAnswer applies the oracle's rules to an answer; check evaluates the
// mutant under the answer's model (a report, or why it could not).
func judgeAnswer(a answer, logic string, check func(model string) (*modelcheck.Report, string)) (Outcome, *campaign.Finding, string) {
	switch a.status {
	case solver.StatusCrash:
		msg := a.signature
		if msg == "" {
			msg = "crash: " + a.signal
		}
		class := campaign.Crash
		l := strings.ToLower(msg)
		if strings.Contains(l, "invalid model") || strings.Contains(l, "errors satisfying assertions") {
			class = campaign.InvalidModel
		}
		return OutcomeBug, &campaign.Finding{Class: class, Message: msg}, ""
	case solver.StatusUnsat:
		return OutcomeBug, &campaign.Finding{Class: campaign.Soundness,
			Message: fmt.Sprintf("unsat on a mutant that the seed model satisfies (%s)", logic)}, ""
	case solver.StatusSat:
		rep, why := check(a.model)
		if rep == nil {
			return OutcomeError, nil, why
		}
		if rep.False > 0 {
			var bad string
			for _, r := range rep.Assertions {
				if r.Verdict == modelcheck.False {
					bad = r.Term.String()
					break
				}
			}
			return OutcomeBug, &campaign.Finding{Class: campaign.InvalidModel,
				Message: fmt.Sprintf("sat with a model that falsifies the mutant (%s)", logic)}, bad
		}
		if rep.Undefined > 0 || rep.Errors > 0 {
			return OutcomeModelUndefined, nil, ""
		}
		return OutcomeSat, nil, ""
	case solver.StatusUnknown, solver.StatusTimeout, solver.StatusMemout:
		return OutcomeUnknown, nil, ""
	}
	msg := a.reason
	if len(a.errors) > 0 {
		msg = a.errors[0]
	} else if l := campaign.ErrorLine(a.output); l != "" {
		msg = l + " (" + a.reason + ")" // z3's "ERROR: unknown parameter …" and exit
	}
	return OutcomeError, nil, msg
}

// SatisfiedBy re-checks, from the texts alone, that the seed model
// satisfies the mutant: the script is parsed anew, the model read against
// it (only the symbols the script declares), and every assertion must be
// true. This is the evidence of a soundness finding.
func SatisfiedBy(script []byte, modelText string) (bool, error) {
	sc, err := smtlib.Parse("mutant", script)
	if err != nil {
		return false, err
	}
	declared := map[string]bool{}
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdDeclareFun || c.Kind == smtlib.CmdDeclareConst {
			declared[c.Funcs[0].Name] = true
		}
	}
	var b strings.Builder
	b.WriteString("(\n")
	for _, line := range strings.Split(modelText, "\n") {
		if m := defineName.FindStringSubmatch(line); m != nil {
			name := strings.Trim(m[1], "|")
			if declared[name] {
				b.WriteString(line + "\n")
			}
		}
	}
	b.WriteString(")\n")
	em, err := modelFromText(sc, b.String())
	if err != nil {
		return false, err
	}
	as, _ := modelcheck.AssertionsAtFirstCheck(sc)
	rep := modelcheck.Evaluate(as, em)
	return rep.Holds(), nil
}

var defineName = regexp.MustCompile(`^\s*\(define-fun (\|[^|]*\||\S+) \(`)

// modelBlock and logicLine embed the seed model and logic in a finding's
// Details, from where Reproduce reads them back.
const (
	modelStart = "```smt2 seed-model\n"
	modelEnd   = "```\n"
	logicTag   = "<!-- diver-logic: "
	modeTag    = "<!-- diver-mode: "
)

// Modes a finding was confirmed in (see confirm).
const (
	modeOneShot         = "one-shot"
	modeBoth            = "incremental and one-shot"
	modeIncrementalOnly = "incremental only"
	modeResetBoth       = "reset session and one-shot"
	modeHistory         = "session history"
)

var modeText = map[string]string{
	modeOneShot: "Found and re-verified one-shot: one solver process for the script above.",
	modeBoth: "Found in an incremental session (the seed's declarations once, then (push 1) the mutant's declarations and assertions " +
		"(check-sat) (get-model) (pop 1)) and re-verified one-shot in a fresh process: the script above shows it alone.",
	modeResetBoth: "Found in a session after a (reset) (the whole script above, in a solver process that had solved other mutants before) " +
		"and re-verified one-shot in a fresh process: the script above shows it alone.",
	modeIncrementalOnly: "Incremental only: found in an incremental session and reproduced in a fresh session (the script's set-logic and sort " +
		"declarations, then (push 1), the rest of the script, (pop 1)), but not one-shot: run the script through the solver's " +
		"interactive mode (e.g. z3 -in) inside push/pop to see it.",
	modeHistory: "Session history: found in a session, shown neither by the mutant alone one-shot nor in a fresh session, but by the " +
		"session's history in a fresh process: the script above is every command that solver process read, in order (the mutants " +
		"before this one, the resets or scopes between them, then this mutant). Run it one-shot to see the crash.",
}

func details(logic, modelText, mode, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s -->\n%s%s -->\n\n", logicTag, logic, modeTag, mode)
	if t := modeText[mode]; t != "" {
		b.WriteString(t + "\n\n")
	}
	b.WriteString("The mutant is satisfiable by construction: tandem's evaluator checked that the seed model below satisfies every assertion (and re-checked it from the printed texts before reporting).\n\n")
	b.WriteString(modelStart + modelText + modelEnd)
	if extra != "" {
		b.WriteString("\n" + extra + "\n")
	}
	return b.String()
}

// detailTag is the text of a tag's comment in a finding's Details ("":
// none).
func detailTag(d, t string) string {
	if i := strings.Index(d, t); i >= 0 {
		rest := d[i+len(t):]
		if j := strings.Index(rest, " -->"); j >= 0 {
			return rest[:j]
		}
	}
	return ""
}

func parseDetails(d string) (logic, model, mode string) {
	logic, mode = detailTag(d, logicTag), detailTag(d, modeTag)
	if i := strings.Index(d, modelStart); i >= 0 {
		rest := d[i+len(modelStart):]
		if j := strings.Index(rest, modelEnd); j >= 0 {
			model = rest[:j]
		}
	}
	return
}

// confirmation is the outcome of confirm.
type confirmation struct {
	f      *campaign.Finding // nil: not reproduced
	mode   string            // modeOneShot, modeBoth, modeIncrementalOnly or modeHistory
	script []byte            // modeHistory: the session's history, the finding's trigger
	output []byte            // the reproducing run's output
	cpu    time.Duration     // solver CPU of the re-runs
	wall   time.Duration
	runs   int
}

// confirm re-verifies a candidate finding before it is reported: always
// one-shot, in a fresh process (verify); a candidate found in an
// incremental session that does not reproduce one-shot is tried in a
// fresh session (verifyIncremental), and reported as incremental-only
// when it reproduces there: a bug all the same, in the solver's
// incremental mode. A crash found in a session that shows in neither is
// tried once more with the session's history (verifyHistory). found is
// how the candidate was found: "" (one-shot), SessionPush or SessionReset
// (which runs the script as one-shot does, so only the one-shot re-run
// and the history apply); history gives the session's history (nil for
// one-shot).
func confirm(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte, modelText, logic string, want *campaign.Finding, found SessionStyle, history func() ([]byte, bool)) (confirmation, error) {
	var c confirmation
	f, res, err := verify(ctx, p, mode, timeout, script, modelText, logic, want)
	if err != nil {
		return c, err
	}
	if res != nil {
		c.cpu, c.wall, c.runs, c.output = res.CPU(), res.Wall, 1, output(res)
	}
	if f != nil {
		c.f, c.mode = f, modeOneShot
		switch found {
		case SessionPush:
			c.mode = modeBoth
		case SessionReset:
			c.mode = modeResetBoth
		}
		return c, nil
	}
	if found == "" || res == nil {
		return c, nil
	}
	if found == SessionPush {
		f, ic, err := verifyIncremental(ctx, p, mode, timeout, script, modelText, logic, want)
		if err != nil {
			return c, err
		}
		c.cpu += ic.cpu
		c.wall += ic.wall
		c.runs++
		if f != nil {
			c.f, c.mode, c.output = f, modeIncrementalOnly, ic.output
			return c, nil
		}
	}
	if history == nil || want.Class != campaign.Crash {
		return c, nil
	}
	h, ok := history()
	if !ok {
		return c, nil
	}
	f, hres, err := verifyHistory(ctx, p, mode, timeout, h, want)
	if err != nil {
		return c, err
	}
	if hres != nil {
		c.cpu += hres.CPU()
		c.wall += hres.Wall
		c.runs++
	}
	if f != nil {
		c.f, c.mode, c.output, c.script = f, modeHistory, output(hres), h
	}
	return c, nil
}

// verifyHistory runs a session's history (every command one solver
// process read, up to the crash) as one script in a fresh process, and
// confirms a crash when the same signature comes back. Only crashes are
// confirmed this way: a wrong answer inside a history of many check-sats
// would need each answer paired with its own scope.
func verifyHistory(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, history []byte, want *campaign.Finding) (*campaign.Finding, *solver.Result, error) {
	mode.Incremental = true // many check-sats, resets and scopes
	res, err := solver.Run(ctx, p, solver.BytesInput(history), solver.RunOptions{Limits: oneShotLimits(timeout), Mode: mode})
	if err != nil {
		return nil, nil, err
	}
	if res.Status != solver.StatusCrash {
		return nil, res, nil
	}
	_, f, _ := judgeAnswer(resultAnswer(res), "", nil) // a crash is judged without a model
	if f == nil || f.Class != want.Class || campaign.NormalizeMessage(f.Message) != campaign.NormalizeMessage(want.Message) {
		return nil, res, nil
	}
	return f, res, nil
}

// verifyIncremental re-runs a candidate in a fresh incremental session
// as DIVER's incremental mode would have run it alone: the script's
// set-logic, options and sort declarations at the base level, then one
// isolated scope with the rest (declarations, assertions, check-sat,
// get-model). The evidence is re-checked from the texts as in verify.
func verifyIncremental(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte, modelText, logic string, want *campaign.Finding) (_ *campaign.Finding, c confirmation, _ error) {
	if want.Class == campaign.Soundness {
		if ok, err := SatisfiedBy(script, modelText); err != nil || !ok {
			return nil, c, nil
		}
	}
	a, c, ok := freshSession(ctx, p, mode, timeout, script)
	if !ok {
		return nil, c, nil
	}
	out, f, bad := judgeAnswer(a, logic, textCheck(script, nil))
	if out != OutcomeBug || f.Class != want.Class || campaign.NormalizeMessage(f.Message) != campaign.NormalizeMessage(want.Message) {
		return nil, c, nil
	}
	if bad != "" {
		f.Details = "Falsified assertion under the solver's model: `" + truncate(bad, 2000) + "`"
	}
	return f, c, nil
}

// freshSession runs a script in a fresh incremental session as DIVER's
// incremental mode would have run it alone: the script's set-logic,
// options and sort declarations at the base level, then one isolated
// scope with the rest (declarations, assertions, check-sat, get-model).
// ok is false when the solver or the script has no such session.
func freshSession(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte) (a answer, c confirmation, ok bool) {
	if !p.Incremental() || p.Quirks.NoPrintSuccess {
		return a, c, false
	}
	sc, err := smtlib.Parse("mutant", script)
	if err != nil {
		return a, c, false
	}
	var base, scope []string
	for _, cmd := range sc.Commands {
		switch cmd.Kind {
		case smtlib.CmdSetLogic, smtlib.CmdSetOption, smtlib.CmdSetInfo, smtlib.CmdDeclareSort, smtlib.CmdDefineSort,
			smtlib.CmdDeclareDatatype, smtlib.CmdDeclareDatatypes:
			base = append(base, cmd.String())
		case smtlib.CmdCheckSat, smtlib.CmdGetModel, smtlib.CmdExit:
		case smtlib.CmdPush, smtlib.CmdPop, smtlib.CmdReset, smtlib.CmdResetAssertions, smtlib.CmdCheckSatAssuming:
			return a, c, false
		default:
			scope = append(scope, cmd.String())
		}
	}
	scope = append(scope, "(check-sat)", "(get-model)")
	s, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: mode, CallCPU: timeout, CallTimeout: hangWall(timeout)})
	if err != nil {
		return a, c, false // a solver that has no working session mode shows no incremental bug
	}
	defer func() {
		c.cpu = closeCPU(s)
	}()
	if len(base) > 0 {
		rs, err := s.Batch(ctx, base...)
		if err != nil {
			return a, c, false
		}
		for _, r := range rs {
			if r.Kind != solver.RespSuccess {
				return a, c, false
			}
		}
	}
	ex, err := s.Isolated(ctx, scope...)
	if err != nil {
		return a, c, false
	}
	c.wall = ex.Wall
	a = exchangeAnswer(p, ex)
	refusedOption(p, &a)
	c.output = a.output
	return a, c, true
}

// verify re-runs the solver on a candidate finding and re-checks the
// evidence: a soundness finding needs M ⊨ mutant (SatisfiedBy) and unsat
// again; an invalid-model finding needs a model falsifying the mutant
// again; a crash needs the same signature again.
func verify(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte, modelText, logic string, want *campaign.Finding) (*campaign.Finding, *solver.Result, error) {
	if want.Class == campaign.Soundness {
		ok, err := SatisfiedBy(script, modelText)
		if err != nil || !ok {
			return nil, nil, nil
		}
	}
	res, err := solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{Limits: oneShotLimits(timeout), Mode: mode})
	if err != nil {
		return nil, nil, err
	}
	a := resultAnswer(res)
	refusedOption(p, &a) // judged as the candidate was: an answer after a refused option stands
	out, f, bad := judgeAnswer(a, logic, textCheck(script, res))
	if out != OutcomeBug || f.Class != want.Class || campaign.NormalizeMessage(f.Message) != campaign.NormalizeMessage(want.Message) {
		return nil, res, nil
	}
	if bad != "" {
		f.Details = "Falsified assertion under the solver's model: `" + truncate(bad, 2000) + "`"
	}
	return f, res, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
