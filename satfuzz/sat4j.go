package satfuzz

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"tandem/satfuzz/target/sat4j"
	"tandem/satfuzz/trace"
	"tandem/solver"
)

func init() {
	RegisterTarget("sat4j", func() (Target, error) { return &Sat4j{}, nil })
}

// Sat4j is the target of Sat4j 2.3.5's ISolver API (Debian sat4j): the Java
// driver satfuzz/target/sat4j/src/Driver.java, compiled with javac on first
// use and run with assertions on (-ea, as in the thesis) in its own JVM per
// trace, under the time limit and a heap of a quarter of the memory limit
// (the JVM reserves far more address space than it uses, so RLIMIT_AS is
// replaced by a peak-RSS check). Enumerating compares the internal
// (SearchEnumeratorListener) and external (ModelIterator) enumerators with
// the reference count. Sat4j 2.3.5's search listener has no hook for
// clauses used in conflict analysis without being learned (the thesis'
// Sat4j bug #176 fix), so no IDRUP listener is written here.
type Sat4j struct{}

// Name returns "sat4j".
func (*Sat4j) Name() string { return "sat4j" }

// Sat4jOptions is Sat4j 2.3.5's option model (Algorithm 2 of the thesis,
// restricted to what 2.3.5 has): a predefined solver of SolverFactory
// (without Parallel, which races; MinOneSolver, whose models are minimal;
// SATUNSAT; DimacsOutput and Statistics, which are not solvers), then,
// when the solver is a plain Solver, restarts, phase selection,
// simplification, learned-constraint evaluation, DB simplification,
// random walk and the VSIDS decay.
var Sat4jOptions = []OptionSpec{
	{Name: "solver", Kind: Enum, Values: []string{"MiniLearningHeapRsatExpSimpBiere", "MiniLearningHeap",
		"MiniLearningHeapEZSimp", "MiniLearningHeapExpSimp", "MiniLearningHeapRsatExpSimp",
		"MiniLearningHeapRsatExpSimpLuby", "Glucose21", "GreedySolver", "DefaultAutoErasePhaseSaving",
		"DefaultMS21PhaseSaving", "BestWL", "BestHT", "Best17", "Glucose", "MiniLearningHeapEZSimpNoRestarts",
		"MiniLearningHeapEZSimpLongRestarts", "MiniSATHeap", "MiniSATHeapEZSimp", "MiniSATHeapExpSimp",
		"Backjumping", "Default", "Light", "SAT", "UNSAT"}, Doc: "SolverFactory predefined solver"},
	{Name: "restarts", Kind: Enum, Values: []string{"ArminRestarts", "FixedPeriodRestarts", "Glucose21Restarts",
		"LubyRestarts", "MiniSATRestarts", "NoRestarts"}, Doc: "restart strategy"},
	{Name: "phase", Kind: Enum, Values: []string{"NegativeLiteralSelectionStrategy", "PhaseCachingAutoEraseStrategy",
		"PhaseInLastLearnedClauseSelectionStrategy", "PositiveLiteralSelectionStrategy",
		"RSATLastLearnedClausesPhaseSelectionStrategy", "RSATPhaseSelectionStrategy",
		"RandomLiteralSelectionStrategy", "UserFixedPhaseSelectionStrategy"}, Doc: "phase selection strategy"},
	{Name: "simplification", Kind: Enum, Values: []string{"NO_SIMPLIFICATION", "SIMPLE_SIMPLIFICATION", "EXPENSIVE_SIMPLIFICATION"}, Doc: "learned-clause simplification"},
	{Name: "learnedConstraintsEvaluation", Kind: Enum, Values: []string{"ACTIVITY", "LBD", "LBD2"}, Doc: "learned-constraint deletion"},
	{Name: "dbSimplification", Kind: Bool, Doc: "setDBSimplificationAllowed"},
	{Name: "randomWalk", Kind: Float, Min: 0, Max: 1, Doc: "random walk probability (VarOrderHeap only)"},
	{Name: "varDecay", Kind: Float, Min: 0, Max: 1, Doc: "VSIDS variable decay"},
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

// Run executes the trace in a JVM.
func (j *Sat4j) Run(ctx context.Context, t *trace.Trace, lim Limits) (*Result, error) {
	lim = lim.withDefaults()
	if err := checkOptions(Sat4jOptions, t.Options()); err != nil {
		return &Result{Error: "option: " + err.Error()}, nil
	}
	dir, err := j.Driver(ctx)
	if err != nil {
		return nil, err
	}
	argv := []string{"java", "-ea", fmt.Sprintf("-Xmx%dm", lim.Memory/4>>20), "-XX:+UseSerialGC",
		"-XX:TieredStopAtLevel=1", "-cp", sat4j.Jar + ":" + dir, "Driver"}
	return runDriver(ctx, "sat4j", argv, t, solver.Limits{Wall: lim.Time, Memory: -lim.Memory})
}
