package bandit

import "time"

// Every constant of the algorithm, with the paper's value and section
// (Scott, Mora, Ganesh: "BanditFuzz: Fuzzing SMT Solvers with
// Reinforcement Learning"; digest ../shared/papers/digests/banditfuzz.md).
// Where the paper is silent the choice is tandem's and docs/bandit.md says
// why.
const (
	// DefaultFPEB and DefaultFPSB are the FP sort: Float64, (_ FloatingPoint
	// 11 53), as in §4.2 ("64-bit floating point").
	DefaultFPEB = 11
	DefaultFPSB = 53
	// DefaultBVWidth is the bit width of the QF_BV grammar (beyond the
	// paper).
	DefaultBVWidth = 8

	// DefaultVars is the number of free variables. The paper does not
	// give it (digest §5.5); the worked example of §4.2 has two.
	DefaultVars = 2
	// DefaultMinAsserts and DefaultMaxAsserts: the bug experiments use
	// 3–5 assertions (§5.2); the same range is used for performance.
	DefaultMinAsserts = 3
	DefaultMaxAsserts = 5
	// DefaultMinDepth and DefaultMaxDepth: depth 2–4 in the bug
	// experiments (§5.2). Depth as in the §4.2 example: predicate at 0.
	DefaultMinDepth = 2
	DefaultMaxDepth = 4
	// DefaultSpecialProb is the share of leaves that are special constants
	// and DefaultLiteralProb that of random literals (the paper does not
	// list its constants; tandem's choice, docs/bandit.md).
	DefaultSpecialProb = 0.15
	DefaultLiteralProb = 0.15
	// DefaultStringLiteralMax, DefaultStringAlphabet and
	// DefaultIntLiteralMax bound string and integer literals (StringFuzz's
	// generator is reused in the paper; these are tandem's).
	DefaultStringLiteralMax = 3
	DefaultStringAlphabet   = 3
	DefaultIntLiteralMax    = 5

	// DefaultEpsilon is ε of the ε-greedy agent: 0.33 in the BanditFuzz
	// code (the paper names no value).
	DefaultEpsilon = 0.33
	// ParMultiplier is the PAR-2 penalty: a timeout counts as 2·timeout
	// (§5.1, SAT competition PAR-2). The BanditFuzz code uses 3.
	ParMultiplier = 2
	// MaxReselect is how often a step re-selects an arm after a failed or
	// repeated mutation before falling back to a fresh instance (5 in the
	// BanditFuzz code; not in the paper).
	MaxReselect = 5

	// DefaultPerfTimeout is the per-query timeout of performance runs: the
	// paper uses 2500 s (§5.1); 5 s here (scaled down, 2 shared cores).
	DefaultPerfTimeout = 5 * time.Second
	// DefaultBugTimeout is the per-query timeout of bug runs: 60 s in
	// §5.2; 5 s here.
	DefaultBugTimeout = 5 * time.Second
	// DefaultPerfBudget is one performance run's budget: 24 h in §5.1;
	// 10 minutes here.
	DefaultPerfBudget = 10 * time.Minute
	// DefaultQueries is a bug run's query budget: 20,000 in §5.2.
	DefaultQueries = 20000

	// EvolutionaryPopulation and EvolutionarySurvivors are the
	// evolutionary baseline's population (10) and the inputs kept per
	// generation (4), §5.1. The paper does not say how many fresh inputs
	// a generation adds; tandem fills the population back up to 10.
	EvolutionaryPopulation = 10
	EvolutionarySurvivors  = 4

	// WallFactor is the wall-clock limit of one solver run in timeouts:
	// the CPU limit (= the timeout) decides a timeout; the wall limit only
	// stops a solver that gets less than 1/WallFactor of a core (or
	// sleeps), and such a run is inconclusive, not a timeout.
	WallFactor = 2
	// InconclusiveCPU is the fraction of the timeout below which a run
	// stopped by the wall limit used too little CPU to count as a timeout.
	InconclusiveCPU = 0.9
	// InconclusiveRetries is how often Solve re-runs a solver whose run
	// was inconclusive before it gives up (the outcome stays inconclusive).
	InconclusiveRetries = 2
	// DefaultConfirm is k: every best input of a performance run is run k
	// more times and scored by the median before it is reported.
	DefaultConfirm = 3
)
