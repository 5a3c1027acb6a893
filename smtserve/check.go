package smtserve

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// check answers check-sat and check-sat-assuming: fuzzing first, then the
// fallback.
func (s *Session) check(ctx context.Context, c *smtlib.Command) {
	s.stats.Queries++
	as := s.assertions()
	var branch, pi []*smt.Term
	expandedOK := true
	for i, a := range as {
		if a.expanded == nil {
			expandedOK = false
			break
		}
		if i < s.checked && c.Kind == smtlib.CmdCheckSat {
			pi = append(pi, a.expanded)
		} else {
			branch = append(branch, a.expanded)
		}
	}
	if c.Kind == smtlib.CmdCheckSatAssuming {
		pi, branch = branch, nil
		for _, t := range c.Terms {
			e, err := s.exp.Expand(t)
			if err != nil {
				expandedOK = false
				break
			}
			branch = append(branch, e)
		}
	}
	s.checked = len(as)
	s.last = lastAnswer{cmd: c.Text}
	if s.boxes() {
		s.boxCheck(ctx, c)
		return
	}
	var all []*smt.Term
	if expandedOK {
		all = append(slices.Clone(pi), branch...)
		if s.prove(all, pi, branch) {
			return
		}
	}
	if expandedOK && s.fuzzable() {
		if s.fuzz(ctx, branch, pi) {
			if s.last.status == "unsat" {
				s.unsat.add(all)
			}
			return
		}
	}
	s.fallbackCheck(ctx, c, as)
	if expandedOK && s.last.status == "unsat" {
		s.unsat.add(all)
	}
}

// prove answers in-process when it can, cheapest first: unsat when the
// query's assertions include a set proved unsat before (the unsat cache);
// sat when the seed — a recent model — satisfies them all; unsat when the
// refuter proves it. The unsat proofs hold in every logic (they read only
// the Boolean structure, and bit-vector comparisons and arithmetic); the
// seed is tried in the logics fuzzing works in.
func (s *Session) prove(all, pi, branch []*smt.Term) bool {
	start := time.Now()
	defer func() { s.stats.ProveTime += time.Since(start) }()
	if s.unsat.covers(all) {
		s.stats.CacheUnsat++
		s.answer("unsat", "", fromFuzz)
		return true
	}
	if s.fuzzable() && s.seedSat(pi, branch) {
		return true
	}
	if _, ok := s.ref.refute(all); ok {
		s.stats.RefuteUnsat++
		s.unsat.add(all)
		s.answer("unsat", "", fromFuzz)
		return true
	}
	return false
}

// fuzzable says whether the logic is one FUZZY-SAT works in: bit-vectors
// and Booleans. Other logics go straight to the fallback.
func (s *Session) fuzzable() bool {
	l := s.logic
	return l == "" || l == "ALL" || strings.Contains(l, "BV") || l == "QF_UF" || l == "QF_SAT"
}

// answer prints and records an answer.
func (s *Session) answer(status, reason string, src answerSource) {
	s.last.status, s.last.reason, s.last.src = status, reason, src
	s.last.valid = true
	if status == "unknown" {
		s.stats.Unknown++
	}
	s.out.WriteString(status)
	s.out.WriteByte('\n')
}

