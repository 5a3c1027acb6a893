package smtserve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"sync"
	"time"

	"tandem/eval"
	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/smtlib"
)

// Session is one interactive SMT-LIB session. Create it with [New], run it
// with [Session.Serve], end it with
// [Session.Close]. It is not meant for concurrent use, apart from Close.
type Session struct {
	opts Options
	mu   sync.Mutex

	rd  *smtlib.Reader
	sc  *smtlib.Script // the reader's symbols in scope, for reading models
	st  *smt.Store
	exp *smt.Expander
	ev  *eval.Evaluator
	out *bufio.Writer

	printSuccess bool
	logic        string
	seedVals     map[string]*big.Int // --seed-model, :tandem-seed
	// produce holds the :produce-unsat-cores, :produce-proofs and
	// :produce-unsat-assumptions options the script set
	produce map[string]bool

	// :global-declarations: the declarations made while it is true outlive
	// pop and reset-assertions, and their Bool and bit-vector constants are
	// fuzzed at every level
	globalDecls  bool
	globalConsts []*smt.Func
	globalBoxes  int
	globalScript []string // their texts, for SADHAK (boxCheck)

	levels  []level // levels[0] is the outermost one
	checked int     // live assertions at the last check-sat: the later ones are the branch

	// fuzzing
	layout    *fuzzysat.Layout
	layoutKey []*smt.Func
	fz        *fuzzysat.Solver
	unsat     unsatCache // assertion sets proved unsat
	ref       refuter    // the refuter, reused

	// the last answer, and the last model this session produced (the seed)
	last      lastAnswer
	lastModel *eval.Model
	recent    []recentModel // the last models, for seeds

	// the fallback, kept in step lazily
	fb     Backend
	fbErr  error  // why the fallback could not be started
	broken string // why the fallback's stack no longer matches ours
	// brokenDepth is the assertion level of the command the fallback
	// rejected: popping it makes the stacks match again
	brokenDepth int
	// brokenGlobal says the rejected command outlives reset-assertions
	brokenGlobal bool
	pending      []pendingCmd
	fbLevels     []int // per open level, the index in pending of its push, or -1 once sent
	// globals are the commands that outlive reset-assertions (set-logic,
	// set-option, global declarations), in order: what a restarted
	// fallback is given
	globals []pendingCmd
	// fbDecls says the fallback was sent a declaration that is not
	// global: z3 4.8.12 keeps the declarations of every level on
	// reset-assertions, although the standard drops them, so then
	// reset-assertions restarts the fallback
	fbDecls bool

	exited bool
	stats  Stats
}

// level is one assertion level: its assertions and the constants declared
// in it.
type level struct {
	asserts []assertion
	consts  []*smt.Func
	boxes   int // closed boxes and oracles declared here
	// script is the text of its declarations, definitions and
	// assertions, in order, for SADHAK (boxCheck)
	script []string
}

type assertion struct {
	term     *smt.Term // as written
	expanded *smt.Term // lets and definitions inlined, annotations removed; nil when that failed
}

type pendingCmd struct {
	text   string
	scoped bool // undone by the pop of its level (declarations, assertions, push, pop)
	depth  int  // the assertion level it was given at
	// decl: a declaration or definition, not global (reset-assertions
	// drops it; z3 does not)
	decl bool
}

// answerSource says who gave the last answer.
type answerSource int

const (
	fromNone answerSource = iota
	fromFuzz              // fuzzing, or another in-process proof (the unsat cache, the refuter)
	fromFallback
)

type lastAnswer struct {
	status    string // "sat", "unsat", "unknown", "" before any
	reason    string // :reason-unknown
	src       answerSource
	model     *eval.Model // fuzz models, and fallback models that parsed
	modelText string      // the fallback's get-model answer
	valid     bool        // the answer is current: no assertion, push or pop since
	cmd       string      // the check-sat command that gave it
}

// New returns a session with opts; the error is a seed it cannot read.
func New(opts Options) (*Session, error) {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	switch {
	case opts.Fuzz.MaxEvals == 0:
		opts.Fuzz.MaxEvals = DefaultMaxEvals
	case opts.Fuzz.MaxEvals < 0:
		opts.Fuzz.MaxEvals = 0 // fuzzysat: no bound
	}
	if opts.Filename == "" {
		opts.Filename = "<stdin>"
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := &Session{opts: opts}
	if opts.Seed != "" {
		vals, err := parseSeed(opts.Seed)
		if err != nil {
			return nil, fmt.Errorf("the seed model: %w", err)
		}
		s.seedVals = vals
	}
	s.resetState()
	return s, nil
}

func (s *Session) resetState() {
	s.levels = []level{{}}
	s.checked = 0
	s.layout, s.layoutKey, s.fz = nil, nil, nil
	s.unsat.clear()
	s.last = lastAnswer{}
	s.lastModel, s.recent = nil, nil
	s.logic = ""
	s.printSuccess = false
	s.pending = nil
	s.fbLevels = nil
	s.globals = nil
	s.broken, s.brokenGlobal = "", false
	s.produce = map[string]bool{}
	s.globalDecls, s.globalConsts, s.globalBoxes = false, nil, 0
	s.globalScript = nil
}

// Stats returns the session's counters.
func (s *Session) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.statsNow()
}

