package diver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/eval/modelcheck"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// The unsat oracle (issue 26 §3). DIVER's mutants of a satisfiable seed
// are satisfiable, so a solver that wrongly answers sat can never trip
// its oracle. A seed the solver under test answers unsat (in its default
// mode, one-shot, with the seed limit; or --model-from's solver) is an
// unsat seed: its mutants add conjuncts (φ ∧ ψ is unsat when φ is) or
// rewrite a subterm into one equal to it under every interpretation
// (rewrite.go), so every mutant is unsatisfiable and a sat answer is a
// candidate. A candidate becomes a finding (soundness, "sat on an unsat
// formula") only when it is answered sat again in a fresh process (or a
// fresh session, for one found in a push/pop session), the solver's
// model is unreadable, absent or falsifies an assertion by tandem's
// evaluator, and the solver in its default mode answers the mutant unsat
// one-shot (or the seed says (set-info :status unsat)). A model the
// evaluator accepts means the seed is not unsat or the evaluator is
// wrong: counted and kept under Options.ErrorDir, never reported.

// UnsatStats counts the unsat side of DIVER (counters "unsat_…").
type UnsatStats struct {
	Seeds           int64 // unsat seeds used
	StatusConflict  int64 // seeds answered unsat whose (set-info :status sat) says otherwise (skipped)
	Mutants         int64 // unsat-seed mutants sent to the solver
	Strengthened    int64 // mutants made by adding a conjunct
	Rewritten       int64 // mutants made by an equivalence rewrite
	NoMutant        int64 // mutation attempts that gave nothing (no rule applied, or over MaxNodes)
	Unsat           int64 // answered unsat (the mutant joins the pool)
	SatCandidates   int64 // answered sat: candidates of the unsat oracle
	SatSelfCheck    int64 // of SatCandidates: sat, then a failed self-check (z3: "an invalid model was generated"); counted as sat, not as crashes
	Unknown         int64 // answered unknown
	Timeout         int64 // timeouts and memouts at Options.Timeout
	Cut             int64 // stopped by the adaptive limit below Options.Timeout
	Error           int64 // error answers (no candidate)
	Crash           int64 // crashes and failed self-checks without a sat answer
	NotReproduced   int64 // candidates not answered sat again in a fresh process or session
	ModelAccepted   int64 // candidates whose model tandem's evaluator accepts: seed not unsat, or the evaluator is wrong (kept, not reported)
	ModelUndefined  int64 // candidates whose model leaves an assertion undefined and falsifies none (kept, not reported)
	DefaultNotUnsat int64 // candidates the default mode does not answer unsat either, with no :status unsat (kept, not reported)
	Findings        int64 // candidates reported
	// ByLogic counts the unsat seeds used per logic (counters "unsat
	// seeds: LOGIC").
	ByLogic map[string]int64
}

func (u *UnsatStats) record(c *campaign.Stats) {
	for k, v := range map[string]int64{
		"unsat_seeds": u.Seeds, "unsat_seed_status_conflict": u.StatusConflict, "unsat_mutants": u.Mutants,
		"unsat_strengthened": u.Strengthened, "unsat_rewritten": u.Rewritten, "unsat_no_mutant": u.NoMutant,
		"unsat_answer_unsat": u.Unsat, "unsat_answer_sat": u.SatCandidates, "unsat_sat_self_check_failed": u.SatSelfCheck, "unsat_answer_unknown": u.Unknown,
		"unsat_answer_timeout": u.Timeout, "unsat_answer_cut": u.Cut, "unsat_answer_error": u.Error, "unsat_answer_crash": u.Crash,
		"unsat_not_reproduced": u.NotReproduced, "unsat_model_accepted": u.ModelAccepted, "unsat_model_undefined": u.ModelUndefined,
		"unsat_default_not_unsat": u.DefaultNotUnsat, "unsat_findings": u.Findings,
		campaign.InputsCounter + "unsat-seed mutants": u.Mutants,
	} {
		if v != 0 {
			c.Count(k, v)
		}
	}
	for k, v := range u.ByLogic {
		c.Count("unsat seeds: "+k, v)
	}
}

// StrengthenProb is the probability that an unsat-seed mutant adds a
// conjunct; otherwise it rewrites one subterm (rewrite.go).
const StrengthenProb = 0.5

