package satfuzz

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"tandem/satfuzz/target/sat4j"
	"tandem/satfuzz/trace"
	"tandem/solver"
)

func init() {
	RegisterTarget("sat4j", func() (Target, error) {
		return &Sat4j{Fresh: os.Getenv("TANDEM_SAT4J_FRESH") == "1"}, nil
	})
}

// Sat4j is the target of Sat4j 2.3.5's ISolver API (Debian sat4j): the Java
// driver satfuzz/target/sat4j/src/Driver.java, compiled with javac on first
// use and run with assertions on (-ea, as in the thesis), under the time
// limit and a heap of a quarter of the memory limit (the JVM reserves far
// more address space than it uses, so there is no RLIMIT_AS).
//
// Traces run on warm JVMs (the driver's serve mode, see jvmPool): a JVM
// start costs about half a second, more than most traces, so, as the
// thesis batched traces per JVM launch, each JVM runs trace after trace,
// every one from fresh driver state, and goes back to a pool of idle JVMs
// after a clean end. A timeout, a crash or a memory-out ends the JVM; every
// jvmRecycle traces it is replaced. Close ends the idle JVMs. With Fresh
// (or TANDEM_SAT4J_FRESH=1 in the environment of the registered target)
// every trace runs in a JVM of its own instead, as before, under a peak-RSS
// check of the memory limit.
//
// Enumerating compares the internal (SearchEnumeratorListener) and external
// (ModelIterator) enumerators with the reference count. Sat4j 2.3.5's
// search listener has no hook for clauses used in conflict analysis without
// being learned (the thesis' Sat4j bug #176 fix), so no IDRUP listener is
// written here.
type Sat4j struct {
	// Fresh runs every trace in a new JVM.
	Fresh bool

	mu    sync.Mutex
	pools map[string]*jvmPool // by java command line (the heap follows the memory limit)
}

// Name returns "sat4j".
func (*Sat4j) Name() string { return "sat4j" }

