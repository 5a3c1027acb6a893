package diver

import (
	"fmt"
	"time"
)

// Mode selects the variant of the algorithm, as in the paper's ablation
// (Fig. 3, §V-D).
type Mode string

// The modes.
const (
	// ModeDiver is the full algorithm: weighted target selection and
	// Complicate.
	ModeDiver Mode = "diver"
	// ModeNoWeight picks the target subterm uniformly ("No-Weighted").
	ModeNoWeight Mode = "noweight"
	// ModeNoComp never applies Complicate ("No-Complicate").
	ModeNoComp Mode = "nocomp"
)

// Options configure DIVER. Zero fields take the defaults below; every
// constant that comes from the paper names its section.
type Options struct {
	// Solver is the solver spec under test, e.g. "z3 model_validate=true"
	// or "cvc5 --strings-exp" (see `tandem solvers`). Default "z3".
	Solver string `json:"solver,omitempty"`
	// ModelFrom is a reference solver spec whose model of each seed is
	// used as M instead of the tested solver's ("" : the solver under
	// test, as in Alg. 1).
	ModelFrom string `json:"model_from,omitempty"`
	// Seeds are SMT-LIB files or directories (searched for *.smt2). With
	// none, built-in seeds are generated (see BuiltinSeed).
	Seeds []string `json:"seeds,omitempty"`
	// Logics restricts built-in seeds (and file seeds, by their set-logic)
	// to these logics. Default for built-in seeds: BuiltinLogics.
	Logics []string `json:"logics,omitempty"`
	// Timeout is the solver's CPU-time limit per run (wall time is only a
	// hang detector, see HangFactor), and the ceiling of the adaptive
	// per-mutant limit (see FixedTimeout). Paper §V-A: 10 s.
	Timeout time.Duration `json:"timeout,omitempty"`
	// SeedTimeout is the limit for getting a seed's model. Paper §V-A drops
	// seeds not decided in 15 s.
	SeedTimeout time.Duration `json:"seed_timeout,omitempty"`
	// Mutants is n of Alg. 1, the satisfiable mutants generated per seed,
	// i.e. per campaign iteration. Paper Alg. 1: 1000.
	Mutants int `json:"mutants,omitempty"`
	// Tries is how many random terms GenMutant tries for one target before
	// giving up (⊥). Paper Alg. 3: 50.
	Tries int `json:"tries,omitempty"`
	// MaxDepth is the depth limit of the random term generator. Artifact:
	// 5 (paper §IV-B: "5 expansion steps").
	MaxDepth int `json:"max_depth,omitempty"`
	// ComplicateProb is the probability that an accepted mutant goes
	// through Complicate. Not fixed by the paper; the artifact flips a
	// fair coin: 0.5.
	ComplicateProb float64 `json:"complicate_prob,omitempty"`
	// MaxFresh is the largest number of occurrences Complicate replaces by
	// fresh variables. Artifact: min(3, #vars+consts).
	MaxFresh int `json:"max_fresh,omitempty"`
	// FreshRange is the half-width of the random bound the artifact gives
	// a fresh variable when the pre-analysis range is unbounded on both
	// sides. Artifact: r uniform in about [-50, 51].
	FreshRange int64 `json:"fresh_range,omitempty"`
	// IntLiteralRange: random Int literals are drawn from [-R, R].
	// Artifact: 20.
	IntLiteralRange int64 `json:"int_literal_range,omitempty"`
	// NegateLeafProb is the probability that a numeric leaf is negated
	// with (- t). Artifact: 1/5.
	NegateLeafProb float64 `json:"negate_leaf_prob,omitempty"`
	// OptionFuzzProb is the probability that a mutant is solved with one or
	// two extra options from SolverOptions instead of the default mode.
	// Paper §V-A runs "in the default mode or with up to two options" and
	// does not give the split; 0.5 here.
	OptionFuzzProb float64 `json:"option_fuzz_prob,omitempty"`
	// SolverOptions are the options fuzzed (default: the FuzzOptions of
	// the solver's profile, paper §V-A and the artifact's
	// smt.string_solver=z3str3 and --no-strings-lazy-pp among them). Set
	// NoOptionFuzz to turn fuzzing off.
	SolverOptions []string `json:"solver_options,omitempty"`
	// NoOptionFuzz runs every mutant in the solver's default mode.
	NoOptionFuzz bool `json:"no_option_fuzz,omitempty"`
	// NoSpec turns off the solver-specific operator pools (--nospec).
	NoSpec bool `json:"nospec,omitempty"`
	// SelfCheck adds the solver's own model check (z3 model_validate=true,
	// cvc5 --check-models), the artifact's invalid-model detector.
	// Default on; tandem evaluates every model itself as well.
	NoSelfCheck bool `json:"no_self_check,omitempty"`
	// Mode is diver, noweight or nocomp (paper Fig. 3). Default diver.
	Mode Mode `json:"mode,omitempty"`
	// MaxNodes skips seeds whose expanded formula tree has more nodes
	// (lets expanded can blow a DAG up). Not in the paper; 20000.
	MaxNodes int `json:"max_nodes,omitempty"`
	// MaxSeedBytes skips larger seed files. Paper §V-A: 200 KB.
	MaxSeedBytes int64 `json:"max_seed_bytes,omitempty"`
	// ErrorDir, when set, receives the mutants the solver answered with
	// an error or a model tandem could not read, with the solver's output,
	// at most MaxErrorFiles per kind of error (default: the environment
	// variable TANDEM_DIVER_ERRORS; `tandem diver` sets OUT/errors). For
	// explaining the error counters; not a finding.
	ErrorDir string `json:"error_dir,omitempty"`
	// OneShot solves every mutant in a solver process of its own (the
	// paper's and the artifact's way; --one-shot). The default runs the
	// mutants of a seed in an incremental session: the seed's
	// declarations once, then per mutant (push 1), its fresh
	// declarations and assertions, check-sat, get-model, (pop 1), one
	// pipelined write. A session is restarted after a crash or timeout
	// and after SessionMutants mutants; every finding is re-verified in
	// a fresh one-shot process (and, failing that, in a fresh session)
	// before it is reported, and says which mode shows it. Seeds a
	// session cannot run (see incrementalRefusal) go one-shot. Option
	// fuzzing then draws one option set per iteration (each mutant runs
	// in the default mode or with that set, OptionFuzzProb), so an
	// iteration needs two sessions, not one per mutant.
	OneShot bool `json:"one_shot,omitempty"`
	// SessionMutants is how many mutants one solver process of a session
	// solves before it is replaced by a fresh one (bounds the state a
	// long-lived process accumulates). Not in the paper; 500.
	SessionMutants int `json:"session_mutants,omitempty"`
	// Session is how an incremental session runs each mutant: "push" (a
	// push/pop scope over the seed's declarations), "reset" ((reset) and
	// the whole mutant script in the same process: the solver's
	// non-incremental strategy without a process start), or "auto" (the
	// default): each seed's first mutants alternate the two and the rest
	// use the one that cost the solver less CPU (ProbeMutants).
	Session SessionStyle `json:"session,omitempty"`
	// FixedTimeout gives every mutant the whole Timeout (--fixed-timeout,
	// the paper's behaviour). By default a mutant gets the adaptive CPU
	// limit clamp(LimitFactor × ref, LimitFloor, Timeout), where ref is the
	// largest solver CPU of the seed's own model run (when the solver
	// under test gave it) and of the seed's mutants answered so far (see
	// mutantLimit). A mutant stopped below Timeout is "cut" (counter
	// mutant_cut), not a timeout; findings are always re-verified with
	// the whole Timeout.
	FixedTimeout bool `json:"fixed_timeout,omitempty"`
	// LimitFactor is F of the adaptive limit: how many times the seed's
	// costliest answer so far a mutant may cost. Not in the paper; 10
	// (docs/diver.md, "Adaptive mutant limit").
	LimitFactor float64 `json:"limit_factor,omitempty"`
	// LimitFloor is the least adaptive limit, so that a seed whose answers
	// cost microseconds does not cut mutants that cost a few
	// milliseconds. Not in the paper; 200 ms.
	LimitFloor time.Duration `json:"limit_floor,omitempty"`
	// RecheckCuts (measurement only, bench/diver) runs every cut mutant
	// again the same way with the whole Timeout and counts what it
	// answers then (counters "cut recheck: STATUS", cut_recheck_cpu_us):
	// the answers the adaptive limit lost. The re-run decides nothing
	// (the mutant stays cut), so the same mutants are generated.
	RecheckCuts bool `json:"recheck_cuts,omitempty"`
	// NoUnsatSeeds skips the seeds the solver answers unsat, as DIVER did
	// before its unsat oracle (see unsat.go and docs/diver.md, "Unsat
	// seeds").
	NoUnsatSeeds bool `json:"no_unsat_seeds,omitempty"`
	// NoSolver generates and checks mutants without running any solver
	// (for measuring the harness); every accepted mutant counts as sat.
	NoSolver bool `json:"no_solver,omitempty"`
}