// fuzz tries to answer by FUZZY-SAT; it reports whether it did.
func (s *Session) fuzz(ctx context.Context, branch, pi []*smt.Term) bool {
	start := time.Now()
	defer func() { s.stats.FuzzTime += time.Since(start) }()
	l, err := s.currentLayout()
	if err != nil {
		return false
	}
	if len(branch) == 0 && len(pi) > 0 {
		// nothing new since the last check-sat: the last assertion is the branch
		branch, pi = pi[len(pi)-1:], pi[:len(pi)-1]
	}
	goal := s.st.True()
	if len(branch) == 1 {
		goal = branch[0]
	} else if len(branch) > 1 {
		if goal, err = s.st.Apply(smt.OpAnd, nil, branch...); err != nil {
			return false
		}
	}
	if s.fz == nil {
		opts := s.opts.Fuzz
		opts.Timeout = s.opts.Budget
		s.fz = fuzzysat.NewSolver(l, s.seed(l, pi, branch), opts)
	} else {
		s.fz.SetSeed(s.seed(l, pi, branch))
	}
	res, err := s.fz.SolveQuery(ctx, &fuzzysat.Query{Layout: l, Goal: goal, Pi: pi})
	if err != nil || res == nil {
		return false
	}
	switch res.Status {
	case fuzzysat.Sat:
		m := l.Model(res.Assignment)
		if bad := s.falsified(m, append(slices.Clone(pi), branch...)); bad != "" {
			fmt.Fprintf(s.opts.Log, "tandem smt: fuzzing's model falsifies %s; asking the fallback\n", bad)
			return false
		}
		s.stats.FuzzSat++
		s.satModel(m, pi, branch)
		return true
	case fuzzysat.Unsat:
		s.stats.FuzzUnsat++
		s.answer("unsat", "", fromFuzz)
		return true
	}
	return false
}

// seedSat answers sat when the query's seed (the layout's constants as
// seed gives them) satisfies every assertion, checked by the evaluator —
// the branch first, most often the one it falsifies. In a concolic stream
// the side the run took usually holds at the input that took it.
func (s *Session) seedSat(pi, branch []*smt.Term) bool {
	l, err := s.currentLayout()
	if err != nil || len(branch)+len(pi) == 0 {
		return false
	}
	m := l.Model(s.seed(l, pi, branch))
	if s.falsified(m, append(slices.Clone(branch), pi...)) != "" {
		return false
	}
	s.stats.SeedSat++
	s.satModel(m, pi, branch)
	return true
}

// satModel answers sat with m, a model checked true on pi and branch: the
// model of get-model and get-value, the next seed, and a recent model.
func (s *Session) satModel(m *eval.Model, pi, branch []*smt.Term) {
	s.last.model, s.lastModel = m, m
	s.remember(m, append(slices.Clone(pi), branch...))
	s.answer("sat", "", fromFuzz)
}

// currentLayout lays out the live Bool and bit-vector constants, keeping
// the FUZZY-SAT solver (and its analysis cache) while they do not change.
func (s *Session) currentLayout() (*fuzzysat.Layout, error) {
	cs := s.liveConsts()
	if s.layout != nil && slices.Equal(cs, s.layoutKey) {
		return s.layout, nil
	}
	l, err := fuzzysat.NewLayout(cs)
	if err != nil {
		return nil, err
	}
	s.layout, s.layoutKey, s.fz = l, cs, nil
	return l, nil
}

// seed is the start of the search: zeros, overwritten by the seed values
// (--seed-model, :tandem-seed), overwritten by a model this session
// produced: of the last few, the one checked on the most of the query's
// assertions (the latest of those), else the last model. In a concolic
// stream the last model is often that of the previous branch's flip,
// which falsifies the side the run took — now asserted — while the model
// of that side satisfies it and all of π.
func (s *Session) seed(l *fuzzysat.Layout, pi, branch []*smt.Term) []byte {
	b := make([]byte, l.Size)
	for i, v := range l.Vars {
		if x, ok := s.seedVals[v.Func.Name]; ok && x.Sign() >= 0 && x.BitLen() <= v.Width {
			l.SetBig(b, i, x)
		}
	}
	if m := s.modelFor(pi, branch); m != nil {
		l.FromModel(m, b)
	} else if s.lastModel != nil {
		l.FromModel(s.lastModel, b)
	}
	return b
}

// recentModels is how many of the last models (with the assertions they
// satisfy) seed chooses from.
const recentModels = 8

type recentModel struct {
	m   *eval.Model
	set map[*smt.Term]bool // the assertions (expanded) it was checked on
}

// remember records a model checked true on every term of set.
func (s *Session) remember(m *eval.Model, set []*smt.Term) {
	in := make(map[*smt.Term]bool, len(set))
	for _, t := range set {
		in[t] = true
	}
	if len(s.recent) == recentModels {
		copy(s.recent, s.recent[1:])
		s.recent = s.recent[:recentModels-1]
	}
	s.recent = append(s.recent, recentModel{m, in})
}