// Sat4jOptions is Sat4j 2.3.5's option model (Algorithm 2 of the thesis,
// extended to every configurable component of 2.3.5's Solver; the coverage
// table is in docs/satfuzz.md): a predefined solver of SolverFactory
// (without Parallel, which races; SATUNSAT, which runs two solvers in
// threads; DimacsOutput and Statistics, which are not solvers; MinOneSolver
// is the decorator MinOne below), then, when the solver is a plain Solver,
// its data-structure factory, search parameters, variable order (VSIDS
// heap, PureOrder with its period, tabu list), phase selection, random walk,
// VSIDS decay, learning strategy, restarts, learned-clause simplification,
// learned-constraint deletion, DB simplification and keeping the solver hot;
// last a decorator around whatever solver that is. The driver applies them
// in that fixed order (satfuzz/target/sat4j/src/Driver.java, configure).
var Sat4jOptions = []OptionSpec{
	{Name: "solver", Kind: Enum, Values: []string{"MiniLearningHeapRsatExpSimpBiere", "MiniLearningHeap",
		"MiniLearningHeapEZSimp", "MiniLearningHeapExpSimp", "MiniLearningHeapRsatExpSimp",
		"MiniLearningHeapRsatExpSimpLuby", "Glucose21", "GreedySolver", "DefaultAutoErasePhaseSaving",
		"DefaultMS21PhaseSaving", "BestWL", "BestHT", "Best17", "Glucose", "MiniLearningHeapEZSimpNoRestarts",
		"MiniLearningHeapEZSimpLongRestarts", "MiniSATHeap", "MiniSATHeapEZSimp", "MiniSATHeapExpSimp",
		"Backjumping", "Default", "Light", "SAT", "UNSAT"}, Doc: "SolverFactory predefined solver"},
	{Name: "dataStructure", Kind: Enum, Values: []string{"ClausalDataStructureWL", "MixedDataStructureDanielHT",
		"MixedDataStructureDanielWL", "MixedDataStructureSingleWL", "CardinalityDataStructure",
		"CardinalityDataStructureYanMin", "CardinalityDataStructureYanMax"}, Doc: "data-structure factory (setDataStructureFactory)"},
	{Name: "claDecay", Kind: Float, Min: 0.9, Max: 1, Doc: "SearchParams clause activity decay (default 0.999; the thesis' range)"},
	{Name: "initConflictBound", Kind: Int, Min: 1, Max: 1000, Doc: "SearchParams first restart bound of MiniSATRestarts (default 100)"},
	{Name: "conflictBoundIncFactor", Kind: Float, Min: 1, Max: 3, Doc: "SearchParams growth of the MiniSATRestarts bound (default 1.5; the thesis draws from 0, but below 1 the bound shrinks to restarts at every conflict, which never ends, as FixedPeriodRestarts' period 0)"},
	{Name: "order", Kind: Enum, Values: []string{"VarOrderHeap", "PureOrder", "TabuListDecorator"}, Doc: "variable order (the solver's phase selection is kept)"},
	{Name: "purePeriod", Kind: Int, Min: 0, Max: 100, Doc: "PureOrder: decisions between pure-literal checks (default 20; the thesis' range 0..100)"},
	{Name: "tabuSize", Kind: Int, Min: 1, Max: 100, Doc: "TabuListDecorator: size of the tabu list (default 10)"},
	{Name: "phase", Kind: Enum, Values: []string{"NegativeLiteralSelectionStrategy", "PhaseCachingAutoEraseStrategy",
		"PhaseInLastLearnedClauseSelectionStrategy", "PositiveLiteralSelectionStrategy",
		"RSATLastLearnedClausesPhaseSelectionStrategy", "RSATPhaseSelectionStrategy",
		"RandomLiteralSelectionStrategy", "UserFixedPhaseSelectionStrategy"}, Doc: "phase selection strategy"},
	{Name: "randomWalk", Kind: Float, Min: 0, Max: 1, SlowFrom: 0.7, Doc: "random walk probability (VarOrderHeap and PureOrder only)"},
	{Name: "varDecay", Kind: Float, Min: 0, Max: 1, Doc: "VSIDS variable decay"},
	{Name: "learning", Kind: Enum, Values: []string{"MiniSATLearning", "ActiveLearning", "ClauseOnlyLearning",
		"FixedLengthLearning", "PercentLengthLearning", "NoLearningButHeuristics", "NoLearningNoHeuristics"},
		SlowValues: []string{"NoLearningButHeuristics", "NoLearningNoHeuristics"}, Doc: "learning strategy (setLearningStrategy)"},
	{Name: "learningLimit", Kind: Int, Min: 1, Max: 100, Doc: "FixedLengthLearning's maximal length, PercentLengthLearning's percentage of the variables, ActiveLearning's activity percentage"},
	{Name: "restarts", Kind: Enum, Values: []string{"ArminRestarts", "FixedPeriodRestarts", "Glucose21Restarts",
		"LubyRestarts", "MiniSATRestarts", "NoRestarts"}, Doc: "restart strategy"},
	{Name: "restartPeriod", Kind: Int, Min: 1, Max: 10000, Doc: "conflicts between FixedPeriodRestarts restarts (default 100; its constructor leaves 0, which never ends)"},
	{Name: "lubyFactor", Kind: Int, Min: 1, Max: 1000, Doc: "LubyRestarts: conflicts per Luby unit (default 32)"},
	{Name: "simplification", Kind: Enum, Values: []string{"NO_SIMPLIFICATION", "SIMPLE_SIMPLIFICATION", "EXPENSIVE_SIMPLIFICATION",
		"EXPENSIVE_SIMPLIFICATION_WLONLY"}, Doc: "learned-clause simplification (the last is a Solver field, not in the enum; the thesis' #180)"},
	{Name: "learnedConstraintsEvaluation", Kind: Enum, Values: []string{"ACTIVITY", "LBD", "LBD2"}, Doc: "learned-constraint deletion"},
	{Name: "deletion", Kind: Enum, Values: []string{"memory_based", "glucose", "fixedSize"}, Doc: "learned-constraint deletion strategy object (overrides learnedConstraintsEvaluation)"},
	{Name: "deletionSize", Kind: Int, Min: 1, Max: 10000, Doc: "fixedSize deletion: learned constraints kept (default 1000 here)"},
	{Name: "dbSimplification", Kind: Bool, Doc: "setDBSimplificationAllowed"},
	{Name: "keepSolverHot", Kind: Bool, Doc: "setKeepSolverHot: keep heuristics and learned clauses between solves"},
	{Name: "decorator", Kind: Enum, Values: []string{"none", "MinOne", "Minimal4CardinalityModel",
		"Minimal4InclusionModel", "ClausalCardinalitiesDecorator"},
		SlowValues: []string{"MinOne", "Minimal4CardinalityModel", "Minimal4InclusionModel"}, Doc: "wrapper around the solver: MinOne is SolverFactory's MinOneSolver (OptToSatAdapter of MinOneDecorator); minimal models are still models"},
}