// Finding tags of the unsat oracle in a finding's Details (see
// detailTag): the oracle, the default-mode spec Reproduce runs, and
// whether the seed declared :status unsat.
const (
	oracleTag     = "<!-- diver-oracle: "
	oracleUnsat   = "unsat"
	defaultTag    = "<!-- diver-default: "
	seedStatusTag = "<!-- diver-seed-status: "
	// The error kinds (counters "error: KIND") of the unsat oracle's
	// candidates that are not findings; each mutant is kept under
	// Options.ErrorDir with the solver's output.
	UnsatModelAccepted   = "unsat oracle: model accepted"
	UnsatModelUndefined  = "unsat oracle: model undefined"
	UnsatDefaultNotUnsat = "unsat oracle: default mode not unsat"
	// UnsatMessage is the message of the unsat oracle's findings (with the
	// logic in parentheses).
	UnsatMessage = "sat on an unsat formula"
)

// unsatSeed is what round knows of a seed the solver answered unsat.
type unsatSeed struct {
	ss      *seedScript
	name    string
	base    *solver.Profile // the solver under test in its default mode (with the seed's needs)
	res     *solver.Result  // the seed's unsat run
	version string
	status  string // the seed's (set-info :status …)
	// seedSolver is the spec of the solver that answered the seed unsat
	seedSolver string
}

// seedStatus is the value of a script's (set-info :status …), "" when
// it has none.
func seedStatus(sc *smtlib.Script) string {
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdSetInfo && c.Name == ":status" {
			return strings.TrimSpace(c.Value)
		}
	}
	return ""
}

// unsatMutator makes the unsatisfiable mutants of an unsat seed.
type unsatMutator struct {
	st    *smt.Store
	opt   *Options
	gen   *Generator
	rw    *rewriter
	sizes map[*smt.Term]int
	stats *UnsatStats
}

// mutate is one unsat-preserving mutation of parent (nil when none
// applied): with probability StrengthenProb a Boolean term from DIVER's
// generator over the seed's constants is added as a new assertion or
// conjoined to one, else one subterm of one assertion is rewritten.
func (m *unsatMutator) mutate(r *rand.Rand, parent *Seed) *Mutant {
	as := append([]*smt.Term(nil), parent.Formula.Assertions()...)
	if r.Float64() < StrengthenProb {
		psi := m.gen.Term(r, smt.BoolSort())
		if psi == nil {
			return nil
		}
		if i := r.IntN(len(as) + 1); i == len(as) {
			as = append(as, psi)
		} else if as[i], _ = m.st.Apply(smt.OpAnd, nil, swap(r, as[i], psi)...); as[i] == nil {
			return nil
		}
		m.stats.Strengthened++
	} else {
		i := r.IntN(len(as))
		q := m.rw.rewriteAssertion(r, as[i])
		if q == nil {
			return nil
		}
		as[i] = q
		m.stats.Rewritten++
	}
	f, err := lazyFormula(m.st, as, m.opt.MaxNodes, m.sizes)
	if err != nil {
		return nil
	}
	return &Mutant{Seed: &Seed{Formula: f, st: m.st}}
}

// MaxUnexplained ends an unsat seed's iteration after this many
// candidates that are not findings (a model the evaluator accepts or
// leaves undefined, a default mode that does not say unsat): such a seed
// is likely not unsat, and every further candidate costs re-runs.
const MaxUnexplained = 3