// cpuReporter is a Backend that reports the CPU time its processes used.
type cpuReporter interface{ CPU() time.Duration }

// statsNow is the statistics with the fallback's CPU time so far.
func (s *Session) statsNow() Stats {
	st := s.stats
	if c, ok := s.fb.(cpuReporter); ok {
		st.FallbackCPU += c.CPU()
	}
	return st
}

// Close ends the fallback solver, killing its process tree. It is safe to
// call more than once, and from another goroutine while Serve runs.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closeFallback()
}

func (s *Session) closeFallback() error {
	if s.fb == nil {
		return nil
	}
	err := s.fb.Close()
	if c, ok := s.fb.(cpuReporter); ok {
		s.stats.FallbackCPU += c.CPU()
	}
	s.fb = nil
	s.fbDecls = false
	return err
}

// Serve reads commands from in and writes each response to out as soon as
// it is known, until exit, the end of in, or ctx is done (then the fallback
// is killed and Serve returns ctx's error without waiting for in). The
// error is non-nil only for a failure of in or out, or ctx.
func (s *Session) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	done := make(chan error, 1)
	go func() { done <- s.run(ctx, in, out) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		s.Close()
		return ctx.Err()
	}
}

// run is the read-answer loop.
func (s *Session) run(ctx context.Context, in io.Reader, out io.Writer) error {
	s.out = bufio.NewWriter(out)
	s.rd = smtlib.NewReader(s.opts.Filename, in, smtlib.Options{Interactive: true, MaxBytes: 1 << 62})
	s.st = s.rd.Store()
	s.sc = s.rd.Script()
	s.exp = smt.NewExpander(s.st)
	for {
		c, err := s.rd.Next()
		if err == io.EOF {
			return s.out.Flush()
		}
		s.mu.Lock()
		if ctx.Err() != nil {
			s.mu.Unlock()
			return ctx.Err()
		}
		var el smtlib.ErrorList
		switch {
		case errors.As(err, &el):
			for _, e := range el {
				s.errorf(e.Pos, "%s", e.Msg)
			}
		case err != nil:
			s.mu.Unlock()
			s.out.Flush()
			return err
		default:
			s.do(ctx, c)
		}
		werr := s.out.Flush()
		exited := s.exited
		s.mu.Unlock()
		if werr != nil {
			return werr
		}
		if exited {
			return nil
		}
	}
}

// errorf answers (error "line L column C: msg"), as z3 does.
func (s *Session) errorf(pos smtlib.Pos, format string, args ...any) {
	s.stats.Errors++
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintf(s.out, "(error \"line %d column %d: %s\")\n", pos.Line, pos.Col, strings.ReplaceAll(msg, `"`, `""`))
}

func (s *Session) success() {
	if s.printSuccess {
		s.out.WriteString("success\n")
	}
}

// do answers one well-formed command.
func (s *Session) do(ctx context.Context, c *smtlib.Command) {
	switch c.Kind {
	case smtlib.CmdSetLogic:
		s.logic = c.Name
		s.queue(c.Text, false)
		s.success()
	case smtlib.CmdSetOption:
		s.setOption(c)
	case smtlib.CmdSetInfo:
		if c.Name == ":tandem-seed" {
			vals, err := parseSeed(c.Value)
			if err != nil {
				s.errorf(c.Pos, "%v", err)
				return
			}
			s.seedVals = vals
		}
		s.success()
	case smtlib.CmdGetInfo:
		s.getInfo(c)
	case smtlib.CmdGetOption:
		s.getOption(c)
	case smtlib.CmdDeclareFun, smtlib.CmdDeclareConst, smtlib.CmdDeclareCB, smtlib.CmdDeclareOracleFun:
		s.record(c)
		s.declare(c)
	case smtlib.CmdDeclareSort, smtlib.CmdDefineSort, smtlib.CmdDefineFun, smtlib.CmdDefineConst,
		smtlib.CmdDefineFunRec, smtlib.CmdDefineFunsRec, smtlib.CmdDeclareDatatype, smtlib.CmdDeclareDatatypes,
		smtlib.CmdDeclareCodatatype, smtlib.CmdDeclareCodatatypes:
		s.record(c)
		s.queueDecl(c.Text)
		s.success()
	case smtlib.CmdPush:
		s.push(c.N) // at most smtlib.MaxInteractivePush
		s.success()
	case smtlib.CmdPop:
		s.pop(c.N)
		s.success()
	case smtlib.CmdAssert:
		s.record(c)
		s.assert(c.Term, c.Text)
		s.success()
	case smtlib.CmdReset:
		s.closeFallback()
		s.fbErr = nil
		s.resetState()
		s.success()
	case smtlib.CmdResetAssertions:
		s.resetAssertions()
		s.success()
	case smtlib.CmdCheckSat, smtlib.CmdCheckSatAssuming:
		s.check(ctx, c)
	case smtlib.CmdGetModel:
		s.getModel(ctx, c)
	case smtlib.CmdGetValue:
		s.getValue(ctx, c)
	case smtlib.CmdGetAssignment:
		s.getAssignment(ctx, c)
	case smtlib.CmdGetUnsatCore, smtlib.CmdGetUnsatAssumptions, smtlib.CmdGetProof, smtlib.CmdGetAssertions:
		s.forward(ctx, c)
	case smtlib.CmdEcho:
		fmt.Fprintf(s.out, "%s\n", c.Value)
	case smtlib.CmdExit:
		s.success()
		s.exited = true
	default:
		s.out.WriteString("unsupported\n")
	}
}