// modelFor is the recent model checked on the most terms of pi and
// branch (the latest of those), or nil when none was checked on any.
func (s *Session) modelFor(pi, branch []*smt.Term) *eval.Model {
	var best *eval.Model
	most := 0
	for i := len(s.recent) - 1; i >= 0; i-- {
		n := 0
		for _, ts := range [][]*smt.Term{pi, branch} {
			for _, t := range ts {
				if s.recent[i].set[t] {
					n++
				}
			}
		}
		if n > most {
			best, most = s.recent[i].m, n
		}
	}
	return best
}

// falsified evaluates terms under m and names the first that is not true
// ("" when all are).
func (s *Session) falsified(m *eval.Model, terms []*smt.Term) string {
	ev := s.evaluator(m)
	for i, t := range terms {
		v, err := ev.Eval(t)
		if err != nil {
			return fmt.Sprintf("assertion %d (%v)", i+1, err)
		}
		if b, ok := v.(smt.BoolValue); !ok || !bool(b) {
			return fmt.Sprintf("assertion %d (it is %v)", i+1, v)
		}
	}
	return ""
}

// fallbackCheck asks the fallback, sending the pending commands first, and
// re-checks its model.
func (s *Session) fallbackCheck(ctx context.Context, c *smtlib.Command, as []assertion) {
	replies, why := s.sync(ctx, c.Text, "(get-model)")
	if why != "" {
		s.stats.FallbackUnknown++
		s.answer("unknown", why, fromFallback)
		return
	}
	r := replies[0]
	switch {
	case r.Kind == solver.RespAnswer && r.Status == solver.StatusSat:
	case r.Kind == solver.RespAnswer && r.Status == solver.StatusUnsat:
		s.stats.FallbackUnsat++
		s.answer("unsat", "", fromFallback)
		return
	default:
		s.stats.FallbackUnknown++
		why := "the fallback answered unknown"
		if r.Kind != solver.RespAnswer {
			why = fmt.Sprintf("the fallback failed: %s %s", r.Status, r.Message)
		}
		s.answer("unknown", why, fromFallback)
		return
	}
	mr := replies[1]
	if mr.Kind != solver.RespOther {
		s.stats.UncheckedModels++
		fmt.Fprintf(s.opts.Log, "tandem smt: the fallback's sat at %s came without a model (%s); not checked\n", c.Pos, mr.Message)
		s.stats.FallbackSat++
		s.answer("sat", "", fromFallback)
		return
	}
	s.last.modelText = mr.Raw
	terms := make([]*smt.Term, 0, len(as)+len(c.Terms))
	for _, a := range as {
		terms = append(terms, a.term)
	}
	terms = append(terms, c.Terms...)
	m, verdict := s.checkModel(mr.Raw, terms)
	switch verdict {
	case modelFalse:
		s.stats.InvalidModels++
		fmt.Fprintf(s.opts.Log, "tandem smt: the fallback answered sat at %s with a model that falsifies an assertion; answering unknown\n", c.Pos)
		s.answer("unknown", "the fallback's model falsifies an assertion", fromFallback)
		s.stats.FallbackUnknown++
		return
	case modelUnchecked:
		s.stats.UncheckedModels++
		s.last.model = m
	default:
		s.last.model = m
		set := make([]*smt.Term, 0, len(as))
		for _, a := range as {
			if a.expanded != nil {
				set = append(set, a.expanded)
			}
		}
		s.remember(m, set)
	}
	if m != nil {
		s.lastModel = m
	}
	s.stats.FallbackSat++
	s.answer("sat", "", fromFallback)
}

type modelVerdict int

const (
	modelTrue modelVerdict = iota
	modelFalse
	modelUnchecked
)

