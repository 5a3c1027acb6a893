package smtserve

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	"tandem/fuzzysat"
	"tandem/internal/cli"
	"tandem/solver"
)

// DefaultBudget is the fuzzing budget of one check-sat when Options.Budget
// is zero. A concolic executor's queries are answered by the seed or within
// a few hundred evaluations when fuzzing can answer them at all
// (docs/fuzzysat.md: 92% of the SAGE queries by the seed), so a small budget
// loses few answers and bounds what a query fuzzing cannot answer costs
// before the fallback starts.
const DefaultBudget = 10 * time.Millisecond

// DefaultMaxEvals bounds the evaluations of one check-sat's fuzzing when
// Options.Fuzz.MaxEvals is zero (negative: no bound, the budget alone).
// On the 10,000-query concolic script (bench/smtserve) 99.5% of fuzzing's
// sat answers took at most 2,060 evaluations and every unsat proof at
// most 131, while the queries fuzzing cannot answer used the whole budget
// — 95% of fuzzing's evaluations, more the idler the machine, since the
// budget is wall time. The bound makes that cost the machine's speed and
// load do not change (and the answers with it).
const DefaultMaxEvals = 2048

// Options configure a [Session].
type Options struct {
	// Budget bounds the fuzzing of one check-sat (default DefaultBudget).
	Budget time.Duration
	// Fuzz are the FUZZY-SAT options; Fuzz.Timeout is replaced by Budget,
	// and a zero Fuzz.MaxEvals by DefaultMaxEvals.
	Fuzz fuzzysat.Options
	// Fallback starts the solver that answers what fuzzing cannot prove.
	// It is called once, when the first query needs it (and again after a
	// reset). Nil means there is none: such queries are answered unknown.
	Fallback func(ctx context.Context) (Backend, error)
	// Seed is the seed of the queries before the session has produced a
	// model: a model ((define-fun x () (_ BitVec 8) #x01) …) or get-value
	// pairs ((x #x01) …) giving Bool and bit-vector constants by name
	// (`--seed-model`; `(set-info :tandem-seed …)` replaces it).
	Seed string
	// Filename names the input in error messages (default "<stdin>").
	Filename string
	// Log receives the diagnostics a solver prints on its standard error
	// (a fallback that failed, a model that did not validate); nil discards.
	Log io.Writer
	// Version is what (get-info :version) answers.
	Version string
	// Boxes are the implementations of closed boxes (declare-cb,
	// declare-oracle-fun): a query over them is solved by SADHAK
	// (tandem/cbsolve). Without any, such queries are answered unknown.
	Boxes BoxOptions
}

// BoxOptions say where closed boxes' implementations come from and how
// long SADHAK may take per query (tandem smt --cb, --oracle-dir).
type BoxOptions struct {
	// Specs are NAME=IMPL specs (see cbox.Open); OracleDir is a
	// directory of Delphi oracles (see cbox.OpenAll).
	Specs     []string
	OracleDir string
	// Timeout bounds one query (default DefaultBoxTimeout), CallTimeout
	// one closed-box call (default DefaultBoxCallTimeout).
	Timeout, CallTimeout time.Duration
}

// Defaults of BoxOptions.
const (
	DefaultBoxTimeout     = 10 * time.Second
	DefaultBoxCallTimeout = time.Second
)

// Backend is the fallback solver: an incremental SMT-LIB session driven
// with print-success on, one response per command. *solver.Session is one.
type Backend interface {
	Batch(ctx context.Context, cmds ...string) ([]solver.Reply, error)
	Close() error
}

// SolverFallback returns an Options.Fallback that starts the profile's
// solver as an incremental solver.Session with models on; callTimeout
// bounds each query (zero: solver.DefaultCallTimeout), after which the
// solver is restarted with the live stack and the query answered unknown.
func SolverFallback(p *solver.Profile, callTimeout time.Duration) func(ctx context.Context) (Backend, error) {
	return func(ctx context.Context) (Backend, error) {
		s, err := solver.StartSession(ctx, p, solver.SessionOptions{Mode: solver.Mode{Models: true}, CallTimeout: callTimeout})
		if err != nil {
			return nil, err
		}
		return s, nil
	}
}

// Stats count what a session answered and where its time went.
type Stats struct {
	Queries int // check-sat and check-sat-assuming commands
	// FuzzSat and FuzzUnsat were answered by fuzzing (with a checked model,
	// with a proof).
	FuzzSat, FuzzUnsat int
	// CacheUnsat were answered unsat because their assertions include a
	// set proved unsat earlier in the session (the unsat cache);
	// RefuteUnsat by the in-process refuter (syntactic contradiction,
	// order cycles, intervals). Both are tried before fuzzing.
	CacheUnsat, RefuteUnsat int
	// SeedSat were answered sat because the seed (a recent model of the
	// session, see seed) satisfies every assertion, checked by the
	// evaluator, before fuzzing.
	SeedSat int
	// FallbackSat, FallbackUnsat and FallbackUnknown were answered by the
	// fallback solver; Unknown counts every unknown answer.
	FallbackSat, FallbackUnsat, FallbackUnknown, Unknown int
	// BoxSat and BoxUnsat were answered by SADHAK over closed boxes.
	BoxSat, BoxUnsat int
	// InvalidModels are fallback models the evaluator found false on an
	// assertion (answered unknown); UncheckedModels are fallback models it
	// could not decide (quantifiers, partial models, …; answered sat).
	InvalidModels, UncheckedModels int
	// FuzzTime and FallbackTime are the wall time spent fuzzing and waiting
	// for the fallback; RoundTrips the fallback batches sent.
	// ProveTime is the wall time spent in the unsat cache and the refuter.
	FuzzTime, FallbackTime, ProveTime time.Duration
	// FallbackCPU is the CPU time (user + system, whole process trees) of
	// the fallback's processes, ended and live, when the Backend reports it
	// (a solver.Session does): the fallback's share of tandem's tree.
	FallbackCPU time.Duration
	RoundTrips  int
	Errors      int // commands answered with an error
}

// InProcessUnsat counts the unsat answers tandem proved itself: fuzzing's
// proofs, the unsat cache and the refuter.
func (st Stats) InProcessUnsat() int { return st.FuzzUnsat + st.CacheUnsat + st.RefuteUnsat }

// InProcess counts the answers tandem gave without the fallback: fuzzing's
// checked models and the in-process unsat proofs.
func (st Stats) InProcess() int { return st.FuzzSat + st.SeedSat + st.InProcessUnsat() }

// LookupFallback resolves a fallback solver spec ("z3", "cvc5 --strings-exp",
// a profile of reg) into an Options.Fallback; "none" (or "") means no
// fallback. tandem itself is refused: it would start itself without end.
func LookupFallback(reg *solver.Registry, spec string, callTimeout time.Duration) (func(ctx context.Context) (Backend, error), error) {
	if spec == "" || spec == "none" {
		return nil, nil
	}
	p, err := reg.Lookup(spec)
	if err != nil {
		return nil, err
	}
	if p.Name == "tandem" {
		return nil, cli.Option("Fallback", fmt.Errorf("%s: tandem cannot fall back on itself; give a solver such as z3 or cvc5", spec))
	}
	if !p.Incremental() || p.Quirks.NoPrintSuccess {
		return nil, cli.Option("Fallback", fmt.Errorf("%s: solver %s has no interactive mode tandem can drive; use z3, cvc5 or cvc4", spec, p.Name))
	}
	return SolverFallback(p, callTimeout), nil
}

// Version is tandem's version as the Go build records it ("devel" for a
// build from a work tree).
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
