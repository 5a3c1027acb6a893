package cbsolve

import (
	"fmt"
	"io"
	"time"
)

// Mode is a solving strategy.
type Mode int

// The modes.
const (
	// CDFL is the conflict-driven fuzz loop (Algorithm 1 of the paper):
	// the fuzzer finds partial models of ω_fuzz, the SMT engine completes
	// them or returns a conflict whose translatable part joins ω_fuzz.
	CDFL Mode = iota
	// FuzzOnly fuzzes the whole formula at once (the paper's fuzz-only
	// mode, modelled on JFS): every assertion must be in the fuzzer's
	// theory.
	FuzzOnly
	// ActiveLearning is the paper's Strategy #1 as Delphi does it: solve
	// with closed boxes as uninterpreted functions, run them on the
	// model's arguments, add the input/output facts, repeat.
	ActiveLearning
)

var modeNames = [...]string{"cdfl", "fuzz-only", "active-learning"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// ParseMode reads a mode name.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (want cdfl, fuzz-only or active-learning)", s)
}

// Options control a solve. The zero value is the default: CDFL with z3,
// 60 s, every optimization on.
type Options struct {
	Mode Mode
	// SMT names the SMT engine's solver profile (default "z3"; "cvc5").
	SMT string
	// Timeout bounds the whole solve (default 60s): wall time, or with
	// TreeCPU the CPU time of tandem's process tree.
	Timeout time.Duration
	// TreeCPU makes Timeout a budget of the CPU time of tandem's process
	// tree (proc.SelfTreeCPU: tandem with its in-process boxes, the SMT
	// engine, exec boxes), so that the verdict within it does not depend
	// on the machine's load, and Wall a wall-clock safety limit besides
	// (for a box or an engine that waits without using CPU): what `tandem
	// solve` does, one solve per process. A server that runs many solves
	// in one process (smtserve) leaves it off: the tree's CPU is then not
	// one solve's, and Timeout is wall time.
	TreeCPU bool
	// Wall is TreeCPU's wall-clock safety limit (default
	// WallFactor×Timeout+WallSlack).
	Wall time.Duration
	// SMTCallTimeout bounds one check of the SMT engine (default: the time
	// left of Timeout). The pure-SMT pre-check of CDFL gets at most a
	// quarter of Timeout besides, so that a formula the engine cannot
	// decide still leaves the loop its time; a check that times out is an
	// "unknown" of that check, not of the solve.
	SMTCallTimeout time.Duration
	// Profiles is the solver profiles file that defines SMT (default: the
	// file solver.DefaultProfilesPath names, $TANDEM_SOLVERS first), read
	// as "tandem run" reads it.
	Profiles string
	// Seed seeds the fuzzer's random choices.
	Seed uint64

	// CBFacts adds, after every conflict, the input/output facts of the
	// closed-box calls of the partial model to ω_smt (CONVERTCBTOUF; the
	// paper's implementation has it off, §5.4). The progress guard adds
	// them anyway when a conflict brings nothing new to ω_fuzz.
	CBFacts bool
	// TabulateMax: a closed box whose whole domain has at most this many
	// argument tuples is run on all of them before solving and its table
	// given to the SMT engine as facts, so the engine reasons about its
	// real semantics (default 4096; negative: never). This is what proves
	// the small-domain instances (4-bit Delphi benchmarks) unsat.
	TabulateMax int
	// TableMax: a closed box whose domain has more than TabulateMax but
	// at most TableMax argument tuples (default 262144, 18 bits; negative,
	// or TabulateMax negative: never) is run on all of them before solving, and its table given
	// to the SMT engine as a decision diagram that defines its ground
	// applications (table.go). It is dropped, and the box left to the
	// loop, when running the box on its domain takes, or is projected by
	// the rate of its first calls to take, more than a quarter of Timeout.
	TableMax int
	// NoPrecheck skips the pure-SMT check of ω_smt before the loop.
	NoPrecheck bool
	// NoEquivalence turns off the equivalence-class and magic-byte
	// rewriting of ω_fuzz (§5.1), term-level classes included.
	NoEquivalence bool
	// FuzzSlice is the first time slice of a fuzz run (default 500ms;
	// negative: the whole time left, as the paper does). When a slice runs
	// out, the loop takes a few active-learning steps and fuzzes again
	// with twice the slice.
	FuzzSlice time.Duration
	// FuzzEvals, when positive, counts fuzz slices in executions instead
	// of time, so that a run with a given Seed is the same on every
	// machine (as long as Timeout does not cut it): the probe and the
	// first slice have FuzzEvals executions, and each later slice twice
	// the one before. Timeout still bounds the whole solve. In fuzz-only
	// mode it is the budget of the whole run.
	FuzzEvals int64
	// NoArgPurify keeps closed-box arguments as the terms they are,
	// instead of purifying them into fresh constants defined in ω_smt.
	NoArgPurify bool
	// NoPropose turns off the SMT engine's proposals: after each
	// conflict, a completion of the partial model's closed-box outputs
	// alone, checked by running the boxes (beyond the paper).
	NoPropose bool
	// NoSeedReuse turns off seeding each fuzz run with earlier partial
	// models (§5.2).
	NoSeedReuse bool
	// Probe is how long CDFL first fuzzes the whole formula, when all of
	// it is in the fuzzer's theory, before it starts the SMT engine
	// (default 100ms; negative: no probe). Easy satisfiable instances are
	// answered then in the fuzzer's milliseconds instead of after the SMT
	// engine's start and pre-check (beyond the paper).
	Probe time.Duration

	// NoSurrogates turns off the surrogate move of CDFL (surrogate.go):
	// boxes identified as a common operation (affine over GF(2) or
	// Z/2^w in their bits, split on the sign, an SMT-LIB binary
	// operation) defined by it in a one-shot check whose models are
	// validated with the real boxes.
	NoSurrogates bool

	// Trace, when set, receives one line per loop event.
	Trace io.Writer
}

// WallFactor and WallSlack give TreeCPU's default wall-clock safety
// limit: WallFactor×Timeout+WallSlack, room for a loaded machine on which
// a CPU second takes several wall seconds.
const (
	WallFactor = 3
	WallSlack  = 10 * time.Second
)

func (o Options) withDefaults() Options {
	if o.SMT == "" {
		o.SMT = "z3"
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if o.Wall <= 0 {
		o.Wall = WallFactor*o.Timeout + WallSlack
	}
	if o.FuzzSlice == 0 {
		o.FuzzSlice = 500 * time.Millisecond
	}
	if o.TabulateMax == 0 {
		o.TabulateMax = 4096
	}
	if o.TableMax == 0 {
		o.TableMax = 1 << 18
	}
	if o.Probe == 0 {
		o.Probe = 100 * time.Millisecond
	}
	return o
}