// checkModel reads a fallback model and evaluates terms under it: false
// when one is false, unchecked when one cannot be decided (or the model
// cannot be read).
func (s *Session) checkModel(text string, terms []*smt.Term) (*eval.Model, modelVerdict) {
	sm, err := smtlib.ParseModel([]byte(text), s.sc)
	if err != nil {
		return nil, modelUnchecked
	}
	m, err := eval.ModelFromSMTLIB(sm)
	if err != nil {
		return nil, modelUnchecked
	}
	ev := s.evaluator(m)
	verdict := modelTrue
	for _, t := range terms {
		v, err := ev.Eval(t)
		if err != nil {
			verdict = modelUnchecked
			continue
		}
		switch v := v.(type) {
		case smt.BoolValue:
			if !bool(v) {
				return m, modelFalse
			}
		default:
			verdict = modelUnchecked
		}
	}
	return m, verdict
}

// sync starts the fallback if needed, sends the pending commands and then
// cmds in one batch, and returns the replies to cmds, or why it could not.
func (s *Session) sync(ctx context.Context, cmds ...string) ([]solver.Reply, string) {
	if why := s.ensureFallback(ctx); why != "" {
		return nil, why
	}
	start := time.Now()
	defer func() { s.stats.FallbackTime += time.Since(start) }()
	all := make([]string, 0, len(s.pending)+len(cmds))
	for _, p := range s.pending {
		all = append(all, p.text)
	}
	all = append(all, cmds...)
	s.stats.RoundTrips++
	replies, err := s.fb.Batch(ctx, all...)
	np := len(s.pending)
	sent := s.pending
	s.pending = s.pending[:0:0]
	for i := range s.fbLevels {
		s.fbLevels[i] = -1
	}
	if err != nil || len(replies) != len(all) {
		s.broken, s.brokenDepth, s.brokenGlobal = fmt.Sprintf("the fallback failed: %v", err), 0, true
		fmt.Fprintf(s.opts.Log, "tandem smt: %s; its answers are ignored until reset or reset-assertions\n", s.broken)
		s.closeFallback()
		return nil, s.broken
	}
	for i, r := range replies[:np] {
		if sent[i].decl {
			s.fbDecls = true
		}
		if r.Kind == solver.RespSuccess {
			continue
		}
		if h := head(sent[i].text); h == "set-option" || h == "set-info" || h == "set-logic" {
			fmt.Fprintf(s.opts.Log, "tandem smt: the fallback did not take %.80s: %s %s\n", sent[i].text, r.Status, firstLine(r.Message))
			continue
		}
		switch {
		case !sent[i].scoped:
			s.brokenGlobal, s.brokenDepth = true, 0
		case s.broken == "" || sent[i].depth < s.brokenDepth:
			s.brokenDepth = sent[i].depth
		}
		s.broken = fmt.Sprintf("the fallback rejected %.80s: %s %s", sent[i].text, r.Status, firstLine(r.Message))
		fmt.Fprintf(s.opts.Log, "tandem smt: %s; its answers are ignored until that level is popped\n", s.broken)
	}
	if s.broken != "" && !s.brokenGlobal && s.brokenDepth > len(s.levels)-1 {
		s.broken = "" // the batch itself popped what was rejected
	}
	if s.broken != "" {
		return nil, s.broken
	}
	return replies[np:], ""
}

// ensureFallback starts the fallback when there is none; it returns why
// there is none usable ("" when there is).
func (s *Session) ensureFallback(ctx context.Context) string {
	if s.broken != "" {
		return s.broken
	}
	if s.fb != nil {
		return ""
	}
	if s.opts.Fallback == nil {
		return "fuzzing found no answer within its budget, and there is no fallback solver"
	}
	if s.fbErr != nil {
		return s.fbErr.Error()
	}
	fb, err := s.opts.Fallback(ctx)
	if err != nil {
		s.fbErr = fmt.Errorf("the fallback solver could not start: %w", err)
		fmt.Fprintf(s.opts.Log, "tandem smt: %v\n", s.fbErr)
		return s.fbErr.Error()
	}
	s.fb = fb
	return ""
}