// Paper defaults.
const (
	DefaultTimeout        = 10 * time.Second       // §V-A
	DefaultSeedTimeout    = 15 * time.Second       // §V-A
	DefaultMutants        = 1000                   // Alg. 1, n
	DefaultTries          = 50                     // Alg. 3
	DefaultMaxDepth       = 5                      // §IV-B, artifact
	DefaultComplicateProb = 0.5                    // artifact
	DefaultMaxFresh       = 3                      // artifact
	DefaultFreshRange     = 50                     // artifact
	DefaultIntRange       = 20                     // artifact
	DefaultNegateLeaf     = 0.2                    // artifact
	DefaultOptionFuzz     = 0.5                    // §V-A leaves it open
	DefaultMaxNodes       = 20000                  // tandem
	DefaultSessionMutants = 500                    // tandem
	DefaultMaxSeedBytes   = 200 << 10              // §V-A
	DefaultLimitFactor    = 10                     // tandem, docs/diver.md
	DefaultLimitFloor     = 200 * time.Millisecond // tandem, docs/diver.md
	// RealStrictGap is n of Table I's ≥ rule for Real: 10⁻⁶ (paper §IV-A).
	RealStrictGap = "1/1000000"
	// WideInterval: a finite interval at least this wide scores 1.0
	// (paper §IV-B scores).
	WideInterval = 1000
)