// unsatRound is an iteration on an unsat seed: Options.Mutants
// unsat-preserving mutants, chained through a pool as Alg. 1's are (a
// mutant answered unsat joins it), each solved as sat-seed mutants are
// (incremental or one-shot, with DIVER's option fuzzing and the adaptive
// limit) and judged by the unsat oracle.
func (d *Diver) unsatRound(ctx context.Context, r *rand.Rand, st *Stats, cst *campaign.Stats, us unsatSeed) ([]campaign.Finding, error) {
	ss, u := us.ss, &st.Unsat
	if us.status = seedStatus(ss.sc); us.status == "sat" {
		u.StatusConflict++
		return nil, d.skipSeed(st, cst, us.name, SkipStatusSat, true)
	}
	sizes := map[*smt.Term]int{}
	f, err := lazyFormula(ss.st, ss.assertions, d.opt.MaxNodes, sizes)
	if err != nil {
		return nil, d.skipSeed(st, cst, us.name, SkipTooLarge, true)
	}
	u.Seeds++
	if u.ByLogic == nil {
		u.ByLogic = map[string]int64{}
	}
	u.ByLogic[logicName(ss.logic)]++
	vars := make([]*smt.Term, 0, len(ss.consts))
	for _, c := range ss.consts {
		vars = append(vars, ss.st.Const(c))
	}
	gen := NewGenerator(ss.st, &d.opt, ss.logic, vars, ss.literals, d.acceptOperator)
	gen.useFuncs(ss.funcs)
	m := &unsatMutator{st: ss.st, opt: &d.opt, gen: gen, rw: newRewriter(ss.st, gen), sizes: sizes, stats: u}
	pool := []*Seed{{Formula: f, st: ss.st}}
	rn := newRunner(d, ss, st, cst)
	rn.unsat = true
	defer rn.close()
	if d.modelFrom == nil {
		rn.limit.answered(us.res.CPU())
	}
	var iterP *solver.Profile
	perIteration := !rn.oneShot
	if perIteration {
		iterP = d.iterationOptions(r, us.base)
	}
	var findings []campaign.Finding
	seen := map[string]bool{}
	failures, unexplained := 0, 0
	for i := 0; i < d.opt.Mutants && unexplained < MaxUnexplained; {
		if ctx.Err() != nil {
			return findings, nil
		}
		mu := m.mutate(r, pool[r.IntN(len(pool))])
		if mu == nil {
			u.NoMutant++
			if failures++; failures > 20*d.opt.Mutants+100 {
				break
			}
			continue
		}
		i++
		u.Mutants++
		p := d.mutantOptions(r, us.base, perIteration, iterP, st)
		var script []byte
		if rn.oneShot {
			script = cachedScriptText(&rn.texts, ss.header, nil, mu.Formula.Assertions(), true)
		}
		a, err := rn.run(ctx, p, mu, script)
		if err != nil {
			return findings, err
		}
		if ctx.Err() != nil {
			return findings, nil
		}
		// An option the solver refuses is retired only when it then gives
		// no answer: z3 trunk refuses smt.string_solver=z3str3 and answers
		// anyway, with a changed configuration that says sat on unsat
		// queries (Z1), which is what this side is looking for.
		if !a.answered && d.retireRefused(p, us.base, a, a.status == solver.StatusError, "\n"+a.reason, st) && p == iterP {
			iterP = nil
		}
		if script == nil {
			script = scriptText(ss.header, nil, mu.Formula.Assertions(), true)
		}
		var found SessionStyle
		if a.res == nil {
			found = SessionPush
			if a.reset {
				found = SessionReset
			}
		}
		switch {
		case a.saidSat:
			u.SatCandidates++
			if a.status == solver.StatusCrash {
				u.SatSelfCheck++
			}
			key := UnsatMessage + "|" + spec(p)
			if seen[key] {
				continue
			}
			fd, explained, err := d.confirmUnsat(ctx, cst, st, us, p, script, found, a)
			if err != nil {
				return findings, err
			}
			if fd != nil {
				seen[key] = true
				u.Findings++
				findings = append(findings, *fd)
			} else if !explained {
				unexplained++
			}
		case a.status == solver.StatusUnsat:
			u.Unsat++
			pool = addPool(r, pool, mu.Seed)
		case a.status == solver.StatusUnknown:
			u.Unknown++
		case a.cut:
			u.Cut++
		case a.status == solver.StatusTimeout || a.status == solver.StatusMemout:
			u.Timeout++
		case a.status == solver.StatusCrash:
			u.Crash++
			fd, err := d.unsatCrash(ctx, cst, st, us, p, script, found, a, seen)
			if err != nil {
				return findings, err
			}
			if fd != nil {
				findings = append(findings, *fd)
			}
		default:
			u.Error++
			_, _, msg := judgeAnswer(a, ss.logic, nil)
			st.errorKind(msg)
			d.keepError(script, spec(p), msg, a.output)
		}
	}
	return findings, nil
}

// unsatCrash confirms a crash (or failed self-check) on an unsat-seed
// mutant as sat-seed crashes are confirmed (confirm), one per signature
// per iteration.
func (d *Diver) unsatCrash(ctx context.Context, cst *campaign.Stats, st *Stats, us unsatSeed, p *solver.Profile, script []byte, found SessionStyle, a answer, seen map[string]bool) (*campaign.Finding, error) {
	_, fd, _ := judgeAnswer(a, us.ss.logic, nil)
	key := string(fd.Class) + "|" + fd.Message + "|" + spec(p)
	if seen[key] {
		return nil, nil
	}
	var history func() ([]byte, bool)
	if a.ses != nil {
		history = a.ses.History
	}
	c, err := confirm(ctx, p, d.mode(), d.opt.Timeout, script, "", us.ss.logic, fd, found, history)
	if err != nil {
		return nil, err
	}
	cst.SolverCPU += c.cpu
	cst.SolverWall += c.wall
	cst.Count("recheck_calls", int64(c.runs))
	if c.f == nil {
		st.NotReproduced++
		return nil, nil
	}
	if c.mode == modeHistory {
		script = c.script
	}
	seen[key] = true
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s -->\n%s%s -->\n\n%s\n\n", logicTag, us.ss.logic, modeTag, c.mode, modeText[c.mode])
	fmt.Fprintf(&b, "A mutant of the unsat seed `%s` (unsatisfiable by construction; see docs/diver.md, \"Unsat seeds\").\n", us.name)
	return &campaign.Finding{Class: c.f.Class, Message: c.f.Message, Solver: spec(p), SolverVersion: us.version, Trigger: script,
		Command: command(p, d.mode()), Output: c.output, Details: b.String()}, nil
}