// Options returns Sat4jOptions.
func (*Sat4j) Options() []OptionSpec { return Sat4jOptions }

// Driver compiles the driver (once) and returns its class directory.
func (*Sat4j) Driver(ctx context.Context) (string, error) {
	return cachedBuild(ctx, "sat4j", sat4j.Source, func(ctx context.Context, dir string) error {
		if err := os.WriteFile(filepath.Join(dir, "Driver.java"), sat4j.Source, 0o644); err != nil {
			return err
		}
		return runCmd(ctx, dir, "javac", "-nowarn", "-cp", sat4j.Jar, "-d", dir, "Driver.java")
	})
}

// sat4jJava are the JVM's flags: assertions on, a serial collector (one
// driver per worker, no GC threads competing with the solver), only the C1
// compiler (C2's compile threads cost more than they win on these short
// traces, even in a warm JVM: see docs/satfuzz.md), and the JVM's own
// warnings on stderr, where they cannot be taken for answers.
func sat4jJava(lim Limits, dir string) []string {
	return []string{"java", "-ea", fmt.Sprintf("-Xmx%dm", lim.Memory/4>>20), "-XX:+UseSerialGC",
		"-XX:TieredStopAtLevel=1", "-XX:+DisplayVMOutputToStderr", "-cp", sat4j.Jar + ":" + dir, "Driver"}
}

// Run executes the trace on a warm JVM of the pool, or in a JVM of its own
// when j.Fresh.
func (j *Sat4j) Run(ctx context.Context, t *trace.Trace, lim Limits) (*Result, error) {
	lim = lim.withDefaults()
	if err := checkOptions(Sat4jOptions, t.Options()); err != nil {
		return &Result{Error: "option: " + err.Error()}, nil
	}
	dir, err := j.Driver(ctx)
	if err != nil {
		return nil, err
	}
	argv := sat4jJava(lim, dir)
	var res *Result
	if j.Fresh {
		res, err = runDriver(ctx, "sat4j", argv, t, solver.Limits{CPU: lim.Time, Wall: WallFactor * lim.Time, Memory: -lim.Memory})
	} else {
		res, err = j.pool(append(argv, "serve")).run(ctx, t, lim.Time)
	}
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(res.Error, "java.lang.OutOfMemoryError") {
		// The heap limit, not a bug (the serve mode ends such a JVM with
		// status 3 and says memout itself).
		res.Memout, res.Error = true, ""
	}
	return res, nil
}

func (j *Sat4j) pool(argv []string) *jvmPool {
	key := strings.Join(argv, "\x00")
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.pools == nil {
		j.pools = map[string]*jvmPool{}
	}
	p := j.pools[key]
	if p == nil {
		p = newJVMPool(argv)
		j.pools[key] = p
	}
	return p
}

// Close ends the target's warm JVMs (a trace running on one reports an
// error). A later Run starts new ones.
func (j *Sat4j) Close() error {
	j.mu.Lock()
	ps := make([]*jvmPool, 0, len(j.pools))
	for _, p := range j.pools {
		ps = append(ps, p)
	}
	j.mu.Unlock()
	for _, p := range ps {
		p.Close()
	}
	return nil
}
