package fuzzysat

import (
	"time"
)

// Options are every tunable of FUZZY-SAT in one place. Each field says its
// default, where the paper (Borzacchiello, Coppa, Demetrescu, ICSE'21) or
// its public code (season-lab/fuzzy-sat, lib/z3-fuzzy.c, marked [code])
// takes it from, and why it differs when it does. The zero value of a
// field means its default; [DefaultOptions] spells them out.
type Options struct {
	// Timeout bounds one query (default 1s: the paper's comparison tool and
	// Fuzzolic give FUZZY-SAT 1000 ms per query, §V-A [code]).
	Timeout time.Duration
	// MaxEvals bounds the evaluations of one query (default 0: no bound;
	// the time budget decides). A bound makes a run independent of the
	// machine's speed.
	MaxEvals int64
	// Seed seeds the random choices of havoc; the same seed, query and
	// assignment give the same run.
	Seed uint64

	// Optimistic asks for an optimistic answer when the query is not
	// solved: an assignment that satisfies the branch condition only
	// (Algorithm 1, lines 16-18; QSYM's optimistic solving).
	Optimistic bool
	// NoReuse turns off phase 2, trying earlier solutions of this Solver
	// [code: PHASE_reuse, not in the paper].
	NoReuse bool
	// MaxReuse is how many earlier solutions phase 2 tries, most recent
	// first (default 64; the code keeps every test case of its test_dir —
	// bounded here so a long session does not slow every query down).
	MaxReuse int
	// NoMultigoal turns off the multi-goal strategy (Algorithm 1, 5-14).
	NoMultigoal bool
	// FreezeNeighbours turns on multi-goal's first step in the public
	// code, trying the 255 values after the best candidate's on the
	// branch's group (default off, as in the code, skip_freeze_neighbours
	// = 1: on the SAGE queries it solved none for a tenth of the search
	// time; not in the paper).
	FreezeNeighbours bool
	// Skip turns phases off (ablation, and the tests that show a phase
	// alone solves a query).
	Skip PhaseSet
	// NoGiveUp runs every phase even when none can succeed: after an
	// exhaustive phase tried every value of the branch's mutable bytes,
	// when π pins every one of them, and when the branch condition is
	// false for every input (see docs/fuzzysat.md; the code gives up
	// after its brute forces too, less carefully). For ablation.
	NoGiveUp bool

	// BruteForceMax is the largest interval the range brute-force phases
	// enumerate exhaustively (default 2048, §III-C.2); wider ones try their
	// minimum and maximum only.
	BruteForceMax uint64
	// BruteForceOptMax is the interval width under which the optimistic
	// range brute force enumerates every group of the branch (default 512,
	// §III-C.2 and [code] "range brute force opt").
	BruteForceOptMax uint64
	// MaxConstants bounds the interesting constants kept per expression
	// (default 256; the paper gives no bound, §III-B.4).
	MaxConstants int
	// GDMaxEpochs bounds the gradient-descent epochs (default 1000 [code]).
	GDMaxEpochs int
	// GDRestarts is how many random restarts gradient descent makes after
	// reaching a local minimum that is not a solution (default 2; the code
	// stops at the first local minimum — a couple of restarts is cheap
	// next to havoc and helps the MIN/MAX primitives).
	GDRestarts int
	// AFLArithMax is the largest ±delta of the deterministic arith
	// mutations (default 35, AFL's ARITH_MAX, §III-C.5).
	AFLArithMax int
	// HavocPerInput is the havoc iterations per input byte of the branch
	// (default 20: k = 20·n_i, §III-C.6 and [code]).
	HavocPerInput int
	// HavocMin is the least number of havoc iterations (default 100, the
	// paper's k = max{100, 20·n_i}; the code has no minimum — we follow the
	// paper since the minimum costs ~100 evaluations, a few microseconds).
	HavocMin int
	// HavocMax caps the havoc iterations (default 1000, one variant of the
	// code; the paper has no cap).
	HavocMax int
	// HavocStackPow: each havoc iteration stacks 1 << (1 + rand(HavocStackPow))
	// mutations (default 7, AFL's HAVOC_STACK_POW2 and [code] UR(7)).
	HavocStackPow int
	// DigestMax bounds the digest set of tried assignments of one query
	// (default 1<<20 entries, about 40 MB at worst); once full, new
	// assignments are evaluated without being remembered.
	DigestMax int
	// MaxValues bounds the values AllValues collects (default 4096; the
	// paper gives no bound).
	MaxValues int
	// NoVerify skips the final exact re-check of a sat answer by the
	// interpreter (needed only when constraints call closed boxes the
	// interpreter cannot run).
	NoVerify bool
	// InterpreterChecks runs the seed phase and the re-checks of sat
	// answers on the interpreter, eval's reference semantics, instead of
	// the compiled programs (which eval tests against it): slower, for
	// when an answer must not rest on the compiled evaluator.
	InterpreterChecks bool
	// Fallback, when set, is asked after the fuzzing phases fail (the
	// portfolio of §VII's future work: fuzz first within the budget, then a
	// complete solver).
	Fallback Fallback
	// FallbackTimeout bounds the fallback solver per query (default 10s,
	// QSYM's and the paper's Z3 timeout).
	FallbackTimeout time.Duration
}

// DefaultOptions are the defaults, spelled out.
func DefaultOptions() Options {
	return Options{}.withDefaults()
}

func (o Options) withDefaults() Options {
	def := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	if o.Timeout <= 0 {
		o.Timeout = time.Second
	}
	def(&o.MaxReuse, 64)
	if o.BruteForceMax == 0 {
		o.BruteForceMax = 2048
	}
	if o.BruteForceOptMax == 0 {
		o.BruteForceOptMax = 512
	}
	def(&o.MaxConstants, 256)
	def(&o.GDMaxEpochs, 1000)
	if o.GDRestarts == 0 {
		o.GDRestarts = 2
	}
	def(&o.AFLArithMax, 35)
	def(&o.HavocPerInput, 20)
	def(&o.HavocMin, 100)
	def(&o.HavocMax, 1000)
	def(&o.HavocStackPow, 7)
	def(&o.DigestMax, 1<<20)
	def(&o.MaxValues, 4096)
	if o.FallbackTimeout <= 0 {
		o.FallbackTimeout = 10 * time.Second
	}
	return o
}