// produceOption is the option that get-unsat-core, get-proof and
// get-unsat-assumptions need, and what z3 calls what they give.
var produceOption = map[smtlib.CommandKind]struct{ option, what string }{
	smtlib.CmdGetUnsatCore:        {":produce-unsat-cores", "unsat core"},
	smtlib.CmdGetProof:            {":produce-proofs", "proof"},
	smtlib.CmdGetUnsatAssumptions: {":produce-unsat-assumptions", "unsat assumptions"},
}

// forward answers get-unsat-core, get-proof, get-unsat-assumptions and
// get-assertions as z3 does: an error unless the script turned the
// option on and the last answer is a current unsat; the fallback's answer
// otherwise. An unsat that fuzzing proved has no SMT-LIB core or proof, so
// the fallback is asked the same query again first (one round trip) and
// its core or proof is given, when it proves unsat too.
func (s *Session) forward(ctx context.Context, c *smtlib.Command) {
	p, ok := produceOption[c.Kind]
	switch {
	case !ok: // get-assertions: the fallback holds the same assertions
	case !s.produce[p.option]:
		s.errorf(c.Pos, "%s construction is not enabled, use command (set-option %s true)", p.what, p.option)
		return
	case !s.last.valid || s.last.status != "unsat":
		s.errorf(c.Pos, "%s is not available", p.what)
		return
	case s.last.src == fromFuzz:
		s.reask(ctx, c, p.what)
		return
	}
	s.relay(ctx, c)
}

// reask asks the fallback the query fuzzing proved unsat, and then c.
func (s *Session) reask(ctx context.Context, c *smtlib.Command, what string) {
	if s.opts.Fallback == nil {
		s.errorf(c.Pos, "%s is not available: fuzzing proved unsat, and its proofs give none; run tandem smt with a fallback solver (--fallback z3) to get one", what)
		return
	}
	replies, why := s.sync(ctx, s.last.cmd, c.Text)
	if why != "" {
		s.errorf(c.Pos, "%s is not available: fuzzing proved unsat, and the fallback solver could not be asked again: %s", what, why)
		return
	}
	r := replies[0]
	if r.Kind != solver.RespAnswer || r.Status != solver.StatusUnsat {
		st := r.Status.String()
		if r.Kind != solver.RespAnswer {
			st = fmt.Sprintf("%s %s", r.Status, firstLine(r.Message))
		}
		if r.Kind == solver.RespAnswer && r.Status == solver.StatusSat {
			fmt.Fprintf(s.opts.Log, "tandem smt: fuzzing proved %s unsat, but the fallback answers sat: one of them is wrong\n", s.last.cmd)
		}
		s.errorf(c.Pos, "%s is not available: fuzzing proved unsat, and the fallback solver asked again answered %s", what, st)
		return
	}
	s.last.src = fromFallback // it holds the same answer now
	s.printReply(c, replies[1])
}

// relay sends c to the fallback and prints its response.
func (s *Session) relay(ctx context.Context, c *smtlib.Command) {
	replies, why := s.sync(ctx, c.Text)
	if why != "" {
		s.errorf(c.Pos, "%s", why)
		return
	}
	s.printReply(c, replies[0])
}

// printReply prints the fallback's reply to c, or an error.
func (s *Session) printReply(c *smtlib.Command, r solver.Reply) {
	if r.Kind == solver.ReplyNone {
		s.errorf(c.Pos, "the fallback failed: %s %s", r.Status, r.Message)
		return
	}
	if r.Kind == solver.RespError {
		s.errorf(c.Pos, "%s", r.Message)
		return
	}
	s.out.WriteString(strings.TrimSpace(r.Raw))
	s.out.WriteByte('\n')
}

func head(cmd string) string {
	c := strings.TrimLeft(cmd, "( \t\r\n")
	if i := strings.IndexAny(c, " \t\r\n()"); i >= 0 {
		return c[:i]
	}
	return c
}

// evaluator is the session's one evaluator, switched to m: a fresh one
// sizes its memo table by the largest term id it meets, which grows with
// the session, so each query would pay for every term read so far.
func (s *Session) evaluator(m *eval.Model) *eval.Evaluator {
	if s.ev == nil {
		s.ev = eval.New(m)
	} else {
		s.ev.SetModel(m)
	}
	return s.ev
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