// satCheck is one run of a candidate: did the solver say sat, and what
// tandem's evaluator says of its model.
type satCheck struct {
	said     bool
	verdict  string // verdictRejected, verdictAccepted or verdictUndefined
	evidence string // the falsified assertion, or why the model is unreadable
	errors   []string
	output   []byte
	cpu      time.Duration
	wall     time.Duration
}

// Verdicts of tandem's evaluator on a candidate's model.
const (
	verdictRejected  = "rejected"  // unreadable, absent, or an assertion false
	verdictAccepted  = "accepted"  // every assertion true
	verdictUndefined = "undefined" // no assertion false, some undefined
)

// runCandidate runs script with p in a fresh process (session false) or
// a fresh incremental session, and judges a sat answer's model on the
// script's assertions.
func runCandidate(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte, session bool) (satCheck, error) {
	var c satCheck
	var a answer
	var check func(string) (*modelcheck.Report, string)
	if session {
		var conf confirmation
		var ok bool
		if a, conf, ok = freshSession(ctx, p, mode, timeout, script); !ok {
			return c, nil
		}
		c.cpu, c.wall = conf.cpu, conf.wall
		check = textCheck(script, nil)
	} else {
		res, err := solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{Limits: oneShotLimits(timeout), Mode: mode})
		if err != nil {
			return c, err
		}
		a = resultAnswer(res)
		c.cpu, c.wall = res.CPU(), res.Wall
		check = textCheck(script, res)
	}
	c.said, c.errors, c.output = a.saidSat, a.errors, a.output
	if !c.said {
		return c, nil
	}
	rep, why := check(a.model)
	switch {
	case rep == nil:
		c.verdict, c.evidence = verdictRejected, "the solver's model is unreadable or absent: "+why
	case rep.False > 0:
		c.verdict = verdictRejected
		for _, x := range rep.Assertions {
			if x.Verdict == modelcheck.False {
				c.evidence = "the solver's model falsifies the assertion `" + truncate(x.Term.String(), 2000) + "`"
				break
			}
		}
	case rep.Undefined > 0 || rep.Errors > 0:
		c.verdict = verdictUndefined
	default:
		c.verdict = verdictAccepted
	}
	return c, nil
}

// defaultUnsat runs script one-shot with the default-mode profile and
// says whether it answers unsat (and its answer, for the evidence).
func defaultUnsat(ctx context.Context, base *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte) (bool, string, *solver.Result, error) {
	res, err := solver.Run(ctx, base, solver.BytesInput(script), solver.RunOptions{Limits: oneShotLimits(timeout), Mode: mode})
	if err != nil {
		return false, "", nil, err
	}
	what := res.Status.String()
	if res.Reason != "" {
		what += " (" + res.Reason + ")"
	}
	return res.Status == solver.StatusUnsat, what, res, nil
}