func (s *Session) setOption(c *smtlib.Command) {
	switch c.Name {
	case ":print-success":
		switch c.Value {
		case "true", "false":
			s.printSuccess = c.Value == "true"
		default:
			s.errorf(c.Pos, "option :print-success takes true or false, not %s", c.Value)
			return
		}
	case ":regular-output-channel", ":diagnostic-output-channel":
		s.out.WriteString("unsupported\n")
		return
	case ":random-seed":
		var n uint64
		if _, err := fmt.Sscan(c.Value, &n); err != nil {
			s.errorf(c.Pos, "option :random-seed takes a numeral, not %s", c.Value)
			return
		}
		s.opts.Fuzz.Seed = n
		s.fz = nil
		s.queue(c.Text, false)
	case ":global-declarations", ":produce-unsat-cores", ":produce-proofs", ":produce-unsat-assumptions":
		if c.Value != "true" && c.Value != "false" {
			s.errorf(c.Pos, "option %s takes true or false, not %s", c.Name, c.Value)
			return
		}
		if c.Name == ":global-declarations" {
			s.globalDecls = c.Value == "true"
		} else {
			s.produce[c.Name] = c.Value == "true"
		}
		s.queue(c.Text, false)
	default:
		s.queue(c.Text, false)
	}
	s.success()
}

func (s *Session) getOption(c *smtlib.Command) {
	switch c.Name {
	case ":print-success":
		fmt.Fprintf(s.out, "%t\n", s.printSuccess)
	case ":random-seed":
		fmt.Fprintf(s.out, "%d\n", s.opts.Fuzz.Seed)
	case ":produce-models":
		s.out.WriteString("true\n")
	case ":global-declarations":
		fmt.Fprintf(s.out, "%t\n", s.globalDecls)
	case ":produce-unsat-cores", ":produce-proofs", ":produce-unsat-assumptions":
		fmt.Fprintf(s.out, "%t\n", s.produce[c.Name])
	default:
		s.out.WriteString("unsupported\n")
	}
}

func (s *Session) getInfo(c *smtlib.Command) {
	switch c.Name {
	case ":name":
		s.out.WriteString("(:name \"tandem\")\n")
	case ":version":
		v := s.opts.Version
		if v == "" {
			v = "devel"
		}
		fmt.Fprintf(s.out, "(:version %q)\n", v)
	case ":authors":
		s.out.WriteString("(:authors \"the tandem authors\")\n")
	case ":error-behavior":
		s.out.WriteString("(:error-behavior continued-execution)\n")
	case ":reason-unknown":
		r := s.last.reason
		if r == "" {
			r = "unknown"
		}
		fmt.Fprintf(s.out, "(:reason-unknown \"%s\")\n", strings.ReplaceAll(r, `"`, `""`))
	case ":all-statistics":
		s.writeStats()
	case ":assertion-stack-levels":
		fmt.Fprintf(s.out, "(:assertion-stack-levels %d)\n", len(s.levels)-1)
	default:
		s.out.WriteString("unsupported\n")
	}
}

func (s *Session) writeStats() { s.statsNow().Write(s.out) }

// Write prints the statistics as (get-info :all-statistics) answers them:
// a list of keywords and values, as z3 does.
func (st Stats) Write(w io.Writer) {
	fmt.Fprintf(w, "(:queries %d\n :seed-sat %d\n :fuzz-sat %d\n :fuzz-unsat %d\n :cache-unsat %d\n :refute-unsat %d\n :fallback-sat %d\n :fallback-unsat %d\n :fallback-unknown %d\n :box-sat %d\n :box-unsat %d\n :unknown %d\n :invalid-fallback-models %d\n :unchecked-fallback-models %d\n :fuzz-time %.6f\n :prove-time %.6f\n :fallback-time %.6f\n :fallback-cpu %.6f\n :fallback-round-trips %d\n :errors %d)\n",
		st.Queries, st.SeedSat, st.FuzzSat, st.FuzzUnsat, st.CacheUnsat, st.RefuteUnsat, st.FallbackSat, st.FallbackUnsat, st.FallbackUnknown, st.BoxSat, st.BoxUnsat, st.Unknown,
		st.InvalidModels, st.UncheckedModels, st.FuzzTime.Seconds(), st.ProveTime.Seconds(), st.FallbackTime.Seconds(), st.FallbackCPU.Seconds(), st.RoundTrips, st.Errors)
}