func (o Options) withDefaults() (Options, error) {
	if o.Solver == "" {
		o.Solver = "z3"
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.SeedTimeout <= 0 {
		o.SeedTimeout = DefaultSeedTimeout
	}
	if o.Mutants <= 0 {
		o.Mutants = DefaultMutants
	}
	if o.Tries <= 0 {
		o.Tries = DefaultTries
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.ComplicateProb == 0 {
		o.ComplicateProb = DefaultComplicateProb
	}
	if o.MaxFresh <= 0 {
		o.MaxFresh = DefaultMaxFresh
	}
	if o.FreshRange <= 0 {
		o.FreshRange = DefaultFreshRange
	}
	if o.IntLiteralRange <= 0 {
		o.IntLiteralRange = DefaultIntRange
	}
	if o.NegateLeafProb == 0 {
		o.NegateLeafProb = DefaultNegateLeaf
	}
	if o.OptionFuzzProb == 0 {
		o.OptionFuzzProb = DefaultOptionFuzz
	}
	if o.SessionMutants <= 0 {
		o.SessionMutants = DefaultSessionMutants
	}
	if o.LimitFactor <= 0 {
		o.LimitFactor = DefaultLimitFactor
	}
	if o.LimitFloor <= 0 {
		o.LimitFloor = DefaultLimitFloor
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.MaxSeedBytes <= 0 {
		o.MaxSeedBytes = DefaultMaxSeedBytes
	}
	switch o.Session {
	case "":
		o.Session = SessionAuto
	case SessionAuto, SessionPush, SessionReset:
	default:
		return o, fmt.Errorf("diver: session %q: want auto, push or reset", o.Session)
	}
	switch o.Mode {
	case "":
		o.Mode = ModeDiver
	case ModeDiver, ModeNoWeight, ModeNoComp:
	default:
		return o, fmt.Errorf("diver: mode %q: want diver, noweight or nocomp", o.Mode)
	}
	if o.ComplicateProb < 0 || o.ComplicateProb > 1 || o.OptionFuzzProb < 0 || o.OptionFuzzProb > 1 {
		return o, fmt.Errorf("diver: probabilities must be in [0,1]")
	}
	return o, nil
}