// confirmUnsat re-verifies a sat candidate on an unsat-seed mutant (see
// the comment at the top of the file). explained is false for a
// candidate that is not a finding and that nothing explains (kept under
// Options.ErrorDir).
func (d *Diver) confirmUnsat(ctx context.Context, cst *campaign.Stats, st *Stats, us unsatSeed, p *solver.Profile, script []byte, found SessionStyle, a answer) (_ *campaign.Finding, explained bool, _ error) {
	u := &st.Unsat
	count := func(cpu, wall time.Duration) {
		cst.SolverCPU += cpu
		cst.SolverWall += wall
		cst.Count("recheck_calls", 1)
	}
	mode := modeOneShot
	switch found {
	case SessionPush:
		mode = modeBoth
	case SessionReset:
		mode = modeResetBoth
	}
	c, err := runCandidate(ctx, p, d.mode(), d.opt.Timeout, script, false)
	if err != nil {
		return nil, false, err
	}
	count(c.cpu, c.wall)
	if !c.said && found == SessionPush {
		if c, err = runCandidate(ctx, p, d.mode(), d.opt.Timeout, script, true); err != nil {
			return nil, false, err
		}
		count(c.cpu, c.wall)
		mode = modeIncrementalOnly
	}
	if !c.said {
		u.NotReproduced++
		st.NotReproduced++
		return nil, true, nil
	}
	// counted as an error kind, so that the summary shows it, and kept
	keep := func(kind, why string) {
		st.errorKind(kind)
		d.keepError(script, spec(p), kind+": "+why, c.output)
	}
	switch c.verdict {
	case verdictAccepted:
		u.ModelAccepted++
		keep(UnsatModelAccepted, "sat on an unsat-seed mutant with a model tandem's evaluator accepts: the seed is not unsat, or the evaluator is wrong")
		return nil, false, nil
	case verdictUndefined:
		u.ModelUndefined++
		keep(UnsatModelUndefined, "sat on an unsat-seed mutant with a model under which an assertion is undefined (none false)")
		return nil, false, nil
	}
	defAnswer := "not run: the candidate ran in the default mode"
	ok := false
	if p != us.base {
		var res *solver.Result
		ok, defAnswer, res, err = defaultUnsat(ctx, us.base, d.mode(), d.opt.Timeout, script)
		if err != nil {
			return nil, false, err
		}
		count(res.CPU(), res.Wall)
	}
	if !ok && us.status != "unsat" {
		u.DefaultNotUnsat++
		keep(UnsatDefaultNotUnsat, "sat with a model tandem's evaluator rejects, but the default mode answers "+defAnswer)
		return nil, false, nil
	}
	return &campaign.Finding{Class: campaign.Soundness, Message: fmt.Sprintf("%s (%s)", UnsatMessage, us.ss.logic),
		Solver: spec(p), SolverVersion: us.version, Trigger: script, Command: command(p, d.mode()), Output: c.output,
		Details: unsatDetails(us, p, mode, defAnswer, c)}, true, nil
}

// unsatDetails is the Details of an unsat-oracle finding: the tags
// Reproduce reads, how it was found, and the evidence.
func unsatDetails(us unsatSeed, p *solver.Profile, mode, defAnswer string, c satCheck) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s -->\n%s%s -->\n%s%s -->\n%s%s -->\n", logicTag, us.ss.logic, modeTag, mode, oracleTag, oracleUnsat, defaultTag, spec(us.base))
	if us.status != "" {
		fmt.Fprintf(&b, "%s%s -->\n", seedStatusTag, us.status)
	}
	b.WriteString("\n" + modeText[mode] + "\n\n")
	fmt.Fprintf(&b, "The formula is unsatisfiable by construction: it is a mutant of the seed `%s`, which `%s` answered unsat in its default mode (one-shot)", us.name, us.seedSolver)
	if us.status == "unsat" {
		b.WriteString(" and which declares `(set-info :status unsat)`")
	}
	b.WriteString(", by conjuncts added and subterms rewritten into equal ones (docs/diver.md, \"Unsat seeds\").\n\n")
	fmt.Fprintf(&b, "- options: `%s` (default mode: `%s`)\n", strings.Join(p.Options, " "), spec(us.base))
	b.WriteString("- answer with these options: sat; " + c.evidence + "\n")
	if len(c.errors) > 0 {
		b.WriteString("- the solver's errors in that run: `" + truncate(strings.Join(c.errors, "; "), 1000) + "`\n")
	}
	b.WriteString("- the default mode's answer on this script, one-shot: " + defAnswer + "\n")
	return b.String()
}

// reproduceUnsat is Reproduce for an unsat-oracle finding (the reducer's
// predicate): the trigger must be answered sat with p, in the finding's
// mode, with a model tandem's evaluator rejects, and unsat by the
// default mode one-shot (unless the finding rests on the seed's :status
// unsat).
func (d *Diver) reproduceUnsat(ctx context.Context, p, base *solver.Profile, f *campaign.Finding, trigger []byte) (*campaign.Finding, error) {
	mode := detailTag(f.Details, modeTag)
	c, err := runCandidate(ctx, p, d.mode(), d.opt.Timeout, trigger, mode == modeIncrementalOnly)
	if err != nil || !c.said || c.verdict != verdictRejected {
		return nil, err
	}
	if detailTag(f.Details, seedStatusTag) != "unsat" {
		ok, _, _, err := defaultUnsat(ctx, base, d.mode(), d.opt.Timeout, trigger)
		if err != nil || !ok {
			return nil, err
		}
	}
	return &campaign.Finding{Class: f.Class, Message: f.Message, Details: c.evidence}, nil
}
